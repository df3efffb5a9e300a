import type { TaskComment, TaskUser } from '@bilag/contracts';
import { ActionIcon, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/session.store';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { DateFormat, formatDate } from '../../ui/dates';
import { SectionCard } from '../../ui/SectionCard';
import { type RichTextChange, RichTextEditor, RichTextView } from './editor/LazyRichText';
import {
  uploadTaskEditorImage,
  useAddTaskCommentMutation,
  useDeleteTaskCommentMutation,
  useUpdateTaskCommentMutation,
} from './task.mutations';
import { canSend, EMPTY_RICH_TEXT, richTextOf } from './task-comment';

type CommentComposerProps = {
  companyId: number;
  mentionUsers: readonly TaskUser[];
  initialHtml: string;
  label: string;
  sendLabel: string;
  isSending: boolean;
  onSend: (html: string, onSent: () => void) => void;
  onCancel?: () => void;
  'data-testid': string;
};

/** A comment being written: Send (or Ctrl+Enter) does nothing while it is empty or on its way. */
function CommentComposer({
  companyId,
  mentionUsers,
  initialHtml,
  label,
  sendLabel,
  isSending,
  onSend,
  onCancel,
  'data-testid': testId,
}: CommentComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState<RichTextChange>(() => richTextOf(initialHtml));
  // A sent comment leaves an empty editor behind for the next one.
  const [version, setVersion] = useState(0);

  function send() {
    if (!canSend(text, isSending)) return;
    onSend(text.html, () => {
      setText(EMPTY_RICH_TEXT);
      setVersion((current) => current + 1);
    });
  }

  return (
    <Stack gap="xs">
      <RichTextEditor
        key={version}
        initialHtml={initialHtml}
        label={label}
        placeholder={t('tasks.comments.placeholder')}
        mentionUsers={mentionUsers}
        onUploadImage={(file) => uploadTaskEditorImage(companyId, file)}
        onChange={setText}
        onSubmitShortcut={send}
        minHeight={72}
        data-testid={`${testId}-editor`}
      />
      <Group justify="space-between" gap="sm">
        <Text size="xs" c="dimmed">
          {t('tasks.comments.hint')}
        </Text>
        <Group gap="sm">
          {onCancel && (
            <Button variant="default" size="xs" onClick={onCancel} disabled={isSending}>
              {t('tasks.form.cancel')}
            </Button>
          )}
          <Button
            size="xs"
            leftSection={<IconSend size={14} aria-hidden />}
            onClick={send}
            loading={isSending}
            disabled={!canSend(text, false)}
            data-testid={`${testId}-send`}
          >
            {sendLabel}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

type CommentItemProps = {
  comment: TaskComment;
  companyId: number;
  taskId: number;
  mentionUsers: readonly TaskUser[];
  isOwn: boolean;
  onDelete: (comment: TaskComment) => void;
};

function CommentItem({ comment, companyId, taskId, mentionUsers, isOwn, onDelete }: CommentItemProps) {
  const { t } = useTranslation();
  const update = useUpdateTaskCommentMutation(companyId, taskId);
  const [isEditing, setIsEditing] = useState(false);
  const isEdited = comment.updatedAt !== comment.createdAt;
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid={`task-comment-${comment.id}`}>
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Group gap={8} wrap="wrap">
          <Text size="sm" fw={600}>
            {comment.authorName ?? t('tasks.comments.unknownAuthor')}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={comment.createdAt}>{formatDate(comment.createdAt, DateFormat.dateTime)}</time>
            {isEdited && ` · ${t('tasks.comments.edited')}`}
          </Text>
        </Group>
        {isOwn && !isEditing && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label={t('tasks.comments.edit')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('tasks.comments.edit')}
                onClick={() => setIsEditing(true)}
                data-testid="task-comment-edit"
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('tasks.comments.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={t('tasks.comments.delete')}
                onClick={() => onDelete(comment)}
                data-testid="task-comment-delete"
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      {isEditing ? (
        <CommentComposer
          companyId={companyId}
          mentionUsers={mentionUsers}
          initialHtml={comment.content}
          label={t('tasks.comments.editLabel')}
          sendLabel={t('tasks.comments.save')}
          isSending={update.isPending}
          onSend={(content) =>
            update.mutate({ commentId: comment.id, content }, { onSuccess: () => setIsEditing(false) })
          }
          onCancel={() => setIsEditing(false)}
          data-testid="task-comment-edit"
        />
      ) : (
        <RichTextView html={comment.content} data-testid="task-comment-content" />
      )}
    </Paper>
  );
}

type TaskCommentsProps = {
  companyId: number;
  taskId: number;
  comments: readonly TaskComment[];
  mentionUsers: readonly TaskUser[];
};

/** The conversation on a task: its comments, oldest first, and a new one with @mentions of the company's people. */
export function TaskComments({ companyId, taskId, comments, mentionUsers }: TaskCommentsProps) {
  const { t } = useTranslation();
  const session = useSession();
  const add = useAddTaskCommentMutation(companyId, taskId);
  const remove = useDeleteTaskCommentMutation(companyId);
  const [toDelete, setToDelete] = useState<TaskComment | null>(null);

  return (
    <SectionCard headingId="task-comments-heading" data-testid="task-comments">
      <Title order={2} fz="lg" mb="md" id="task-comments-heading">
        {t('tasks.comments.title', { count: comments.length })}
      </Title>
      <Stack gap="md">
        {comments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('tasks.comments.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {comments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                companyId={companyId}
                taskId={taskId}
                mentionUsers={mentionUsers}
                isOwn={session !== null && comment.authorUserId === session.User.Id}
                onDelete={setToDelete}
              />
            ))}
          </Stack>
        )}
        <CommentComposer
          companyId={companyId}
          mentionUsers={mentionUsers}
          initialHtml=""
          label={t('tasks.comments.newLabel')}
          sendLabel={t('tasks.comments.send')}
          isSending={add.isPending}
          onSend={(content, onSent) => add.mutate(content, { onSuccess: onSent })}
          data-testid="task-comment-new"
        />
      </Stack>
      <ConfirmModal
        opened={toDelete !== null}
        title={t('tasks.comments.deleteTitle')}
        text={t('tasks.comments.deleteText')}
        confirmLabel={t('tasks.comments.delete')}
        cancelLabel={t('tasks.form.cancel')}
        isPending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
        data-testid="task-comment-delete-confirm"
      />
    </SectionCard>
  );
}
