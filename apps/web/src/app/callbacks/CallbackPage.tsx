import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LogoMark } from '../../ui/Logo';
import { NotFoundPage } from '../status/NotFoundPage';
import type { CallbackRoute } from './callback-routes';

/**
 * Where a person comes back from an outside party. It says which flow this page will complete, and
 * claims no result: nothing has been approved, paid or changed by coming here.
 */
function PendingCallback({ route }: { route: CallbackRoute }) {
  const { t } = useTranslation();
  const title = t(`callbacks.${route.flow}`);
  useDocumentTitle(`${title} – Bilag`);
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack align="center" gap="md" maw={520} ta="center" data-testid="callback-page">
        <LogoMark size={48} title="Bilag" />
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text>{t('callbacks.pending')}</Text>
        <Text c="dimmed">{t('callbacks.nothingDone')}</Text>
        <Button component={Link} to="/" mt="sm" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {t('common.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}

export function CallbackPage({ route }: { route: CallbackRoute }) {
  const [query] = useSearchParams();
  if (route.isAnswered && !route.isAnswered(query)) return <NotFoundPage />;
  return <PendingCallback route={route} />;
}
