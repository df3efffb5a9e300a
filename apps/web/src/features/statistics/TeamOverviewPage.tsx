import type { TeamCompanyRow } from '@bilag/contracts';
import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { companyPath } from '../../app/company/company-path';
import { dateLocaleTag } from '../../i18n/language';
import { useLanguage } from '../../i18n/useLanguage';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { ListEmpty } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { SortableHeader } from '../../ui/SortableHeader';
import { formatCount } from './statistic.format';
import { statisticKeys } from './statistic.queries';
import {
  sortTeamCompanies,
  TEAM_TODO_FIELDS,
  TeamCompanySort,
  type TeamCompanySortField,
  type TeamSort,
  totalWorkDone,
} from './statistic.team';
import {
  numericCell,
  TeamColumnGroups,
  TeamWeeksSelect,
  TrendArrow,
  useTeamSort,
  useTeamWeeks,
} from './TeamParts';

/**
 * /{company}/team/overview: every company the person serves, with what is still to do and what was done
 * in the chosen weeks; a company opens on its own front page.
 */
export default function TeamOverviewPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('statistics.team.overviewTitle')} – Bilag`);
  const weeks = useTeamWeeks();
  const { sort, onSort } = useTeamSort(TeamCompanySort);
  const team = useQuery(statisticKeys.team(weeks.weeks));

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t('statistics.team.overviewTitle')}
        subtitle={t('statistics.team.overviewSubtitle')}
      />
      <Card withBorder radius="lg" padding={0}>
        <Group gap="md" align="flex-end" p="md" role="search" aria-label={t('statistics.team.filters')}>
          <TeamWeeksSelect {...weeks} />
          {team.isFetching && <LoadingSpinner size="xs" />}
        </Group>
        <QueryGate
          query={team}
          errorTitle={t('statistics.loadFailed')}
          isInset
          isEmpty={(data) => data.companies.length === 0}
          empty={
            <ListEmpty
              icon={<IconUsersGroup size={28} aria-hidden />}
              title={t('statistics.team.emptyTitle')}
              description={t('statistics.team.emptyText')}
              data-testid="team-empty"
            />
          }
        >
          {(data) => (
            <>
              <Text size="sm" c="dimmed" px="md" pb="sm" aria-live="polite" data-testid="team-company-count">
                {t('statistics.team.companyCount', { count: data.companies.length })}
              </Text>
              <CompanyTable rows={data.companies} weekCount={data.weeks.length} sort={sort} onSort={onSort} />
            </>
          )}
        </QueryGate>
      </Card>
    </Stack>
  );
}

type CompanyTableProps = {
  rows: readonly TeamCompanyRow[];
  weekCount: number;
  sort: TeamSort<TeamCompanySortField>;
  onSort: (sortBy: TeamCompanySortField, sortType: 'asc' | 'desc') => void;
};

function CompanyTable({ rows, weekCount, sort, onSort }: CompanyTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const sorted = sortTeamCompanies(rows, sort, dateLocaleTag(language));
  const count = (value: number) => formatCount(value, language);

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="xs"
        highlightOnHover
        aria-label={t('statistics.team.companyTableLabel')}
        data-testid="team-company-table"
      >
        <Table.Thead>
          <TeamColumnGroups leadingColumns={1} weekCount={weekCount} />
          <Table.Tr>
            <SortableHeader
              field="company"
              label={t('statistics.team.company')}
              filter={sort}
              onSort={onSort}
              isAscendingFirst
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
          {sorted.map((row) => {
            const path = companyPath({ Alias: row.companyAlias });
            return (
              <Table.Tr
                key={row.companyId}
                data-testid={`team-company-${row.companyAlias}`}
                // The whole row opens the company; the name is its link for keyboards and screen readers.
                onClick={(event) => {
                  if (!(event.target instanceof Element && event.target.closest('a'))) void navigate(path);
                }}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={path}
                    size="sm"
                    fw={600}
                    aria-label={t('statistics.team.openCompany', { company: row.companyName })}
                    data-testid="team-company-link"
                  >
                    {row.companyName}
                  </Anchor>
                  <Text size="xs" c="dimmed" data-testid="team-accountant">
                    {row.responsibleAccountant?.fullName ?? t('statistics.team.noAccountant')}
                  </Text>
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
                    fw={row.todo[field] > 0 ? 600 : undefined}
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
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
