import { formatDate, type IsoDate } from '@bilag/domain/dates/norwegian-dates';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateTextInput } from '../../ui/DateTextInput';

type DueDateFieldProps = {
  value: string;
  onChange: (text: string) => void;
  onCommit: () => void;
  /** The error under the field. */
  error: string | undefined;
  /** The next banking day where the date typed is not one; undefined where the date is fine. */
  movedTo: IsoDate | undefined;
  /** The warning's text in place of the plain "not a banking day" note. */
  warning?: string | undefined;
};

/**
 * The due date of a payment or transfer. A date the bank cannot pay on gets a warning below it and a
 * button that moves the date to the next banking day.
 */
export function DueDateField({ value, onChange, onCommit, error, movedTo, warning }: DueDateFieldProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <DateTextInput
        label={t('payments.form.dueDate')}
        value={value}
        onChange={onChange}
        onCommit={onCommit}
        error={error}
        required
        data-testid="field-due-date"
      />
      {movedTo && (
        <Alert
          color="yellow"
          variant="light"
          p="xs"
          icon={<IconCalendarEvent size={16} aria-hidden />}
          data-testid="due-date-not-banking-day"
        >
          <Stack gap={6} align="flex-start">
            <Text size="xs">
              {warning ?? t('payments.form.notBankingDay', { next: formatDate(movedTo) })}
            </Text>
            {/* Filled with dark text: the white variant's yellow.9 text on white is only 3:1; this is 7:1. */}
            <Button
              size="compact-xs"
              variant="filled"
              color="yellow.9"
              autoContrast
              onClick={() => onChange(formatDate(movedTo))}
              data-testid="move-due-date"
            >
              {t('payments.form.moveTo', { date: formatDate(movedTo) })}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
