import type { PeriodMonth, PeriodOverviewRow, PeriodSummary } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { Anchor, Card, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { companyPath } from '../../app/company/company-path';
import { dateLocaleTag } from '../../i18n/language';
import { useLanguage } from '../../i18n/useLanguage';
import { displayTimeZone } from '../../ui/dates';
import { formatMoney } from '../../ui/format';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { ListEmpty } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { SortableHeader } from '../../ui/SortableHeader';
import { PeriodStateBadge } from './PeriodBadges';
import { PeriodStateTotals } from './PeriodStateTotals';
import { addMonths, lastEndedMonth, monthInSentence, monthLabel, shortMonthLabel } from './period.month';
import { periodKeys } from './period.queries';
import {
  blockedAmountOre,
  OVERVIEW_MONTH_COUNTS,
  OVERVIEW_STATE_FILTERS,
  type OverviewStateFilter,
  overviewRows,
  rowBlockedAmountOre,
  stateTotals,
  usePeriodOverviewFilter,
} from './period-overview';

/** How far back the last month shown can be chosen: three years of ended months. */
const UNTIL_CHOICES = 36;

/**
 * /{company}/period-overview: the bureau's view of which months of every company it serves are closed,
 * ready or blocked, and by how much; a company opens on its own period page.
 */
export default function PeriodOverviewPage() {
  const { t } = useTranslation();
  const locale = dateLocaleTag(useLanguage());
  useDocumentTitle(`${t('nav.periodOverview')} – Bilag`);
  const { filter, onChangeFilter } = usePeriodOverviewFilter();
  const overview = useQuery(periodKeys.overview({ until: filter.until, months: filter.months }));
  const lastEnded = lastEndedMonth(todayIsoDate(displayTimeZone()));
  const until = filter.until ?? lastEnded;
  const untilChoices = Array.from({ length: UNTIL_CHOICES }, (_, index) => addMonths(lastEnded, -index));
  const untilOptions = (untilChoices.includes(until) ? untilChoices : [until, ...untilChoices]).map(
    (month) => ({
      value: month,
      label: monthLabel(month, locale),
    }),
  );

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('periods.overview.title')} subtitle={t('periods.overview.subtitle')} />
      <Card withBorder radius="lg" padding={0}>
        <Group
          gap="md"
          align="flex-end"
          wrap="wrap"
          p="md"
          role="search"
          aria-label={t('periods.overview.filters')}
        >
          <Select
            label={t('periods.overview.until')}
            data={untilOptions}
            value={until}
            onChange={(value) => {
              if (value !== null) onChangeFilter({ until: value === lastEnded ? undefined : value });
            }}
            allowDeselect={false}
            w={200}
            data-testid="overview-until"
          />
          <Select
            label={t('periods.overview.months')}
            data={OVERVIEW_MONTH_COUNTS.map((count) => ({
              value: String(count),
              label: t('periods.overview.monthCount', { count }),
            }))}
            value={String(filter.months)}
            onChange={(value) => {
              if (value !== null) onChangeFilter({ months: Number(value) });
            }}
            allowDeselect={false}
            w={150}
            data-testid="overview-months"
          />
          <Select
            label={t('periods.overview.state')}
            data={OVERVIEW_STATE_FILTERS.map((state) => ({
              value: state,
              label: t(`periods.overview.stateFilter.${state}`),
            }))}
            value={filter.state}
            onChange={(value) => {
              if (value !== null) onChangeFilter({ state: value as OverviewStateFilter });
            }}
            allowDeselect={false}
            w={240}
            data-testid="overview-state"
          />
        </Group>
        <QueryGate
          query={overview}
          errorTitle={t('periods.overview.loadFailed')}
          forbiddenTo="/unauthorized"
          isInset
        >
          {(data) => {
            const rows = overviewRows(data.rows, filter, locale);
            return (
              <>
                <Group justify="space-between" px="md" pb="sm" mih={30} gap="sm">
                  <Text size="sm" c="dimmed" aria-live="polite" data-testid="overview-count">
                    {t('periods.overview.companyCount', { count: rows.length })}
                  </Text>
                  <Group gap="sm">
                    <PeriodStateTotals totals={stateTotals(rows)} />
                    {overview.isFetching && <LoadingSpinner size="xs" />}
                  </Group>
                </Group>
                {rows.length === 0 ? (
                  <ListEmpty
                    icon={<IconCalendarCheck size={28} aria-hidden />}
                    title={
                      data.rows.length === 0
                        ? t('periods.overview.emptyTitle')
                        : t('periods.overview.emptyFilteredTitle')
                    }
                    description={
                      data.rows.length === 0
                        ? t('periods.overview.emptyText')
                        : t('periods.overview.emptyFilteredText')
                    }
                    data-testid="overview-empty"
                  />
                ) : (
                  <OverviewTable
                    months={data.months}
                    rows={rows}
                    sort={{ sortBy: filter.sortBy, sortType: filter.sortType }}
                    onSort={(sortBy, sortType) => onChangeFilter({ sortBy, sortType })}
                    locale={locale}
                  />
                )}
              </>
            );
          }}
        </QueryGate>
      </Card>
    </Stack>
  );
}

