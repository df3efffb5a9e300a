import { Group, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { type Icon, IconUpload, IconX } from '@tabler/icons-react';

type DropzoneContentProps = {
  idleIcon: Icon;
  title: string;
  hint: string;
  minHeight: number;
};

/** Inside a dropzone: an icon that tells whether the dragged file is welcome, and what to drop. */
export function DropzoneContent({ idleIcon: IdleIcon, title, hint, minHeight }: DropzoneContentProps) {
  return (
    <Group justify="center" gap="lg" mih={minHeight} style={{ pointerEvents: 'none' }} wrap="nowrap">
      <Dropzone.Accept>
        <IconUpload size={36} stroke={1.5} color="var(--mantine-color-brand-6)" aria-hidden />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <IconX size={36} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
      </Dropzone.Reject>
      <Dropzone.Idle>
        <IdleIcon size={36} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
      </Dropzone.Idle>
      <div>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </div>
    </Group>
  );
}
