import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LogoMark } from './Logo';

/**
 * Covers the screen while the session and the company are resolved, so half-loaded pages never flash.
 * It sits above the app shell (z-index 100) and below dialogs (200 and up), so the session dialog
 * can still ask for confirmation over it.
 */
export function AppLoadingOverlay() {
  const { t } = useTranslation();
  return (
    <Center
      pos="fixed"
      inset={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 150 }}
      role="status"
      aria-live="polite"
      data-testid="app-loading"
    >
      <Stack align="center" gap="lg">
        <LogoMark size={56} />
        <Loader size="sm" type="dots" />
        <Text size="sm" c="dimmed">
          {t('app.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
