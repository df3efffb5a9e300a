import { PERIOD_LIMITS } from '@bilag/contracts';
import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReasonErrorKey } from './period.close';

type ReasonFieldProps = {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error: ReasonErrorKey | undefined;
  'data-testid': string;
  'data-autofocus'?: boolean;
};

/** A reason that stays on the record, with the count of its characters against the bounds. */
export function ReasonField({ label, value, onChange, error, ...rest }: ReasonFieldProps) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      description={t('periods.reason.count', {
        count: value.trim().length,
        min: PERIOD_LIMITS.reasonMin,
        max: PERIOD_LIMITS.reasonMax,
      })}
      error={error ? t(error, { min: PERIOD_LIMITS.reasonMin, max: PERIOD_LIMITS.reasonMax }) : undefined}
      maxLength={PERIOD_LIMITS.reasonMax}
      autosize
      minRows={2}
      maxRows={6}
      required
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      styles={{ label: { fontWeight: 400 } }}
      {...rest}
    />
  );
}
