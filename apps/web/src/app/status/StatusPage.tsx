import { Box, Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '../../ui/Logo';

type StatusPageProps = {
  code: string;
  title: string;
  text: string;
  /** Inside the company shell the page is the content of its main area, not a page of its own. */
  isEmbedded?: boolean;
  homePath?: string;
};

export function StatusPage({ code, title, text, isEmbedded = false, homePath = '/' }: StatusPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} – Bilag`);
  return (
    <Center
      component={isEmbedded ? 'section' : 'main'}
      mih={isEmbedded ? 480 : '100vh'}
      p="md"
      bg={isEmbedded ? undefined : 'gray.0'}
    >
      <Stack align="center" gap="md" maw={480} ta="center">
        <LogoMark size={48} title="Bilag" />
        <Text fz={72} fw={800} lh={1} c="brand.8" data-testid="status-code">
          {code}
        </Text>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Box mt="sm">
          <Button component={Link} to={homePath} leftSection={<IconArrowLeft size={16} aria-hidden />}>
            {t('common.backHome')}
          </Button>
        </Box>
      </Stack>
    </Center>
  );
}
