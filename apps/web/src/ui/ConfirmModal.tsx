import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirming button's colour; red for what cannot be undone. */
  color?: string;
  'data-testid'?: string;
};

/** Asks before something that removes data; the confirming button has the focus, so Enter confirms. */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  cancelLabel,
  isPending,
  onCancel,
  onConfirm,
  color = 'red',
  'data-testid': testId,
}: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': cancelLabel }}
    >
      <Stack gap="lg">
        {typeof text === 'string' ? <Text size="sm">{text}</Text> : text}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isPending}>
            {cancelLabel}
          </Button>
          <Button color={color} onClick={onConfirm} loading={isPending} data-autofocus data-testid={testId}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
