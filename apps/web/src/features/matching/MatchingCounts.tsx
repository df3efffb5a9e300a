import type { ConnectMissingCounts } from '@bilag/contracts';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconBolt, IconFileAlert, IconLink, IconReceipt, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const tiles: readonly { key: keyof ConnectMissingCounts; icon: Icon; color: string }[] = [
  { key: 'missing', icon: IconFileAlert, color: 'orange' },
  { key: 'withSuggestions', icon: IconSparkles, color: 'blue' },
  { key: 'connected', icon: IconLink, color: 'teal' },
  { key: 'connectedAutomatically', icon: IconBolt, color: 'grape' },
  { key: 'openVouchers', icon: IconReceipt, color: 'gray' },
];

const labelKeys = {
  missing: 'matching.counts.missing',
  withSuggestions: 'matching.counts.withSuggestions',
  connected: 'matching.counts.connected',
  connectedAutomatically: 'matching.counts.connectedAutomatically',
  openVouchers: 'matching.counts.openVouchers',
} as const satisfies Record<keyof ConnectMissingCounts, string>;

/** Where the company stands: what still lacks a voucher, what has suggestions, what is connected and how. */
export function MatchingCounts({ counts }: { counts: ConnectMissingCounts | undefined }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 5 }}
      spacing="sm"
      role="list"
      aria-label={t('matching.counts.label')}
      data-testid="matching-counts"
    >
      {tiles.map((tile) => (
        <Paper
          key={tile.key}
          withBorder
          radius="lg"
          p="md"
          role="listitem"
          aria-label={`${t(labelKeys[tile.key])}: ${counts?.[tile.key] ?? ''}`}
          data-testid={`count-${tile.key}`}
        >
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color={tile.color} size={38} radius="md">
              <tile.icon size={20} aria-hidden />
            </ThemeIcon>
            <div>
              {counts ? (
                <Text
                  fz={22}
                  fw={700}
                  lh={1.2}
                  data-testid="count-value"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {counts[tile.key]}
                </Text>
              ) : (
                <Skeleton h={26} w={40} />
              )}
              <Text size="xs" c="dimmed" lh={1.3}>
                {t(labelKeys[tile.key])}
              </Text>
            </div>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
