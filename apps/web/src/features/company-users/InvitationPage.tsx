import { ErrorCode, type InvitationData } from '@bilag/contracts';
import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck, IconLogin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../app/api/errors';
import { applyLanguage } from '../../i18n/language';
import { formatDate } from '../../ui/dates';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LanguagePicker } from '../../ui/LanguagePicker';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Logo } from '../../ui/Logo';
import { useParsedForm } from '../../ui/useParsedForm';
import { MIN_PASSWORD_LENGTH, parsePasswordForm } from './company-user.form';
import { useAcceptInvitationMutation } from './company-user.mutations';
import { companyUserKeys } from './company-user.queries';
import { readInvitationToken } from './invitation.link';

/**
 * /invitation#<secret>: where the link of an invitation e-mail lands. The invited person sees who asked
 * them into which company, chooses a password, and is sent on to sign in with it.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const token = readInvitationToken(location.hash);
  useDocumentTitle(`${t('invitation.title')} – Bilag`);

  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group component="header" justify="space-between" px="lg" py="md">
        <Logo />
        <LanguagePicker onPick={(language) => void applyLanguage(language)} />
      </Group>
      <Container component="main" size={480} w="100%" py="xl" style={{ flex: 1 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', xs: 'xl' }} mt={{ base: 0, sm: 'xl' }}>
          {token === undefined ? <UnusableLink reason="invalid" /> : <Invitation token={token} />}
        </Paper>
      </Container>
    </Box>
  );
}

type UnusableReason = 'invalid' | 'expired' | 'used';

/** Why a link cannot be used: NOT_FOUND is a link never issued or already used; CONFLICT one that expired. */
function unusableReason(error: unknown): UnusableReason | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === ErrorCode.CONFLICT) return 'expired';
  if (error.code === ErrorCode.NOT_FOUND) return 'used';
  return undefined;
}

function Invitation({ token }: { token: string }) {
  const { t } = useTranslation();
  const invitation = useQuery(companyUserKeys.invitation(token));
  const accept = useAcceptInvitationMutation();

  if (accept.isSuccess) return <PasswordChosen email={accept.data.Email} />;
  if (invitation.isError) {
    const reason = unusableReason(invitation.error);
    if (reason) return <UnusableLink reason={reason} />;
    return (
      <Stack gap="md">
        <Heading isFocused>{t('invitation.title')}</Heading>
        <ErrorAlert error={invitation.error} onRetry={() => void invitation.refetch()} />
      </Stack>
    );
  }
  if (invitation.data === undefined) {
    return (
      <Stack align="center" py="xl">
        <LoadingSpinner size="sm" />
      </Stack>
    );
  }
  return (
    <PasswordForm
      invitation={invitation.data}
      isSaving={accept.isPending}
      error={accept.error}
      onSubmit={(password) => accept.mutate({ token, password })}
    />
  );
}

/**
 * The page's heading. Where it tells an outcome it takes the focus, so a screen reader reads it; above the
 * form the password field has the focus instead.
 */
function Heading({ isFocused = false, children }: { isFocused?: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isFocused) heading.current?.focus();
  }, [isFocused]);
  return (
    <Title order={1} fz={26} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}

type PasswordFormProps = {
  invitation: InvitationData;
  isSaving: boolean;
  error: Error | null;
  onSubmit: (password: string) => void;
};

function PasswordForm({ invitation, isSaving, error, onSubmit }: PasswordFormProps) {
  const { t } = useTranslation();
  const form = useParsedForm({ password: '', repeated: '' }, parsePasswordForm);
  // One switch shows or hides both fields, so the person can compare what they typed.
  const [isVisible, visibility] = useDisclosure(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  const repeatedInput = useRef<HTMLInputElement>(null);

  function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parsePasswordForm(form.values);
    if (parsed.isValid) {
      onSubmit(parsed.password);
      return;
    }
    form.validate();
    (parsed.errors.password ? passwordInput : repeatedInput).current?.focus();
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Heading>{t('invitation.welcome', { name: invitation.FullName })}</Heading>
        <Text c="dimmed" size="sm" data-testid="invitation-summary">
          {t('invitation.summary', { inviter: invitation.InvitedBy, company: invitation.CompanyName })}
        </Text>
      </Stack>
      <form noValidate aria-label={t('invitation.formLabel')} onSubmit={onFormSubmit}>
        <Stack gap="md">
          <TextInput
            label={t('invitation.email')}
            value={invitation.Email}
            name="username"
            autoComplete="username"
            readOnly
            data-testid="invitation-email"
          />
          <PasswordInput
            ref={passwordInput}
            label={t('invitation.password')}
            description={t('invitation.passwordHint', { min: MIN_PASSWORD_LENGTH })}
            value={form.values.password}
            onChange={(event) => form.setValue('password', event.currentTarget.value)}
            error={form.errorText('password')}
            autoComplete="new-password"
            maxLength={200}
            visible={isVisible}
            onVisibilityChange={visibility.toggle}
            visibilityToggleButtonProps={{
              'aria-label': t(isVisible ? 'invitation.hidePasswords' : 'invitation.showPasswords'),
            }}
            withAsterisk
            data-autofocus
            autoFocus
            data-testid="invitation-password"
          />
          <PasswordInput
            ref={repeatedInput}
            label={t('invitation.repeated')}
            value={form.values.repeated}
            onChange={(event) => form.setValue('repeated', event.currentTarget.value)}
            error={form.errorText('repeated')}
            autoComplete="new-password"
            maxLength={200}
            visible={isVisible}
            onVisibilityChange={visibility.toggle}
            visibilityToggleButtonProps={{
              'aria-label': t(isVisible ? 'invitation.hidePasswords' : 'invitation.showPasswords'),
            }}
            withAsterisk
            data-testid="invitation-repeated"
          />
          {error && <ErrorAlert error={error} data-testid="invitation-error" />}
          <Button type="submit" size="md" fullWidth loading={isSaving} data-testid="invitation-submit">
            {t('invitation.submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('invitation.expires', { date: formatDate(invitation.ExpiresAt) })}
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}

function PasswordChosen({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="invitation-accepted">
      <Group gap="sm" wrap="nowrap">
        <IconCircleCheck size={32} color="var(--mantine-color-teal-7)" aria-hidden />
        <Heading isFocused>{t('invitation.acceptedTitle')}</Heading>
      </Group>
      <Text size="sm">{t('invitation.acceptedText', { email })}</Text>
      <Button
        component={Link}
        to={`/login?email=${encodeURIComponent(email)}`}
        size="md"
        leftSection={<IconLogin size={18} aria-hidden />}
      >
        {t('invitation.signIn')}
      </Button>
    </Stack>
  );
}

const unusableTexts = {
  invalid: { title: 'invitation.invalidTitle', text: 'invitation.invalidText' },
  used: { title: 'invitation.usedTitle', text: 'invitation.usedText' },
  expired: { title: 'invitation.expiredTitle', text: 'invitation.expiredText' },
} as const;

function UnusableLink({ reason }: { reason: UnusableReason }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid={`invitation-${reason}`}>
      <Heading isFocused>{t(unusableTexts[reason].title)}</Heading>
      <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />}>
        {t(unusableTexts[reason].text)}
      </Alert>
      <Button
        component={Link}
        to="/login"
        variant="default"
        leftSection={<IconLogin size={18} aria-hidden />}
      >
        {t('invitation.toSignIn')}
      </Button>
    </Stack>
  );
}
