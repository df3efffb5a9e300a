import type { TaskDetail, TaskLink } from '@bilag/contracts';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { DateFormat, formatDate } from '../../ui/dates';
import { QueryGate } from '../../ui/QueryGate';
import { SectionCard } from '../../ui/SectionCard';
import { RichTextView } from './editor/LazyRichText';
import { TaskAttachments } from './TaskAttachments';
import { TaskDueDate, TaskLabelBadges, TaskStatusBadge } from './TaskBadges';
import { TaskComments } from './TaskComments';
import { TaskForm } from './TaskForm';
import { TaskHistory } from './TaskHistory';
import { TaskStatusActions } from './TaskStatusActions';
import { toTaskFormValues } from './task.form';
import { useDeleteTaskMutation, useUpdateTaskMutation } from './task.mutations';
import { taskKeys } from './task.queries';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** Where the record a task points at is opened in the app. */
function linkPath(link: TaskLink): string {
  switch (link.kind) {
    case 'voucher':
      return `voucher/${link.id}`;
    case 'transaction':
      return `bank?transaction=${link.id}`;
    case 'payment':
      return 'payments/payment-list';
  }
}

function TaskFacts({ task }: { task: TaskDetail }) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const requirements = [
    task.isRequireNote ? t('tasks.requires.note') : null,
    task.isRequireVoucher ? t('tasks.requires.voucher') : null,
  ].filter((text) => text !== null);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
      <Fact label={t('tasks.fields.assignees')}>
        <Text size="sm" data-testid="task-detail-assignees">
          {task.assignees.length === 0
            ? t('tasks.unassigned')
            : task.assignees.map((user) => user.fullName).join(', ')}
        </Text>
      </Fact>
      <Fact label={t('tasks.fields.dueDate')}>
        <TaskDueDate dueDate={task.dueDate} isOverdue={task.isOverdue} />
      </Fact>
      <Fact label={t('tasks.fields.link')}>
        {task.link ? (
          <Anchor
            component={Link}
            to={companyPath(company, linkPath(task.link))}
            size="sm"
            data-testid="task-link"
          >
            {t(`tasks.link.open.${task.link.kind}`, { id: task.link.id })}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('tasks.link.none')}
          </Text>
        )}
      </Fact>
      <Fact label={t('tasks.fields.requires')}>
        <Text size="sm">
          {requirements.length === 0 ? t('tasks.requires.nothing') : requirements.join(', ')}
        </Text>
      </Fact>
      <Fact label={t('tasks.fields.created')}>
        <Text size="sm">
          {t('tasks.createdBy', {
            name: task.createdByName ?? t('tasks.history.system'),
            date: formatDate(task.createdAt, DateFormat.dateTime),
          })}
        </Text>
      </Fact>
      {task.completedAt && (
        <Fact label={t('tasks.fields.completed')}>
          <Text size="sm">{formatDate(task.completedAt, DateFormat.dateTime)}</Text>
        </Fact>
      )}
    </SimpleGrid>
  );
}

function TaskDetailView({ task, onDeleted }: { task: TaskDetail; onDeleted: () => void }) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const users = useQuery(taskKeys.assignableUsers(company.Id));
  const labels = useQuery(taskKeys.labels(company.Id));
  const update = useUpdateTaskMutation(company.Id, task.id);
  const remove = useDeleteTaskMutation(company.Id);
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const mentionUsers = users.data ?? [];

  return (
    <Stack gap="lg">
      <SectionCard headingId="task-detail-heading">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <TaskStatusBadge status={task.status} />
                {task.templateId !== 0 && (
                  <Badge variant="outline" color="gray" size="sm">
                    {t('tasks.fromTemplate')}
                  </Badge>
                )}
              </Group>
              <Title order={2} fz="xl" id="task-detail-heading" data-testid="task-detail-title">
                {task.title}
              </Title>
              <TaskLabelBadges labels={task.labels} />
            </Stack>
            {!isEditing && (
              <Group gap={4} wrap="nowrap">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  onClick={() => setIsEditing(true)}
                  data-testid="task-edit"
                >
                  {t('tasks.edit')}
                </Button>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={t('tasks.moreActions')}>
                      <IconDots size={18} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => setIsConfirmingDelete(true)}
                      data-testid="task-delete"
                    >
                      {t('tasks.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            )}
          </Group>
          {isEditing ? (
            <TaskForm
              companyId={company.Id}
              initialValues={toTaskFormValues(task)}
              isEditing
              isSaving={update.isPending}
              onSubmit={(fields) => update.mutate(fields, { onSuccess: () => setIsEditing(false) })}
              onCancel={() => setIsEditing(false)}
            />
          ) : (
            <>
              <TaskStatusActions companyId={company.Id} task={task} />
              <TaskFacts task={task} />
              <Stack gap={4}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {t('tasks.fields.description')}
                </Text>
                {task.description ? (
                  <RichTextView html={task.description} data-testid="task-detail-description" />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('tasks.noDescription')}
                  </Text>
                )}
              </Stack>
              {task.content && (
                <Stack gap={4}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    {t('tasks.fields.note')}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="task-detail-note">
                    {task.content}
                  </Text>
                </Stack>
              )}
            </>
          )}
        </Stack>
      </SectionCard>
      <TaskAttachments companyId={company.Id} taskId={task.id} files={task.files} />
      <TaskComments
        companyId={company.Id}
        taskId={task.id}
        comments={task.comments}
        mentionUsers={mentionUsers}
      />
      <TaskHistory
        entries={task.history}
        users={[...mentionUsers, ...task.assignees]}
        labels={[...(labels.data ?? []), ...task.labels]}
      />
      <ConfirmModal
        opened={isConfirmingDelete}
        title={t('tasks.deleteTitle')}
        text={t('tasks.deleteText', { title: task.title })}
        confirmLabel={t('tasks.delete')}
        cancelLabel={t('tasks.form.cancel')}
        isPending={remove.isPending}
        onCancel={() => setIsConfirmingDelete(false)}
        onConfirm={() =>
          remove.mutate(task.id, {
            onSuccess: onDeleted,
            onSettled: () => setIsConfirmingDelete(false),
          })
        }
        data-testid="task-delete-confirm"
      />
    </Stack>
  );
}

type TaskDrawerProps = { companyId: number; taskId: number | undefined; onClose: () => void };

/** One task beside the list, opened by the address (?taskId=N), so a notification's link opens it too. */
export function TaskDrawer({ companyId, taskId, onClose }: TaskDrawerProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 48em)');
  const detail = useQuery({ ...taskKeys.detail(companyId, taskId ?? 0), enabled: taskId !== undefined });
  return (
    <Drawer
      opened={taskId !== undefined}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 720}
      title={t('tasks.drawerTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ body: { paddingBottom: 'var(--mantine-spacing-xl)' } }}
      data-testid="task-drawer"
    >
      {taskId !== undefined && (
        <QueryGate query={detail} errorTitle={t('tasks.loadFailed')}>
          {(task) => <TaskDetailView key={task.id} task={task} onDeleted={onClose} />}
        </QueryGate>
      )}
    </Drawer>
  );
}
