import { Box, Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../ui/Logo';

export const RELOAD_AFTER_BACK_MS = 200;

type ErrorScreenProps = {
  error: unknown;
};

/** Going back alone could land on a page that still holds the broken state; the reload starts it fresh. */
function onGoBack() {
  window.history.back();
  window.setTimeout(() => window.location.reload(), RELOAD_AFTER_BACK_MS);
}

export function ErrorScreen({ error }: ErrorScreenProps) {
  const { t } = useTranslation();

  // The report's code (the log call's contract) loads only when something has broken.
  useEffect(() => {
    void import('./reportClientError')
      .then(({ reportClientError }) => reportClientError(error))
      .catch(() => undefined);
  }, [error]);

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack align="center" gap="md" maw={480} ta="center">
        <LogoMark size={48} title="Bilag" />
        <Title order={1} fz={56} fw={800} c="brand.8" lh={1}>
          {t('errors.boundaryTitle')}
        </Title>
        <Text fz="xl" fw={600}>
          {t('errors.boundaryText')}
        </Text>
        <Text c="dimmed">{t('errors.boundaryHint')}</Text>
        <Box mt="sm">
          <Button onClick={onGoBack} leftSection={<IconArrowLeft size={16} aria-hidden />}>
            {t('errors.goBack')}
          </Button>
        </Box>
      </Stack>
    </Center>
  );
}
