import { Badge, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLogin } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LogoMark } from '../../ui/Logo';

type CallbackLayoutProps = {
  title: string;
  children: ReactNode;
  'data-testid'?: string;
};

/**
 * A return page: alone in its window (often the signing popup), its heading says where the flow
 * stands. The heading takes the focus whenever it changes, so a screen reader reads each new result.
 */
export function CallbackLayout({ title, children, 'data-testid': testId }: CallbackLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(`${title} – Bilag`);
  useEffect(() => {
    if (title) heading.current?.focus();
  }, [title]);
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'lg', xs: 'xl' }}
        w="100%"
        maw={560}
        data-testid="callback-page"
      >
        <Stack align="center" gap="md" ta="center" data-testid={testId}>
          <LogoMark size={44} title="Bilag" />
          <Title order={1} fz="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** The spec's result labels: green for accepted, red for rejected. */
export function ResultLabel({ isAccepted }: { isAccepted: boolean }) {
  const { t } = useTranslation();
  return (
    // The dark shades: white on Mantine's green.8 or red.8 stays below the 4.5:1 contrast of WCAG AA.
    <Badge size="lg" variant="filled" color={isAccepted ? '#1e6b30' : '#a4161a'} data-testid="result-label">
      {t(isAccepted ? 'signing.result.accepted' : 'signing.result.rejected')}
    </Badge>
  );
}

/** The line a failure is told on: red, as the spec wants signing errors. */
export function FailureText({ children }: { children: ReactNode }) {
  return (
    <Text c="red.8" role="alert" data-testid="callback-error">
      {children}
    </Text>
  );
}

/**
 * A return page opened where nobody is signed in: the calls it makes need the person's session, so it
 * asks them to sign in and brings them back here.
 */
export function SignInNeeded() {
  const { t } = useTranslation();
  const location = useLocation();
  const next = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <CallbackLayout title={t('signing.signIn.title')} data-testid="callback-sign-in">
      <Text>{t('signing.signIn.text')}</Text>
      <Button component={Link} to={`/login?next=${next}`} leftSection={<IconLogin size={16} aria-hidden />}>
        {t('signing.signIn.button')}
      </Button>
    </CallbackLayout>
  );
}
