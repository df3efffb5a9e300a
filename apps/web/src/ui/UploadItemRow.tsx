import { Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconFileAlert, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type UploadState = 'uploading' | 'done' | 'failed';

export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

type UploadItemRowProps = {
  fileName: string;
  size: number;
  /** 0–100; 0 while the browser has not yet reported progress. */
  percent: number;
  state: UploadState;
  /** Why a failed upload failed. */
  message?: string | undefined;
  progressLabel: string;
  /** What a finished upload links to or says. */
  children?: ReactNode;
};

/** One file on its way up: its name and size, a progress bar, then its outcome. */
export function UploadItemRow({
  fileName,
  size,
  percent,
  state,
  message,
  progressLabel,
  children,
}: UploadItemRowProps) {
  return (
    <Group gap="sm" wrap="nowrap" data-testid="upload-item" data-state={state}>
      <ThemeIcon
        size="sm"
        radius="xl"
        variant="light"
        color={state === 'failed' ? 'red' : state === 'done' ? 'green' : 'brand'}
      >
        {state === 'failed' ? (
          <IconFileAlert size={14} aria-hidden />
        ) : state === 'done' ? (
          <IconCheck size={14} aria-hidden />
        ) : (
          <IconUpload size={14} aria-hidden />
        )}
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate>
            {fileName}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatFileSize(size)}
          </Text>
        </Group>
        {state === 'uploading' && (
          <Progress
            value={percent === 0 ? 100 : percent}
            color={percent === 0 ? 'gray.4' : undefined}
            size="sm"
            striped={percent === 0}
            animated
            aria-label={progressLabel}
          />
        )}
        {state === 'done' && children}
        {state === 'failed' && (
          <Text size="xs" c="red.8" role="alert">
            {message}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
