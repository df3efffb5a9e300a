import { fileDownload, TASK_LIMITS, type TaskFile } from '@bilag/contracts';
import { ActionIcon, Group, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconFile, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob, saveBlob } from '../../app/api/download';
import { useLanguage } from '../../i18n/useLanguage';
import { AttachFilesButton } from '../../ui/AttachFilesButton';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { SectionCard } from '../../ui/SectionCard';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { useDeleteTaskFileMutation, useUploadTaskFilesMutation } from './task.mutations';
import { checkAttachments, formatFileSize } from './task-file';

function FileLine({
  file,
  companyId,
  onRemove,
}: {
  file: TaskFile;
  companyId: number;
  onRemove: (file: TaskFile) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [isDownloading, setIsDownloading] = useState(false);

  async function onDownload() {
    setIsDownloading(true);
    try {
      saveBlob(
        await downloadBlob(fileDownload, { params: { fileId: file.id }, query: { companyId } }),
        file.fileName,
      );
    } catch (error) {
      toastFailure(error);
    } finally {
      setIsDownloading(false);
    }
  }

  const FileIcon = file.mimeType.startsWith('image/') ? IconPhoto : IconFile;
  return (
    <Group justify="space-between" wrap="nowrap" component="li" data-testid={`task-file-${file.id}`}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <ThemeIcon variant="light" color="gray" size="md" radius="md">
          <FileIcon size={16} aria-hidden />
        </ThemeIcon>
        <Text size="sm" truncate>
          {file.fileName}{' '}
          <Text span c="dimmed" size="xs">
            ({formatFileSize(file.size, language)})
          </Text>
        </Text>
      </Group>
      <Group gap={2} wrap="nowrap">
        <Tooltip label={t('tasks.files.download')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('tasks.files.downloadNamed', { name: file.fileName })}
            loading={isDownloading}
            onClick={() => void onDownload()}
            data-testid="task-file-download"
          >
            <IconDownload size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('tasks.files.remove')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('tasks.files.removeNamed', { name: file.fileName })}
            onClick={() => onRemove(file)}
            data-testid="task-file-remove"
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/** The files attached to a task (images and PDFs): added, downloaded and removed here. */
export function TaskAttachments({
  companyId,
  taskId,
  files,
}: {
  companyId: number;
  taskId: number;
  files: readonly TaskFile[];
}) {
  const { t } = useTranslation();
  const upload = useUploadTaskFilesMutation(companyId, taskId);
  const remove = useDeleteTaskFileMutation(companyId, taskId);
  const [toRemove, setToRemove] = useState<TaskFile | null>(null);

  function onPick(picked: File[]) {
    if (picked.length === 0) return;
    const problem = checkAttachments(picked);
    if (problem) {
      toast(ToastType.error, t(problem.key, problem.values));
      return;
    }
    upload.mutate(picked);
  }

  return (
    <SectionCard headingId="task-files-heading" data-testid="task-files">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="task-files-heading">
          {t('tasks.files.title', { count: files.length })}
        </Title>
        <AttachFilesButton
          label={t('tasks.files.attach')}
          onPick={onPick}
          isLoading={upload.isPending}
          data-testid="task-file-attach"
        />
      </Group>
      {files.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('tasks.files.empty', { max: TASK_LIMITS.attachments.maxFiles })}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {files.map((file) => (
            <FileLine key={file.id} file={file} companyId={companyId} onRemove={setToRemove} />
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={toRemove !== null}
        title={t('tasks.files.removeTitle')}
        text={t('tasks.files.removeText', { name: toRemove?.fileName ?? '' })}
        confirmLabel={t('tasks.files.remove')}
        cancelLabel={t('tasks.form.cancel')}
        isPending={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (toRemove) remove.mutate(toRemove.id, { onSettled: () => setToRemove(null) });
        }}
        data-testid="task-file-remove-confirm"
      />
    </SectionCard>
  );
}
