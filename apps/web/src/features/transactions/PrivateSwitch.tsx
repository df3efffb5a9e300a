import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type PrivateSwitchProps = {
  label: string;
  checked: boolean;
  onChange: (isPrivate: boolean) => void;
  'data-testid': string;
};

/** Marks a transaction as private, with the hint of what that means for the bookkeeping. */
export function PrivateSwitch({ label, checked, onChange, 'data-testid': testId }: PrivateSwitchProps) {
  const { t } = useTranslation();
  return (
    <Switch
      label={label}
      description={t('bankTransactions.form.privateHint')}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      data-testid={testId}
    />
  );
}
