import type { IsoDate } from '@bilag/domain/dates/norwegian-dates';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTextInput } from '../../ui/DateTextInput';
import { formatCalendarDate } from '../../ui/format';
import { latestValidUntil } from './consent.form';

type ConsentFieldProps = {
  value: string;
  onChange: (text: string) => void;
  /** Checks the field as the person leaves it. */
  onCheck: () => void;
  error: string | undefined;
  /** The field the dialog puts the focus in first. */
  takesFocus?: boolean;
  'data-testid': string;
};

/** Until when the consent lasts, with the latest day the bank allows from today. */
export function ValidUntilField({
  today,
  value,
  onChange,
  onCheck,
  error,
  takesFocus,
  'data-testid': testId,
}: ConsentFieldProps & { today: IsoDate }) {
  const { t } = useTranslation();
  return (
    <DateTextInput
      label={t('consents.fields.validUntil')}
      description={t('consents.form.validUntilHint', {
        latest: formatCalendarDate(latestValidUntil(today)),
      })}
      value={value}
      onChange={onChange}
      onCommit={onCheck}
      error={error}
      data-autofocus={takesFocus || undefined}
      data-testid={testId}
    />
  );
}

/** The account owner's national identity number, checked on leaving only once something is typed. */
export function AccountOwnerSsnField({
  value,
  onChange,
  onCheck,
  error,
  'data-testid': testId,
}: ConsentFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('consents.fields.accountOwnerSsn')}
      description={t('consents.form.ssnHint')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={13}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => value.trim() !== '' && onCheck()}
      error={error}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
      data-testid={testId}
    />
  );
}
