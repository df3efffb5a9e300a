import type { Language, LoginRequest } from '@bilag/contracts';
import { Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/api/errors';
import { useSession } from '../../app/session/session.store';
import { applyLanguage } from '../../i18n/language';
import { Logo } from '../../ui/Logo';
import { LoginForm } from './LoginForm';
import { loadSignIn } from './load-sign-in';

// The language menu's code (its popover) loads just after the form shows, in a space kept for it.
const LanguagePicker = lazy(() =>
  import('../../ui/LanguagePicker').then((module) => ({ default: module.LanguagePicker })),
);
const LANGUAGE_PICKER_HEIGHT = 36;

/** Only a path of this app may follow sign-in, never another site ("//evil.example" is a host). */
function safeReturnPath(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('login.title')} – Bilag`);
  const session = useSession();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const login = useMutation({
    mutationFn: async (credentials: LoginRequest) => (await loadSignIn()).signIn(credentials),
  });
  const [hasPickedLanguage, setHasPickedLanguage] = useState(false);

  if (session) return <Navigate to={safeReturnPath(searchParams.get('next'))} replace />;

  function onPickLanguage(language: Language) {
    setHasPickedLanguage(true);
    login.reset();
    void applyLanguage(language);
  }

  function onSubmit(credentials: LoginRequest) {
    login.mutate(credentials, {
      onSuccess: async (data) => (await loadSignIn()).beginSession(queryClient, data, { hasPickedLanguage }),
    });
  }

  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group component="header" justify="space-between" px="lg" py="md">
        <Logo />
        <Suspense fallback={<Box h={LANGUAGE_PICKER_HEIGHT} />}>
          <LanguagePicker onPick={onPickLanguage} />
        </Suspense>
      </Group>
      <Container component="main" size={440} w="100%" py="xl" style={{ flex: 1 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', xs: 'xl' }} mt={{ base: 0, sm: 'xl' }}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz={26}>
              {t('login.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login.subtitle')}
            </Text>
          </Stack>
          <LoginForm
            initialEmail={(searchParams.get('email') ?? '').slice(0, 254)}
            isSubmitting={login.isPending || login.isSuccess}
            serverError={login.isError ? errorMessage(login.error, t('errors.unexpected')) : null}
            onSubmit={onSubmit}
          />
        </Paper>
        <Text ta="center" size="sm" c="dimmed" mt="lg">
          {t('app.tagline')}
        </Text>
      </Container>
    </Box>
  );
}
