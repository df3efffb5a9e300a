import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastType, toast } from '../../ui/toast';
import { errorMessage, isServerError } from '../api/errors';
import { reportServerError } from '../errors/server-error.store';
import { logout, renewSessionAndReload } from './session.actions';

export const AUTO_LOGOUT_SECONDS = 60;

function keepOpen() {}

/** The dialog shown when the session is over (see SessionExpiredDialog). */
export function SessionExpiredModal() {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(AUTO_LOGOUT_SECONDS);
  const [isRenewing, setIsRenewing] = useState(false);

  useEffect(() => {
    const openedAt = Date.now();
    const countdown = window.setInterval(() => {
      const elapsedSeconds = Math.floor((Date.now() - openedAt) / 1000);
      setSecondsLeft(Math.max(0, AUTO_LOGOUT_SECONDS - elapsedSeconds));
    }, 1000);
    const autoLogout = window.setTimeout(() => void logout(), AUTO_LOGOUT_SECONDS * 1000);
    return () => {
      window.clearInterval(countdown);
      window.clearTimeout(autoLogout);
    };
  }, []);

  async function onConfirm() {
    setIsRenewing(true);
    try {
      await renewSessionAndReload();
    } catch (error) {
      setIsRenewing(false);
      if (isServerError(error)) {
        reportServerError(error);
        return;
      }
      toast(
        ToastType.error,
        t('session.refreshFailed', { message: errorMessage(error, t('errors.unexpected')) }),
      );
    }
  }

  return (
    <Modal
      opened
      onClose={keepOpen}
      title={t('session.expiredTitle')}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      zIndex={400}
      styles={{ title: { fontWeight: 650 } }}
    >
      <Stack gap="md">
        <Text>{t('session.expiredText')}</Text>
        <Text size="sm" c="dimmed">
          {t('session.autoLogout', { count: secondsLeft })}
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => void onConfirm()} loading={isRenewing} data-autofocus miw={96}>
            {t('common.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
