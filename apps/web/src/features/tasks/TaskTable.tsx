import type { Task } from '@bilag/contracts';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { restrictToVerticalAxis } from '@dnd-kit/modifiers';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Anchor, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconGripVertical, IconMessage, IconPaperclip } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TaskAssignees, TaskDueDate, TaskLabelBadges, TaskStatusBadge } from './TaskBadges';
import type { MoveDirection } from './task.order';

type TaskRowProps = {
  task: Task;
  href: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onStep: (task: Task, direction: MoveDirection) => void;
};

function TaskRow({ task, href, canMoveUp, canMoveDown, onStep }: TaskRowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: task.id });

  function onHandleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const direction = event.key === 'ArrowUp' ? 'up' : 'down';
      if (direction === 'up' ? canMoveUp : canMoveDown) onStep(task, direction);
      return;
    }
    listeners?.onKeyDown?.(event);
  }

  return (
    <Table.Tr
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        background: isDragging ? 'var(--mantine-color-body)' : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
      data-overdue={task.isOverdue || undefined}
      data-testid={`task-row-${task.id}`}
    >
      <Table.Td w={44}>
        <Tooltip label={t('tasks.move.hint')} openDelay={600} withArrow>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            {...attributes}
            {...listeners}
            onKeyDown={onHandleKeyDown}
            aria-label={t('tasks.move.handle', { title: task.title })}
            style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
            data-task-handle={task.id}
            data-testid="task-move-handle"
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Anchor component={Link} to={href} size="sm" fw={600} c="inherit" data-testid="task-open">
            {task.title}
          </Anchor>
          <Group gap="xs" wrap="wrap">
            <TaskLabelBadges labels={task.labels} />
            {task.commentCount > 0 && (
              <Group gap={2} wrap="nowrap" c="dimmed">
                <IconMessage size={14} aria-hidden />
                <Text size="xs">
                  {task.commentCount}
                  <VisuallyHidden> {t('tasks.commentCount', { count: task.commentCount })}</VisuallyHidden>
                </Text>
              </Group>
            )}
            {task.attachmentCount > 0 && (
              <Group gap={2} wrap="nowrap" c="dimmed">
                <IconPaperclip size={14} aria-hidden />
                <Text size="xs">
                  {task.attachmentCount}
                  <VisuallyHidden>
                    {' '}
                    {t('tasks.attachmentCount', { count: task.attachmentCount })}
                  </VisuallyHidden>
                </Text>
              </Group>
            )}
          </Group>
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
}

type TaskTableProps = {
  tasks: readonly Task[];
  hrefOf: (task: Task) => string;
  /** A task dropped at another row's place. */
  onDrop: (task: Task, toIndex: number) => void;
  /** A task moved one place with the keyboard. */
  onStep: (task: Task, direction: MoveDirection) => void;
};

/**
 * The tasks of a page in their sort order. A task is moved by dragging its handle, or from the keyboard
 * on the handle: Alt+Arrow Up or Down moves it one place, and Space picks it up to move with the arrows
 * and put down with Space again.
 */
export function TaskTable({ tasks, hrefOf, onDrop, onStep }: TaskTableProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: unknown) => tasks.find((task) => task.id === id)?.title ?? '';
  const placeOf = (id: unknown) => tasks.findIndex((task) => task.id === id) + 1;

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const task = tasks.find((candidate) => candidate.id === active.id);
    const toIndex = tasks.findIndex((candidate) => candidate.id === over.id);
    if (task && toIndex !== -1) onDrop(task, toIndex);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('tasks.move.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('tasks.move.pickedUp', { title: titleOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t('tasks.move.over', { title: titleOf(active.id), place: placeOf(over.id) }) : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? t('tasks.move.dropped', { title: titleOf(active.id), place: placeOf(over.id) })
              : undefined,
          onDragCancel: ({ active }) => t('tasks.move.cancelled', { title: titleOf(active.id) }),
        },
      }}
    >
      <SortableContext items={tasks.map((task) => task.id)} strategy={verticalListSortingStrategy}>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" aria-label={t('tasks.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <VisuallyHidden>{t('tasks.columns.order')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('tasks.columns.task')}</Table.Th>
                <Table.Th>{t('tasks.columns.assignees')}</Table.Th>
                <Table.Th>{t('tasks.columns.due')}</Table.Th>
                <Table.Th>{t('tasks.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tasks.map((task, index) => (
                <TaskRow
                  key={task.id}
                  task={task}
                  href={hrefOf(task)}
                  canMoveUp={index > 0}
                  canMoveDown={index < tasks.length - 1}
                  onStep={onStep}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </SortableContext>
    </DndContext>
  );
}
