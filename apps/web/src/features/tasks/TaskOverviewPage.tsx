import { TASK_PAGE_SIZE } from '@bilag/contracts';
import { formatDate } from '@bilag/domain/dates/norwegian-dates';
import { Anchor, Group, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { companyPath } from '../../app/company/company-path';
import { DateTextInput } from '../../ui/DateTextInput';
import { FilterResetButton, useFilterText } from '../../ui/FilterBar';
import { ListCard, usePagedList } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { countActiveFilters } from '../../ui/url-filter';
import { companyKeys } from '../companies';
import { TaskAssignees, TaskDueDate, TaskLabelBadges, TaskStatusBadge } from './TaskBadges';
import { OPEN_TASK_PARAM, TASK_STATUS_FILTERS, type TaskStatusFilter } from './task.filter';
import { taskKeys } from './task.queries';
import { taskOverviewUrlFilter, useTaskOverviewFilter } from './task-overview.filter';

const FILTER_FIELDS = ['companyId', 'isOnlyMine', 'dueBefore', 'status'] as const;

/**
 * /{company}/task-overview: the bureau's view of the open tasks of every company the person serves,
 * overdue first; each opens in its own company.
 */
export default function TaskOverviewPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('nav.taskOverview')} – Bilag`);
  const { filter, onChangeFilter, onResetFilter } = useTaskOverviewFilter();
  const overview = useQuery(taskKeys.overview(filter));
  const companies = useQuery(companyKeys.list());
  const dueBefore = useFilterText(filter.dueBefore ? formatDate(filter.dueBefore) : '');
  const { rows, summary, pagination } = usePagedList(overview.data, {
    filter: { pageNumber: filter.pageNumber, pageSize: TASK_PAGE_SIZE },
    onChangeFilter,
  });
  const isFiltered = countActiveFilters(taskOverviewUrlFilter, filter, FILTER_FIELDS) > 0;

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader title={t('tasks.overview.title')} subtitle={t('tasks.overview.subtitle')} />
      <ListCard
        filters={
          <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label={t('tasks.filters.region')}>
            <Select
              label={t('tasks.overview.company')}
              placeholder={t('tasks.overview.allCompanies')}
              data={(companies.data?.rows ?? []).map((company) => ({
                value: String(company.Id),
                label: company.Name,
              }))}
              value={filter.companyId === undefined ? null : String(filter.companyId)}
              onChange={(value) => onChangeFilter({ companyId: value === null ? undefined : Number(value) })}
              clearable
              searchable
              w={240}
              data-testid="overview-company"
            />
            <Select
              label={t('tasks.filters.status')}
              data={TASK_STATUS_FILTERS.map((value) => ({ value, label: t(`tasks.statusFilter.${value}`) }))}
              value={filter.status}
              onChange={(value) => value && onChangeFilter({ status: value as TaskStatusFilter })}
              allowDeselect={false}
              w={160}
              data-testid="overview-status"
            />
            <DateTextInput
              label={t('tasks.overview.dueBefore')}
              value={dueBefore.text}
              onChange={dueBefore.setText}
              onCommit={(date) => {
                dueBefore.markSubmitted(date ? formatDate(date) : '');
                if (date !== (filter.dueBefore ?? null)) onChangeFilter({ dueBefore: date ?? undefined });
              }}
              w={160}
              data-testid="overview-due-before"
            />
            <Switch
              label={t('tasks.overview.onlyMine')}
              checked={filter.isOnlyMine}
              onChange={(event) => onChangeFilter({ isOnlyMine: event.currentTarget.checked })}
              mb={8}
              data-testid="overview-only-mine"
            />
            {isFiltered && <FilterResetButton label={t('tasks.filters.reset')} onReset={onResetFilter} />}
          </Group>
        }
        countRow={{
          summary:
            summary &&
            overview.data &&
            `${summary} · ${t('tasks.overdueCount', { count: overview.data.overdue })}`,
          'data-testid': 'overview-count',
        }}
        query={overview}
        forbiddenTo="/unauthorized"
        empty={{
          icon: <IconChecklist size={28} aria-hidden />,
          title: isFiltered ? t('tasks.emptyFilteredTitle') : t('tasks.overview.emptyTitle'),
          description: isFiltered ? t('tasks.emptyFilteredText') : t('tasks.overview.emptyText'),
          'data-testid': 'overview-empty',
        }}
        pagination={pagination}
      >
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" aria-label={t('tasks.overview.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tasks.overview.company')}</Table.Th>
                <Table.Th>{t('tasks.columns.task')}</Table.Th>
                <Table.Th>{t('tasks.columns.assignees')}</Table.Th>
                <Table.Th>{t('tasks.columns.due')}</Table.Th>
                <Table.Th>{t('tasks.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((task) => {
                const href = `${companyPath({ Alias: task.companyAlias }, 'task')}?${OPEN_TASK_PARAM}=${task.id}`;
                return (
                  <Table.Tr
                    key={task.id}
                    data-overdue={task.isOverdue || undefined}
                    data-testid={`overview-row-${task.id}`}
                  >
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={href}
                        size="sm"
                        fw={600}
                        data-testid="overview-company-link"
                      >
                        {task.companyName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4}>
                        <Text size="sm">{task.title}</Text>
                        <TaskLabelBadges labels={task.labels} />
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <TaskAssignees users={task.assignees} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      <TaskDueDate dueDate={task.dueDate} isOverdue={task.isOverdue} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <TaskStatusBadge status={task.status} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>
    </Stack>
  );
}