type OverviewTableProps = {
  months: PeriodMonth[];
  rows: PeriodOverviewRow[];
  sort: { sortBy: 'name' | 'blocked'; sortType: 'asc' | 'desc' };
  onSort: (sortBy: 'name' | 'blocked', sortType: 'asc' | 'desc') => void;
  locale: string;
};

function OverviewTable({ months, rows, sort, onSort, locale }: OverviewTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={300 + months.length * 100}>
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t('periods.overview.tableLabel')}
        data-testid="overview-table"
      >
        <Table.Thead>
          <Table.Tr>
            <SortableHeader
              field="name"
              label={t('periods.overview.company')}
              filter={sort}
              onSort={onSort}
              isAscendingFirst
            />
            {months.map((month) => (
              <Table.Th key={month} style={{ whiteSpace: 'nowrap' }}>
                <span aria-hidden>{shortMonthLabel(month, locale)}</span>
                <VisuallyHidden>{monthLabel(month, locale)}</VisuallyHidden>
              </Table.Th>
            ))}
            <SortableHeader
              field="blocked"
              label={t('periods.overview.blocked')}
              filter={sort}
              onSort={onSort}
              isNumeric
            />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <OverviewRow key={row.companyId} row={row} months={months} locale={locale} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function OverviewRow({
  row,
  months,
  locale,
}: {
  row: PeriodOverviewRow;
  months: PeriodMonth[];
  locale: string;
}) {
  const { t } = useTranslation();
  const company = { Alias: row.companyAlias };
  const byMonth = new Map(row.months.map((summary) => [summary.month, summary]));
  const blocked = rowBlockedAmountOre(row);
  return (
    <Table.Tr data-testid={`overview-row-${row.companyId}`}>
      <Table.Td>
        <Anchor
          component={Link}
          to={companyPath(company, 'period')}
          size="sm"
          fw={600}
          data-testid="overview-company-link"
        >
          {row.companyName}
        </Anchor>
      </Table.Td>
      {months.map((month) => {
        const summary = byMonth.get(month);
        return (
          <Table.Td key={month} data-testid={`overview-cell-${month}`} data-state={summary?.state}>
            {summary ? (
              <OverviewCell
                summary={summary}
                to={companyPath(company, `period/${month}`)}
                label={t('periods.overview.cellLabel', {
                  company: row.companyName,
                  month: monthInSentence(month, locale),
                })}
              />
            ) : (
              '—'
            )}
          </Table.Td>
        );
      })}
      <Table.Td
        ta="right"
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        data-testid="overview-blocked"
      >
        {blocked === 0 ? (
          <Text span size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Text span size="sm" fw={600} c="red.9">
            {formatMoney(blocked, 'NOK')}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * One company's month: its state, opening the month, and for a blocked one what blocks it in kroner. The
 * link is named by the state it shows, then by the company and month, so speech input can say what it sees.
 */
function OverviewCell({ summary, to, label }: { summary: PeriodSummary; to: string; label: string }) {
  const amount = blockedAmountOre(summary);
  return (
    <Stack gap={2} align="flex-start">
      <Anchor component={Link} to={to} underline="never" data-testid="overview-cell-link">
        <PeriodStateBadge state={summary.state} isShort hiddenSuffix={label} />
      </Anchor>
      {amount > 0 && (
        <Text
          size="xs"
          c="red.9"
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          data-testid="overview-cell-amount"
        >
          {formatMoney(amount, 'NOK')}
        </Text>
      )}
    </Stack>
  );
}
