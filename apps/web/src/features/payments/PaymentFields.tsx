import { filterPositiveAmountInput } from '@bilag/domain/money/norwegian';
import { Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from './payment.form';

/** Puts the focus on the first field at fault once the form has shown its errors. */
export function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

type AmountFieldProps = {
  value: string;
  /** Gets the text as typed, with anything but a positive amount filtered out. */
  onChange: (text: string) => void;
  onBlur: () => void;
  error: string | undefined;
  currency: string;
};

/** The amount of a payment or transfer, right-aligned with its currency beside it. */
export function AmountField({ value, onChange, onBlur, error, currency }: AmountFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('payments.form.amount')}
      value={value}
      onChange={(event) => onChange(filterPositiveAmountInput(event.currentTarget.value))}
      onBlur={onBlur}
      error={error}
      inputMode="decimal"
      autoComplete="off"
      rightSection={
        <Text size="xs" c="dimmed">
          {currency}
        </Text>
      }
      rightSectionWidth={46}
      required
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
      data-testid="field-amount"
    />
  );
}

type MessageFieldProps = {
  value: string;
  /** Gets the text as typed, cut at the longest message the bank takes. */
  onChange: (text: string) => void;
  onBlur?: () => void;
  error: string | undefined;
  description: string;
};

/** The message to the creditor. Enter saves the form; Shift+Enter starts a new line. */
export function MessageField({ value, onChange, onBlur, error, description }: MessageFieldProps) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('payments.form.message')}
      description={description}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.slice(0, MESSAGE_MAX_LENGTH))}
      onBlur={onBlur}
      error={error}
      maxLength={MESSAGE_MAX_LENGTH}
      autosize
      minRows={1}
      maxRows={4}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          event.currentTarget.form?.requestSubmit();
        }
      }}
      data-testid="field-message"
    />
  );
}
