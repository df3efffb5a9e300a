import type { TaskComment, TaskDetail } from '@bilag/contracts';
import { Alert, Box, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { applyLanguage, readStoredLanguage } from '../../../i18n/language';
import { DateFormat, formatDate } from '../../../ui/dates';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { LoadingSpinner } from '../../../ui/LoadingSpinner';
import { toastFailure } from '../../../ui/toast';
import { type RichTextChange, RichTextEditor, RichTextView } from '../editor/LazyRichText';
import { canSend, EMPTY_RICH_TEXT, richTextOf } from '../task-comment';
import { storeWebviewToken, webviewApi } from './webview.api';
import {
  type CommentEditWebviewQuery,
  readCommentEditWebviewQuery,
  readCommentWebviewQuery,
  readDescriptionWebviewQuery,
  type WebviewQuery,
} from './webview.query';

/** Only a spinner: what a web view shows while it is opened without everything it needs. */
function WebviewLoader() {
  return (
    <Center mih="100vh" data-testid="webview-loader">
      <LoadingSpinner />
    </Center>
  );
}

function useWebviewQuery<Query>(read: (params: URLSearchParams) => Query | null): Query | null {
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  return useMemo(() => read(new URLSearchParams(search)), [read, search]);
}

/**
 * Signs the web view in with its token, kept under the web view's storage key, and loads the task and
 * the people a comment can mention. The view speaks the person's own language.
 */
function useWebviewTask({ companyId, token, taskId }: WebviewQuery) {
  const session = useQuery({
    queryKey: ['task-webview', 'session', token],
    queryFn: async () => {
      storeWebviewToken(token);
      return webviewApi.signIn(token);
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const isSignedIn = session.data !== undefined;
  const task = useQuery({
    queryKey: ['task-webview', companyId, 'task', taskId],
    queryFn: ({ signal }) => webviewApi.task(companyId, taskId, signal),
    enabled: isSignedIn,
    retry: false,
  });
  const users = useQuery({
    queryKey: ['task-webview', companyId, 'assignable-users'],
    queryFn: ({ signal }) => webviewApi.assignableUsers(companyId, signal),
    enabled: isSignedIn,
  });
  const language = session.data?.Language;
  useEffect(() => {
    if (language && language !== readStoredLanguage()) void applyLanguage(language);
  }, [language]);
  return { session, task, mentionUsers: users.data ?? [] };
}

type WebviewFrameProps = {
  title: string;
  session: { isError: boolean; error: unknown };
  task: { data: TaskDetail | undefined; isError: boolean; error: unknown };
  children: (task: TaskDetail) => ReactNode;
};

/** A web view fills the app's screen: the task's title above what is edited, no menu around it. */
function WebviewFrame({ title, session, task, children }: WebviewFrameProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} – Bilag`);
  let body: ReactNode;
  if (session.isError) body = <ErrorAlert title={t('tasks.webview.signInFailed')} error={session.error} />;
  else if (task.isError) body = <ErrorAlert title={t('tasks.loadFailed')} error={task.error} />;
  else if (!task.data)
    body = (
      <Center py="xl">
        <LoadingSpinner size="sm" />
      </Center>
    );
  else body = children(task.data);
  return (
    <Box component="main" p="md" maw={820} mx="auto" data-testid="task-webview">
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {title}
          </Text>
          {task.data && (
            <Title order={1} fz="h3" data-testid="webview-task-title">
              {task.data.title}
            </Title>
          )}
        </Stack>
        {body}
      </Stack>
    </Box>
  );
}

function SavedNote({ children }: { children: ReactNode }) {
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCheck aria-hidden />}
      role="status"
      data-testid="webview-saved"
    >
      {children}
    </Alert>
  );
}

function DescriptionEditor({
  query,
  task,
  mentionUsers,
}: {
  query: WebviewQuery;
  task: TaskDetail;
  mentionUsers: WebviewMentionUsers;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState<RichTextChange>(() => richTextOf(task.description));
  const save = useMutation({
    mutationFn: (description: string) =>
      webviewApi.saveDescription(query.companyId, query.taskId, description),
    onError: toastFailure,
  });

  function onSave() {
    if (save.isPending || text.isUploading) return;
    save.mutate(text.html);
  }

  return (
    <Stack gap="sm">
      <RichTextEditor
        initialHtml={task.description}
        label={t('tasks.fields.description')}
        placeholder={t('tasks.form.descriptionPlaceholder')}
        mentionUsers={mentionUsers}
        onUploadImage={(file) => webviewApi.uploadImage(query.companyId, file)}
        onChange={(change) => {
          setText(change);
          save.reset();
        }}
        onSubmitShortcut={onSave}
        minHeight={220}
        data-testid="webview-description-editor"
      />
      {save.isSuccess && <SavedNote>{t('tasks.webview.descriptionSaved')}</SavedNote>}
      <Group justify="flex-end">
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          onClick={onSave}
          loading={save.isPending}
          disabled={text.isUploading}
          data-testid="webview-save"
        >
          {t('tasks.form.save')}
        </Button>
      </Group>
    </Stack>
  );
}

type WebviewMentionUsers = ReturnType<typeof useWebviewTask>['mentionUsers'];

type CommentEditorProps = {
  initialHtml: string;
  /** Names the editor for screen readers: a new comment, or the comment being changed. */
  label: string;
  mentionUsers: WebviewMentionUsers;
  companyId: number;
  sendLabel: string;
  savedText: string;
  send: (content: string) => Promise<TaskComment>;
  /** A new comment leaves an empty editor for the next; an edited one stays as it was saved. */
  isClearedAfterSend: boolean;
  onSent: () => void;
};

function CommentEditor({
  initialHtml,
  label,
  mentionUsers,
  companyId,
  sendLabel,
  savedText,
  send,
  isClearedAfterSend,
  onSent,
}: CommentEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState<RichTextChange>(() => richTextOf(initialHtml));
  const [version, setVersion] = useState(0);
  const save = useMutation({
    mutationFn: send,
    onSuccess: () => {
      onSent();
      if (!isClearedAfterSend) return;
      setText(EMPTY_RICH_TEXT);
      setVersion((current) => current + 1);
    },
    onError: toastFailure,
  });

  function onSend() {
    if (!canSend(text, save.isPending)) return;
    save.mutate(text.html);
  }

  return (
    <Stack gap="sm">
      <RichTextEditor
        key={version}
        initialHtml={isClearedAfterSend ? '' : initialHtml}
        label={label}
        placeholder={t('tasks.comments.placeholder')}
        mentionUsers={mentionUsers}
        onUploadImage={(file) => webviewApi.uploadImage(companyId, file)}
        onChange={setText}
        onSubmitShortcut={onSend}
        minHeight={160}
        data-testid="webview-comment-editor"
      />
      {save.isSuccess && <SavedNote>{savedText}</SavedNote>}
      <Group justify="flex-end">
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={onSend}
          loading={save.isPending}
          disabled={!canSend(text, false)}
          data-testid="webview-send"
        >
          {sendLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/** The comments so far, for the person writing the next one; stored text shows through the editor's schema. */
function WebviewConversation({ comments }: { comments: readonly TaskComment[] }) {
  const { t } = useTranslation();
  if (comments.length === 0) return null;
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('tasks.comments.title', { count: comments.length })}
    >
      {comments.map((comment) => (
        <Paper
          key={comment.id}
          component="li"
          withBorder
          radius="md"
          p="sm"
          data-testid={`webview-comment-${comment.id}`}
        >
          <Group gap={8} mb={4}>
            <Text size="sm" fw={600}>
              {comment.authorName ?? t('tasks.comments.unknownAuthor')}
            </Text>
            <Text size="xs" c="dimmed">
              <time dateTime={comment.createdAt}>{formatDate(comment.createdAt, DateFormat.dateTime)}</time>
            </Text>
          </Group>
          <RichTextView html={comment.content} data-testid="webview-comment-content" />
        </Paper>
      ))}
    </Stack>
  );
}

function DescriptionWebview({ query }: { query: WebviewQuery }) {
  const { t } = useTranslation();
  const { session, task, mentionUsers } = useWebviewTask(query);
  return (
    <WebviewFrame title={t('tasks.webview.descriptionTitle')} session={session} task={task}>
      {(loaded) => <DescriptionEditor query={query} task={loaded} mentionUsers={mentionUsers} />}
    </WebviewFrame>
  );
}

function CommentWebview({ query }: { query: WebviewQuery }) {
  const { t } = useTranslation();
  const { session, task, mentionUsers } = useWebviewTask(query);
  return (
    <WebviewFrame title={t('tasks.webview.commentTitle')} session={session} task={task}>
      {(loaded) => (
        <Stack gap="md">
          <WebviewConversation comments={loaded.comments} />
          <CommentEditor
            initialHtml=""
            label={t('tasks.comments.newLabel')}
            mentionUsers={mentionUsers}
            companyId={query.companyId}
            sendLabel={t('tasks.comments.send')}
            savedText={t('tasks.webview.commentAdded')}
            send={(content) => webviewApi.addComment(query.companyId, query.taskId, content)}
            isClearedAfterSend
            onSent={() => void task.refetch()}
          />
        </Stack>
      )}
    </WebviewFrame>
  );
}

function CommentEditWebview({ query }: { query: CommentEditWebviewQuery }) {
  const { t } = useTranslation();
  const { session, task, mentionUsers } = useWebviewTask(query);
  return (
    <WebviewFrame title={t('tasks.webview.commentEditTitle')} session={session} task={task}>
      {(loaded) => {
        const comment = loaded.comments.find((candidate) => candidate.id === query.commentId);
        if (!comment)
          return (
            <Alert color="red" variant="light" data-testid="webview-comment-missing">
              {t('tasks.webview.commentMissing')}
            </Alert>
          );
        return (
          <Stack gap="md">
            <CommentEditor
              initialHtml={comment.content}
              label={t('tasks.comments.editLabel')}
              mentionUsers={mentionUsers}
              companyId={query.companyId}
              sendLabel={t('tasks.comments.save')}
              savedText={t('tasks.webview.commentSaved')}
              send={(content) => webviewApi.saveComment(query.companyId, query.taskId, comment.id, content)}
              isClearedAfterSend={false}
              onSent={() => void task.refetch()}
            />
          </Stack>
        );
      }}
    </WebviewFrame>
  );
}

/** /task-description-webview?companyId&token&taskId: the mobile app's editor of a task's description. */
export function TaskDescriptionWebviewPage() {
  const query = useWebviewQuery(readDescriptionWebviewQuery);
  return query ? <DescriptionWebview query={query} /> : <WebviewLoader />;
}

/** /task-comment-webview?companyId&token&taskId: a new comment on a task, from the mobile app. */
export function TaskCommentWebviewPage() {
  const query = useWebviewQuery(readCommentWebviewQuery);
  return query ? <CommentWebview query={query} /> : <WebviewLoader />;
}

/** /task-comment-edit-webview?companyId&token&taskId&commentId: one of the person's comments, changed. */
export function TaskCommentEditWebviewPage() {
  const query = useWebviewQuery(readCommentEditWebviewQuery);
  return query ? <CommentEditWebview query={query} /> : <WebviewLoader />;
}
