import { TASK_PAGE_SIZE, type Task } from '@bilag/contracts';
import { Button, Group, Select, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconListCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { AppModal } from '../../ui/AppModal';
import { FilterResetButton, useKeywordText } from '../../ui/FilterBar';
import { ListCard, usePagedList } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { TaskDrawer } from './TaskDrawer';
import { TaskForm } from './TaskForm';
import { TaskSectionNav } from './TaskSectionNav';
import { TaskTable } from './TaskTable';
import {
  isTaskListFiltered,
  OPEN_TASK_PARAM,
  readOpenTaskId,
  TASK_STATUS_FILTERS,
  type TaskStatusFilter,
  useTaskFilter,
} from './task.filter';
import { EMPTY_TASK_FORM } from './task.form';
import { useCreateTaskMutation, useMoveTaskMutation } from './task.mutations';
import { type MoveDirection, moveItem, newNeighbour, stepTarget } from './task.order';
import { taskKeys } from './task.queries';

/** /{company}/task: the company's tasks in their order, filtered, reordered, made and opened. */
export default function TasksPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const location = useLocation();
  useDocumentTitle(`${t('nav.tasks')} – ${company.Name} – Bilag`);
  const { filter, searchParams, onChangeFilter, onChangeSearchParams, onResetFilter } = useTaskFilter();
  const listQuery = taskKeys.list(company.Id, filter);
  const list = useQuery(listQuery);
  const users = useQuery(taskKeys.assignableUsers(company.Id));
  const labels = useQuery(taskKeys.labels(company.Id));
  const keyword = useKeywordText(filter.keyword, (submitted) =>
    onChangeFilter({ keyword: submitted }, { isReplacing: true }),
  );
  const { rows, summary, pagination } = usePagedList(list.data, {
    filter: { pageNumber: filter.pageNumber, pageSize: TASK_PAGE_SIZE },
    onChangeFilter,
  });
  const create = useCreateTaskMutation(company.Id);
  const move = useMoveTaskMutation(company.Id, listQuery.queryKey);
  const [isCreating, setIsCreating] = useState(false);
  const [formVersion, setFormVersion] = useState(0);
  const [moveAnnouncement, setMoveAnnouncement] = useState('');
  const handleToFocus = useRef<number | null>(null);
  const openTaskId = readOpenTaskId(searchParams);

  // A row moved by the keyboard is put elsewhere in the table; its handle keeps the focus there.
  useEffect(() => {
    const taskId = handleToFocus.current;
    if (taskId === null || !rows.some((task) => task.id === taskId)) return;
    handleToFocus.current = null;
    document.querySelector<HTMLElement>(`[data-task-handle="${taskId}"]`)?.focus();
  }, [rows]);

  function hrefOf(task: Task): string {
    const params = new URLSearchParams(location.search);
    params.set(OPEN_TASK_PARAM, String(task.id));
    return `${location.pathname}?${params}`;
  }

  function onCloseTask() {
    onChangeSearchParams((params) => params.delete(OPEN_TASK_PARAM), { isKeepingPage: true });
  }

  function moveTo(task: Task, toIndex: number) {
    const fromIndex = rows.findIndex((row) => row.id === task.id);
    const shownAfterMove = moveItem(rows, fromIndex, toIndex);
    const neighbour = newNeighbour(
      shownAfterMove.map((row) => row.id),
      task.id,
    );
    if (fromIndex === -1 || fromIndex === toIndex || !neighbour) return;
    move.mutate({ taskId: task.id, neighbour, shownAfterMove });
    setMoveAnnouncement(
      t('tasks.move.moved', { title: task.title, place: toIndex + 1, count: shownAfterMove.length }),
    );
  }

  function onStep(task: Task, direction: MoveDirection) {
    const index = rows.findIndex((row) => row.id === task.id);
    const target = stepTarget(index, direction, rows.length);
    if (target === null) return;
    handleToFocus.current = task.id;
    moveTo(task, target);
  }

  function onOpenCreate() {
    setFormVersion((version) => version + 1);
    setIsCreating(true);
  }

  const isFiltered = isTaskListFiltered(filter);
  const userOptions = (users.data ?? []).map((user) => ({ value: String(user.id), label: user.fullName }));
  const labelOptions = (labels.data ?? []).map((label) => ({ value: String(label.id), label: label.name }));

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('tasks.title')} subtitle={t('tasks.subtitle', { company: company.Name })}>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={onOpenCreate}
          data-testid="task-new"
        >
          {t('tasks.new')}
        </Button>
      </PageHeader>
      <TaskSectionNav />

      <ListCard
        filters={
          <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label={t('tasks.filters.region')}>
            <TextInput
              label={t('tasks.filters.search')}
              placeholder={t('tasks.filters.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              type="search"
              value={keyword.text}
              onChange={(event) => keyword.onChange(event.currentTarget.value)}
              w={{ base: '100%', sm: 260 }}
              maxLength={200}
              data-testid="task-search"
            />
            <Select
              label={t('tasks.filters.status')}
              data={TASK_STATUS_FILTERS.map((value) => ({ value, label: t(`tasks.statusFilter.${value}`) }))}
              value={filter.status}
              onChange={(value) => value && onChangeFilter({ status: value as TaskStatusFilter })}
              allowDeselect={false}
              w={160}
              data-testid="task-status-filter"
            />
            <Select
              label={t('tasks.filters.assignee')}
              placeholder={t('tasks.filters.anyone')}
              data={userOptions}
              value={filter.assigneeUserId === undefined ? null : String(filter.assigneeUserId)}
              onChange={(value) =>
                onChangeFilter({ assigneeUserId: value === null ? undefined : Number(value) })
              }
              clearable
              searchable
              w={200}
              data-testid="task-assignee-filter"
            />
            <Select
              label={t('tasks.filters.label')}
              placeholder={t('tasks.filters.anyLabel')}
              data={labelOptions}
              value={filter.labelId === undefined ? null : String(filter.labelId)}
              onChange={(value) => onChangeFilter({ labelId: value === null ? undefined : Number(value) })}
              clearable
              searchable
              w={180}
              data-testid="task-label-filter"
            />
            {isFiltered && (
              <FilterResetButton
                label={t('tasks.filters.reset')}
                onReset={() => {
                  keyword.cancel();
                  onResetFilter();
                }}
              />
            )}
          </Group>
        }
        countRow={{
          summary,
          'data-testid': 'task-count',
        }}
        query={list}
        empty={{
          icon: <IconListCheck size={28} aria-hidden />,
          title: isFiltered ? t('tasks.emptyFilteredTitle') : t('tasks.emptyTitle'),
          description: isFiltered ? t('tasks.emptyFilteredText') : t('tasks.emptyText'),
          'data-testid': 'task-empty',
        }}
        pagination={pagination}
      >
        <TaskTable tasks={rows} hrefOf={hrefOf} onDrop={moveTo} onStep={onStep} />
      </ListCard>
      <VisuallyHidden aria-live="polite" data-testid="task-move-announcement">
        {moveAnnouncement}
      </VisuallyHidden>

      <AppModal
        opened={isCreating}
        onClose={() => setIsCreating(false)}
        title={t('tasks.newTitle')}
        size="xl"
        fullScreenBelow="48em"
      >
        <TaskForm
          key={formVersion}
          companyId={company.Id}
          initialValues={EMPTY_TASK_FORM}
          isEditing={false}
          isSaving={create.isPending}
          onSubmit={(fields) => create.mutate(fields, { onSuccess: () => setIsCreating(false) })}
          onCancel={() => setIsCreating(false)}
        />
      </AppModal>

      <TaskDrawer companyId={company.Id} taskId={openTaskId} onClose={onCloseTask} />
    </Stack>
  );
}
