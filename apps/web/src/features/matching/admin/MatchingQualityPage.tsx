import { Card, Stack, Table, Text } from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { IconChartBar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { KEYWORD_DELAY_MS, useFilterText } from '../../../ui/FilterBar';
import { ListSearchHead } from '../../../ui/ListSearchHead';
import { ListEmpty } from '../../../ui/PagedList';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryGate } from '../../../ui/QueryGate';
import { keyboardScrollArea } from '../../../ui/scroll';
import { sharePercent } from '../matching.format';
import { adminMatchingKeys } from './admin-matching.queries';

const KEYWORD_PARAM = 'q';
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** How well matching does for each company: how much is connected without a person, and how often people disagree. */
export default function MatchingQualityPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(`${t('nav.adminMatchingQuality')} – Bilag`);
  const keyword = searchParams.get(KEYWORD_PARAM)?.trim() || undefined;
  const keywordText = useFilterText(keyword ?? '');
  const quality = useQuery(adminMatchingKeys.quality(keyword));

  const submitKeyword = useDebouncedCallback((text: string) => {
    keywordText.markSubmitted(text.trim());
    const next = new URLSearchParams(searchParams);
    if (text.trim() === '') next.delete(KEYWORD_PARAM);
    else next.set(KEYWORD_PARAM, text.trim());
    setSearchParams(next, { replace: true });
  }, KEYWORD_DELAY_MS);

  const numberHeader = (label: string, rowSpan?: number) => (
    <Table.Th ta="right" rowSpan={rowSpan} style={{ verticalAlign: 'bottom' }}>
      {label}
    </Table.Th>
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

      <Card withBorder radius="lg" padding={0}>
        <ListSearchHead
          label={t('adminMatching.quality.search')}
          placeholder={t('adminMatching.quality.searchPlaceholder')}
          value={keywordText.text}
          onChange={(value) => {
            keywordText.setText(value);
            submitKeyword(value);
          }}
          count={quality.data ? t('adminMatching.quality.count', { count: quality.data.length }) : undefined}
          isFetching={quality.isFetching}
          searchTestId="quality-search"
          countTestId="quality-count"
          maxWidth={360}
        />

        <QueryGate
          query={quality}
          forbiddenTo="/unauthorized"
          isEmpty={(data) => data.length === 0}
          empty={
            <ListEmpty
              icon={<IconChartBar size={28} aria-hidden />}
              title={t('adminMatching.quality.emptyTitle')}
              description={t('adminMatching.quality.emptyText')}
              data-testid="quality-empty"
            />
          }
          isInset
        >
          {(data) => (
            <Table.ScrollContainer minWidth={1000} scrollAreaProps={keyboardScrollArea}>
              <Table
                verticalSpacing="xs"
                highlightOnHover
                stickyHeader
                aria-label={t('adminMatching.quality.title')}
              >
                <Table.Thead>
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
                </Table.Thead>
                <Table.Tbody>
                  {data.map((row) => (
                    <Table.Tr key={row.CompanyId} data-testid={`quality-row-${row.CompanyId}`}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {row.CompanyName}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {row.Transactions}
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {row.Missing}
                      </Table.Td>
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
                      <Table.Td ta="right" style={numeric}>
                        {row.ConnectedByRule}
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {row.ConnectedByHand}
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {row.SuggestionsOpen}
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {row.SuggestionsAccepted}
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {row.SuggestionsRejected}
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {row.AutomaticUndone}
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {row.ModelPairs}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryGate>
      </Card>
      <Text size="xs" c="dimmed">
        {t('adminMatching.quality.shareHint')}
      </Text>
    </Stack>
  );
}
