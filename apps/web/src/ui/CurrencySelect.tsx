import { Select, type SelectProps } from '@mantine/core';

const COMMON_CURRENCIES = ['NOK', 'EUR', 'USD', 'SEK', 'DKK', 'GBP', 'CHF', 'PLN'];

type CurrencySelectProps = {
  label: string;
  value: string;
  onChange: (currency: string) => void;
  error: string | undefined;
  w?: SelectProps['w'];
};

/** A form's currency: the common ones, and first the record's own where it is not one of them. */
export function CurrencySelect({ label, value, onChange, error, w }: CurrencySelectProps) {
  const currencies = COMMON_CURRENCIES.includes(value) ? COMMON_CURRENCIES : [value, ...COMMON_CURRENCIES];
  return (
    <Select
      label={label}
      data={currencies}
      value={value}
      onChange={(chosen) => onChange(chosen ?? 'NOK')}
      searchable
      allowDeselect={false}
      error={error}
      w={w}
      data-testid="field-currency"
    />
  );
}
