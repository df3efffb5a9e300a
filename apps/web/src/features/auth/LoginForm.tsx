import type { LoginRequest } from '@bilag/contracts';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadSignIn } from './load-sign-in';

type LoginFormProps = {
  /** Filled in from the address (`/login?email=`), as an accepted invitation links to sign-in. */
  initialEmail?: string;
  isSubmitting: boolean;
  serverError: string | null;
  onSubmit: (credentials: LoginRequest) => void;
};

type FieldErrors = {
  email?: 'login.emailRequired' | 'login.emailInvalid';
  password?: 'login.passwordRequired';
};

type EmailCheck = (email: string) => boolean;

/** The address is checked by the sign-in call's schema, once it has loaded with signing in's code. */
function validate(email: string, password: string, isLoginEmail: EmailCheck | null): FieldErrors {
  const errors: FieldErrors = {};
  if (email.trim().length === 0) errors.email = 'login.emailRequired';
  else if (isLoginEmail && !isLoginEmail(email)) errors.email = 'login.emailInvalid';
  if (password.length === 0) errors.password = 'login.passwordRequired';
  return errors;
}

export function LoginForm({ initialEmail = '', isSubmitting, serverError, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const [isLoginEmail, setIsLoginEmail] = useState<EmailCheck | null>(null);
  const errors = hasTriedSubmit ? validate(email, password, isLoginEmail) : {};

  // Signing in's code loads once the form shows, so neither the check nor the submit waits for it.
  useEffect(() => {
    let isShown = true;
    loadSignIn().then(
      (signIn) => isShown && setIsLoginEmail(() => signIn.isLoginEmail),
      () => undefined,
    );
    return () => {
      isShown = false;
    };
  }, []);

  async function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setHasTriedSubmit(true);
    // Where the code cannot load, the submit goes on and its own failure is what the person sees.
    const check =
      isLoginEmail ??
      (await loadSignIn().then(
        (signIn) => signIn.isLoginEmail,
        () => null,
      ));
    const found = validate(email, password, check);
    if (found.email || found.password) {
      const firstInvalid = form.querySelector<HTMLInputElement>(
        found.email ? 'input[name="email"]' : 'input[name="password"]',
      );
      firstInvalid?.focus();
      return;
    }
    onSubmit({ email: email.trim(), password });
  }

  return (
    <form onSubmit={(event) => void onFormSubmit(event)} noValidate>
      <Stack gap="md">
        {serverError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('login.failedTitle')}
          >
            {serverError}
          </Alert>
        )}
        <TextInput
          name="email"
          type="email"
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email ? t(errors.email) : undefined}
          withAsterisk
          data-autofocus
          autoFocus
        />
        <PasswordInput
          name="password"
          label={t('login.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password ? t(errors.password) : undefined}
          withAsterisk
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting} mt="xs">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
