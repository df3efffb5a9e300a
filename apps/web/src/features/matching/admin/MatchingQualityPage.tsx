import { Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChartBar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useKeywordParam } from '../../../ui/FilterBar';
import { PageHeader } from '../../../ui/PageHeader';
import { SearchListCard } from '../../../ui/SearchListCard';
import { keyboardScrollArea } from '../../../ui/scroll';
import { sharePercent } from '../matching.format';
import { adminMatchingKeys } from './admin-matching.queries';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** How well matching does for each company: how much is connected without a person, and how often people disagree. */
export default function MatchingQualityPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('nav.adminMatchingQuality')} – Bilag`);
  const { keyword, keywordText } = useKeywordParam();
  const quality = useQuery(adminMatchingKeys.quality(keyword));

  const numberHeader = (label: string, rowSpan?: number) => (
    <Table.Th ta="right" rowSpan={rowSpan} style={{ verticalAlign: 'bottom' }}>
      {label}
    </Table.Th>
  );
  const numberCell = (value: number) => (
    <Table.Td ta="right" style={numeric}>
      {value}
    </Table.Td>
  );
  const groupHeader = (label: string) => (
    <Table.Th
      colSpan={3}
      ta="center"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {label}
    </Table.Th>
  );

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('adminMatching.quality.title')} subtitle={t('adminMatching.quality.subtitle')} />

      <SearchListCard
        search={{
          label: t('adminMatching.quality.search'),
          placeholder: t('adminMatching.quality.searchPlaceholder'),
          value: keywordText.text,
          onChange: keywordText.onChange,
          count: quality.data ? t('adminMatching.quality.count', { count: quality.data.length }) : undefined,
          isFetching: quality.isFetching,
          searchTestId: 'quality-search',
          countTestId: 'quality-count',
          maxWidth: 360,
        }}
        query={quality}
        forbiddenTo="/unauthorized"
        isEmpty={(data) => data.length === 0}
        empty={{
          icon: <IconChartBar size={28} aria-hidden />,
          title: t('adminMatching.quality.emptyTitle'),
          description: t('adminMatching.quality.emptyText'),
          'data-testid': 'quality-empty',
        }}
        table={{
          label: t('adminMatching.quality.title'),
          minWidth: 1000,
          stickyHeader: true,
          scrollAreaProps: keyboardScrollArea,
        }}
        head={
          <>
            <Table.Tr>
              <Table.Th rowSpan={2} style={{ verticalAlign: 'bottom' }}>
                {t('adminMatching.fields.company')}
              </Table.Th>
              {numberHeader(t('adminMatching.fields.transactions'), 2)}
              {numberHeader(t('adminMatching.fields.missing'), 2)}
              {groupHeader(t('adminMatching.fields.connected'))}
              {groupHeader(t('adminMatching.fields.suggestions'))}
              {numberHeader(t('adminMatching.fields.automaticUndone'), 2)}
              {numberHeader(t('adminMatching.fields.modelPairs'), 2)}
            </Table.Tr>
            <Table.Tr>
              {numberHeader(t('adminMatching.fields.automaticShare'))}
              {numberHeader(t('adminMatching.fields.byRule'))}
              {numberHeader(t('adminMatching.fields.byHand'))}
              {numberHeader(t('adminMatching.fields.suggestionsOpen'))}
              {numberHeader(t('adminMatching.fields.suggestionsAccepted'))}
              {numberHeader(t('adminMatching.fields.suggestionsRejected'))}
            </Table.Tr>
          </>
        }
      >
        {(data) =>
          data.map((row) => (
            <Table.Tr key={row.CompanyId} data-testid={`quality-row-${row.CompanyId}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {row.CompanyName}
                </Text>
              </Table.Td>
              {numberCell(row.Transactions)}
              {numberCell(row.Missing)}
              <Table.Td ta="right" style={numeric} data-testid="automatic-share">
                <Text span size="sm" fw={600}>
                  {t('common.percent', {
                    percent: sharePercent(row.ConnectedAutomatically, row.Transactions),
                  })}
                </Text>{' '}
                <Text span size="xs" c="dimmed">
                  ({row.ConnectedAutomatically})
                </Text>
              </Table.Td>
              {numberCell(row.ConnectedByRule)}
              {numberCell(row.ConnectedByHand)}
              {numberCell(row.SuggestionsOpen)}
              {numberCell(row.SuggestionsAccepted)}
              {numberCell(row.SuggestionsRejected)}
              {numberCell(row.AutomaticUndone)}
              {numberCell(row.ModelPairs)}
            </Table.Tr>
          ))
        }
      </SearchListCard>
      <Text size="xs" c="dimmed">
        {t('adminMatching.quality.shareHint')}
      </Text>
    </Stack>
  );
}
