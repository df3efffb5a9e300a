import { ErrorCode } from '@bilag/contracts';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../app/api/errors';
import { AppModal } from '../../ui/AppModal';
import { withoutSpaces } from './tutorial.access';
import { useCheckTutorialPasswordMutation } from './tutorial.mutations';

/** Long enough to read that the password was wrong before the page starts over (spec §5). */
export const WRONG_PASSWORD_RELOAD_MS = 2_000;

type TutorialPasswordPromptProps = {
  opened: boolean;
  /** Why the password is asked for again, such as an access that has expired. */
  notice: string | null;
  onClose: () => void;
  onAccepted: (token: string) => void;
};

/** The password of the tutorial pages. A wrong one is said to be wrong, and the page is loaded again. */
export function TutorialPasswordPrompt({ opened, notice, onClose, onAccepted }: TutorialPasswordPromptProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const check = useCheckTutorialPasswordMutation();
  const isWrong = check.error instanceof ApiError && check.error.code === ErrorCode.INVALID_CREDENTIALS;

  useEffect(() => {
    if (!isWrong) return;
    const timer = window.setTimeout(() => window.location.reload(), WRONG_PASSWORD_RELOAD_MS);
    return () => window.clearTimeout(timer);
  }, [isWrong]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '' || check.isPending || isWrong) return;
    check.mutate(password, { onSuccess: (access) => onAccepted(access.token) });
  }

  return (
    <AppModal opened={opened} onClose={onClose} title={t('tutorials.password.title')} size="sm">
      <form onSubmit={onSubmit} noValidate data-testid="tutorial-password-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('tutorials.password.description')}
          </Text>
          {notice && !check.isError && (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />} role="status">
              {notice}
            </Alert>
          )}
          <PasswordInput
            label={t('tutorials.password.label')}
            value={password}
            onChange={(event) => setPassword(withoutSpaces(event.currentTarget.value))}
            autoComplete="off"
            required
            disabled={isWrong}
            data-autofocus
            leftSection={<IconLock size={16} aria-hidden />}
          />
          {check.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              role="alert"
              title={errorMessage(check.error, t('errors.unexpected'))}
              data-testid="tutorial-password-error"
            >
              {isWrong ? t('tutorials.password.reloading') : null}
            </Alert>
          )}
          <Button type="submit" loading={check.isPending} disabled={password === '' || isWrong}>
            {t('tutorials.password.submit')}
          </Button>
        </Stack>
      </form>
    </AppModal>
  );
}
