import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../app/api/errors';

type RetryAlertProps = {
  /** What could not be loaded; without it the server's message says it alone. */
  title?: string;
  error: unknown;
  onRetry: () => void;
  'data-testid'?: string;
};

/** A failed load with the server's message and a way to try again. */
export function RetryAlert({ title, error, onRetry, 'data-testid': testId }: RetryAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={title}
      data-testid={testId}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error, t('errors.unexpected'))}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
