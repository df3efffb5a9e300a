import { LoginRequest } from '@bilag/contracts';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

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

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (email.trim().length === 0) errors.email = 'login.emailRequired';
  else if (!LoginRequest.shape.email.safeParse(email).success) errors.email = 'login.emailInvalid';
  if (password.length === 0) errors.password = 'login.passwordRequired';
  return errors;
}

export function LoginForm({ initialEmail = '', isSubmitting, serverError, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const errors = hasTriedSubmit ? validate(email, password) : {};

  function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setHasTriedSubmit(true);
    const found = validate(email, password);
    if (found.email || found.password) {
      const firstInvalid = event.currentTarget.querySelector<HTMLInputElement>(
        found.email ? 'input[name="email"]' : 'input[name="password"]',
      );
      firstInvalid?.focus();
      return;
    }
    onSubmit({ email: email.trim(), password });
  }

  return (
    <form onSubmit={onFormSubmit} noValidate>
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
