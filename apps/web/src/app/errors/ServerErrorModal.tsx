import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { closeServerErrorDialog, useServerFailure } from './server-error.store';

/** The dialog a failure of the server opens (see ServerErrorDialog). */
export function ServerErrorModal() {
  const { t } = useTranslation();
  const failure = useServerFailure();
  return (
    <Modal
      opened={failure !== null}
      onClose={closeServerErrorDialog}
      title={t('errors.serverErrorTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 650 } }}
    >
      <Stack gap="md">
        <Text fw={600}>{t('errors.serverErrorText')}</Text>
        {failure && (
          <Text size="sm" c="dimmed" data-testid="server-error-message">
            {failure.message}
          </Text>
        )}
        <Text size="sm">{t('errors.serverErrorHint')}</Text>
        <Group justify="flex-end">
          <Button onClick={closeServerErrorDialog} data-autofocus miw={96}>
            {t('common.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
