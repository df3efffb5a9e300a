import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** While the BankID window is open: says so, and brings the window back when it is behind. */
export function SigningWaitingAlert({ onShowWindow }: { onShowWindow: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="blue" icon={<Loader size={18} aria-hidden />} data-testid="signing-waiting">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('signing.waiting')}</Text>
        <Button size="xs" variant="white" onClick={onShowWindow}>
          {t('signing.showWindow')}
        </Button>
      </Group>
    </Alert>
  );
}
