import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../app/api/errors';

type ErrorAlertProps = {
  error: unknown;
  /** What failed; without it the server's message says it alone. */
  title?: string;
  /** Offers to try again, for a failed load. */
  onRetry?: () => void;
  'data-testid'?: string;
};

/** A failed call, in the server's words where it gave them. */
export function ErrorAlert({ error, title, onRetry, 'data-testid': testId }: ErrorAlertProps) {
  const { t } = useTranslation();
  const message = errorMessage(error, t('errors.unexpected'));
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={title}
      data-testid={testId}
    >
      {onRetry ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{message}</Text>
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Stack>
      ) : (
        message
      )}
    </Alert>
  );
}
