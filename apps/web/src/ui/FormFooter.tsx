import { Button, Group, Stack } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorAlert } from './ErrorAlert';

type FormFooterProps = {
  /** Why the last save failed, with the server's message; null while there is nothing to say. */
  error?: Error | null;
  errorTestId?: string;
  /** At the footer's start: a keyboard hint, or an action of its own such as a preview. */
  start?: ReactNode;
  /** Just before the buttons: what keeps the form from saving, such as fields to fix. */
  status?: ReactNode;
  cancelLabel: string;
  /** Cancel closes the form, or Undo puts its values back; either waits while a save is under way. */
  onCancel: () => void;
  saveLabel: string;
  isSaving: boolean;
  saveTestId: string;
};

/** A form's last lines: a failed save, then Cancel and Save, with Save as the form's submit button. */
export function FormFooter({
  error,
  errorTestId,
  start,
  status,
  cancelLabel,
  onCancel,
  saveLabel,
  isSaving,
  saveTestId,
}: FormFooterProps) {
  return (
    <Stack gap="md">
      {error && <ErrorAlert error={error} data-testid={errorTestId} />}
      <Group justify={start ? 'space-between' : 'flex-end'} gap="sm">
        {start}
        <Group gap="sm" ml="auto">
          {status}
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            loading={isSaving}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            data-testid={saveTestId}
          >
            {saveLabel}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
