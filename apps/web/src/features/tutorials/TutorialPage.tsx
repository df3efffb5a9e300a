import { ErrorCode, type TutorialName } from '@bilag/contracts';
import {
  Box,
  Button,
  Center,
  Container,
  Group,
  NavLink,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../app/api/errors';
import { applyLanguage } from '../../i18n/language';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LanguagePicker } from '../../ui/LanguagePicker';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Logo } from '../../ui/Logo';
import { TutorialPasswordPrompt } from './TutorialPasswordPrompt';
import { TutorialPlayer } from './TutorialPlayer';
import { forgetTutorialAccess, readTutorialToken } from './tutorial.access';
import { TUTORIALS, tutorialEntry } from './tutorial.catalogue';
import { tutorialKeys } from './tutorial.queries';

/** The password prompt is attached a second after the page has loaded (spec §9). */
export const PASSWORD_PROMPT_DELAY_MS = 1_000;

function isRefusedToken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === ErrorCode.UNAUTHENTICATED;
}

/** The other tutorials, so a person who has given the password once can watch them all. */
function TutorialNavigation({ current }: { current: TutorialName }) {
  const { t } = useTranslation();
  return (
    <Paper component="nav" withBorder radius="md" p="xs" aria-label={t('tutorials.allVideos')}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" py={6}>
        {t('tutorials.allVideos')}
      </Text>
      {TUTORIALS.map((entry) => (
        <NavLink
          key={entry.name}
          component={Link}
          to={entry.path}
          label={t(`tutorials.videos.${entry.name}.title`)}
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          active={entry.name === current}
          aria-current={entry.name === current ? 'page' : undefined}
        />
      ))}
    </Paper>
  );
}

/**
 * A tutorial video page (spec §2): outside any company and without a sign-in, behind the shared password
 * of the tutorials. The content follows once the password is accepted; the accepted token is kept for
 * the browser session, so the other tutorials open without asking again.
 */
export function TutorialPage({ name }: { name: TutorialName }) {
  const { t } = useTranslation();
  const entry = tutorialEntry(name);
  const title = t(`tutorials.videos.${name}.title`);
  useDocumentTitle(`${title} – Bilag`);
  const [token, setToken] = useState(readTutorialToken);
  const [isPromptOpen, setPromptOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const video = useQuery({ ...tutorialKeys.video(name, token ?? ''), enabled: token !== null });

  useEffect(() => {
    if (token !== null) return;
    const timer = window.setTimeout(() => setPromptOpen(true), PASSWORD_PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [token]);

  // A token the server no longer takes (expired, or given for an earlier password) is let go.
  useEffect(() => {
    if (!isRefusedToken(video.error)) return;
    forgetTutorialAccess();
    setNotice(errorMessage(video.error, t('tutorials.password.description')));
    setToken(null);
  }, [video.error, t]);

  function onAccepted(accepted: string) {
    setNotice(null);
    setPromptOpen(false);
    setToken(accepted);
  }

  let content: ReactNode;
  if (token === null)
    content = (
      <Paper withBorder radius="md" p="xl" data-testid="tutorial-locked">
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconLock size={24} aria-hidden />
          </ThemeIcon>
          <Text ta="center">{t('tutorials.locked')}</Text>
          <Button onClick={() => setPromptOpen(true)}>{t('tutorials.password.open')}</Button>
        </Stack>
      </Paper>
    );
  else if (video.isError && !isRefusedToken(video.error))
    content = (
      <ErrorAlert
        title={t('tutorials.loadFailed')}
        error={video.error}
        onRetry={() => void video.refetch()}
      />
    );
  else if (!video.data)
    content = (
      <Center py="xl">
        <LoadingSpinner />
      </Center>
    );
  else content = <TutorialPlayer video={video.data} token={token} title={title} isPhone={entry.isPhone} />;

  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" justify="space-between" px={{ base: 'sm', xs: 'lg' }} py="md">
        <Logo />
        <LanguagePicker onPick={(language) => void applyLanguage(language)} />
      </Group>
      <Container component="main" size={entry.isPhone ? 640 : 1000} px={{ base: 'sm', xs: 'md' }} pb="xl">
        <Stack gap="lg">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('tutorials.heading')}
            </Text>
            <Title order={1} fz={{ base: 'h2', sm: 'h1' }} data-testid="tutorial-title">
              {title}
            </Title>
            <Text c="dimmed">{t(`tutorials.videos.${name}.description`)}</Text>
          </Stack>
          {content}
          <TutorialNavigation current={name} />
        </Stack>
      </Container>
      <TutorialPasswordPrompt
        opened={isPromptOpen && token === null}
        notice={notice}
        onClose={() => setPromptOpen(false)}
        onAccepted={onAccepted}
      />
    </Box>
  );
}
