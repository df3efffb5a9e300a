import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { formatDate, isIsoDate, todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import type { FocusEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocaleTag } from '../i18n/language';
import { useLanguage } from '../i18n/useLanguage';
import { displayTimeZone, readDate } from './dates';

type DateTextInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (text: string) => void;
  /** Called with the completed date (or null when emptied) when the person leaves the field or presses Enter. */
  onCommit?: (isoDate: string | null) => void;
};

/**
 * A date typed the Norwegian way: "5" becomes the 5th of this month, "0503" the 5th of March, eight
 * digits DD.MM.YYYY. The text is completed on leaving the field; a calendar is one click away.
 */
export function DateTextInput({
  value,
  onChange,
  onCommit,
  onBlur,
  onKeyDown,
  ...inputProps
}: DateTextInputProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [isCalendarOpen, calendar] = useDisclosure(false);
  const today = todayIsoDate(displayTimeZone());
  const read = readDate(value, today);
  const pickedDate = 'date' in read && read.date !== null && isIsoDate(read.date) ? read.date : null;

  function complete() {
    if ('error' in read) return;
    onChange(read.date === null ? '' : formatDate(read.date));
    onCommit?.(read.date);
  }

  function onInputBlur(event: FocusEvent<HTMLInputElement>) {
    complete();
    onBlur?.(event);
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') complete();
    onKeyDown?.(event);
  }

  function onPick(date: string | null) {
    calendar.close();
    onChange(date === null ? '' : formatDate(date));
    onCommit?.(date);
  }

  return (
    <TextInput
      placeholder={t('vouchers.form.datePlaceholder')}
      inputMode="numeric"
      autoComplete="off"
      {...inputProps}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onInputBlur}
      onKeyDown={onInputKeyDown}
      rightSection={
        <Popover
          opened={isCalendarOpen}
          onChange={calendar.toggle}
          position="bottom-end"
          shadow="md"
          withinPortal
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={calendar.toggle}
              aria-label={t('vouchers.form.openCalendar')}
            >
              <IconCalendar size={16} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker
              locale={dateLocaleTag(language)}
              firstDayOfWeek={1}
              value={pickedDate}
              defaultDate={pickedDate ?? today}
              onChange={onPick}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
