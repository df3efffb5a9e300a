import type { TeamAccountantRow, TeamWeek } from '@bilag/contracts';
import { BarChart } from '@mantine/charts';
import { Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocaleTag } from '../../i18n/language';
import { useLanguage } from '../../i18n/useLanguage';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { ListEmpty } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { SortableHeader } from '../../ui/SortableHeader';
import { ChartSection, type StatisticColumn, StatisticTable } from './StatisticLayout';
import { formatCount, weekLabel } from './statistic.format';
import { statisticKeys } from './statistic.queries';
import {
  sortTeamAccountants,
  sumWeeks,
  TEAM_TODO_FIELDS,
  TeamAccountantSort,
  type TeamAccountantSortField,
  type TeamSort,
  totalWorkDone,
  workDone,
} from './statistic.team';
import {
  numericCell,
  TeamColumnGroups,
  TeamWeeksSelect,
  TrendArrow,
  useTeamSort,
  useTeamWeeks,
} from './TeamParts';

/** An accountant's key in the chart's choice; the companies without one share a key of their own. */
function accountantKey(row: Pick<TeamAccountantRow, 'accountant'>): string {
  return row.accountant ? String(row.accountant.userId) : 'none';
}

const EVERYONE = 'everyone';

/**
 * /{company}/team/kpi: per responsible accountant, the companies, what they still have to do, and the
 * work done each week, as a chart and a sortable table.
 */
export default function TeamKpiPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('statistics.team.kpiTitle')} – Bilag`);
  const weeks = useTeamWeeks();
  const { sort, onSort } = useTeamSort(TeamAccountantSort);
  const team = useQuery(statisticKeys.team(weeks.weeks));

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('statistics.team.kpiTitle')} subtitle={t('statistics.team.kpiSubtitle')}>
        <Group gap="sm" align="flex-end" role="search" aria-label={t('statistics.team.filters')}>
          {team.isFetching && <LoadingSpinner size="xs" />}
          <TeamWeeksSelect {...weeks} />
        </Group>
      </PageHeader>
      <QueryGate
        query={team}
        errorTitle={t('statistics.loadFailed')}
        isEmpty={(data) => data.accountants.length === 0}
        empty={
          <Card withBorder radius="lg">
            <ListEmpty
              icon={<IconUsersGroup size={28} aria-hidden />}
              title={t('statistics.team.emptyTitle')}
              description={t('statistics.team.emptyText')}
              data-testid="team-empty"
            />
          </Card>
        }
      >
        {(data) => (
          <Stack gap="lg">
            <Card withBorder radius="lg" padding={0}>
              <AccountantTable
                rows={data.accountants}
                weekCount={data.weeks.length}
                sort={sort}
                onSort={onSort}
              />
            </Card>
            <WorkChart accountants={data.accountants} weeks={data.weeks} />
          </Stack>
        )}
      </QueryGate>
    </Stack>
  );
}

type AccountantTableProps = {
  rows: readonly TeamAccountantRow[];
  weekCount: number;
  sort: TeamSort<TeamAccountantSortField>;
  onSort: (sortBy: TeamAccountantSortField, sortType: 'asc' | 'desc') => void;
};

function AccountantTable({ rows, weekCount, sort, onSort }: AccountantTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const sorted = sortTeamAccountants(rows, sort, dateLocaleTag(language));
  const count = (value: number) => formatCount(value, language);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="xs"
        highlightOnHover
        aria-label={t('statistics.team.accountantTableLabel')}
        data-testid="team-accountant-table"
      >
        <Table.Thead>
          <TeamColumnGroups leadingColumns={2} weekCount={weekCount} />
          <Table.Tr>
            <SortableHeader
              field="accountant"
              label={t('statistics.team.accountant')}
              filter={sort}
              onSort={onSort}
              isAscendingFirst
            />
            <SortableHeader
              field="companies"
              label={t('statistics.team.companies')}
              filter={sort}
              onSort={onSort}
              isNumeric
            />
            {TEAM_TODO_FIELDS.map((field) => (
              <SortableHeader
                key={field}
                field={field}
                label={t(`statistics.team.todo.${field}`)}
                filter={sort}
                onSort={onSort}
                isNumeric
              />
            ))}
            <SortableHeader
              field="done"
              label={t('statistics.team.done', { count: weekCount })}
              filter={sort}
              onSort={onSort}
              isNumeric
            />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((row) => (
            <Table.Tr key={accountantKey(row)} data-testid={`team-accountant-${accountantKey(row)}`}>
              <Table.Th scope="row" fw={600} data-testid="team-accountant-name">
                {row.accountant?.fullName ?? (
                  <Text span size="sm" c="dimmed" fw={600}>
                    {t('statistics.team.noAccountant')}
                  </Text>
                )}
              </Table.Th>
              <Table.Td ta="right" style={numericCell} data-column="companies">
                {count(row.companyCount)}
              </Table.Td>
              {TEAM_TODO_FIELDS.map((field) => (
                <Table.Td
                  key={field}
                  ta="right"
                  style={numericCell}
                  c={
                    row.todo[field] > 0 && (field === 'paymentsFailed' || field === 'tasksOverdue')
                      ? 'red.9'
                      : undefined
                  }
                  data-column={field}
                >
                  {count(row.todo[field])}
                </Table.Td>
              ))}
              <Table.Td ta="right" style={numericCell} data-column="done">
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  {count(totalWorkDone(row.weeks))}
                  <TrendArrow weeks={row.weeks} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type WeekRow = TeamWeek & { label: string };

/** The work done per week, of everyone or of one accountant, as stacked bars and the table of them. */
function WorkChart({
  accountants,
  weeks,
}: {
  accountants: readonly TeamAccountantRow[];
  weeks: readonly string[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = dateLocaleTag(language);
  const [chosen, setChosen] = useState(EVERYONE);
  const count = (value: number) => formatCount(value, language);
  const nameOf = (row: TeamAccountantRow) => row.accountant?.fullName ?? t('statistics.team.noAccountant');
  const selected = accountants.find((row) => accountantKey(row) === chosen);
  const shown = sumWeeks(selected ? [selected] : accountants, weeks).map((week) => ({
    ...week,
    label: weekLabel(week.week, locale),
  }));
  const kinds = [
    { name: 'vouchersAdded', label: t('statistics.team.vouchersAdded'), color: 'brand.6' },
    { name: 'transactionsExplained', label: t('statistics.team.transactionsExplained'), color: 'orange.6' },
    { name: 'tasksCompleted', label: t('statistics.team.tasksCompleted'), color: 'grape.6' },
  ] as const;
  const columns: StatisticColumn<WeekRow>[] = [
    { key: 'week', header: t('statistics.team.week'), cell: (row) => row.label },
    ...kinds.map((kind) => ({
      key: kind.name,
      header: kind.label,
      cell: (row: WeekRow) => count(row[kind.name]),
      isNumeric: true,
    })),
    { key: 'total', header: t('statistics.total'), cell: (row) => count(workDone(row)), isNumeric: true },
  ];
  const total = shown.reduce((sum, week) => sum + workDone(week), 0);

  return (
    <ChartSection
      title={t('statistics.team.chartTitle')}
      description={t('statistics.team.chartDescription', {
        who: selected ? nameOf(selected) : t('statistics.team.everyoneInSentence'),
        count: count(total),
      })}
      header={
        <Select
          label={t('statistics.team.chartFor')}
          data={[
            { value: EVERYONE, label: t('statistics.team.everyone') },
            ...accountants.map((row) => ({ value: accountantKey(row), label: nameOf(row) })),
          ]}
          value={chosen}
          onChange={(value) => setChosen(value ?? EVERYONE)}
          allowDeselect={false}
          w={280}
          data-testid="team-chart-for"
        />
      }
      chart={
        <BarChart
          h={300}
          data={shown}
          dataKey="label"
          type="stacked"
          series={kinds.map((kind) => ({ ...kind }))}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={count}
          accessibilityLayer={false}
        />
      }
      table={
        <StatisticTable
          label={t('statistics.team.weekTableTitle')}
          rows={shown}
          rowKey={(row) => row.week}
          columns={columns}
          data-testid="team-week-table"
        />
      }
      data-testid="team-work-section"
    />
  );
}
