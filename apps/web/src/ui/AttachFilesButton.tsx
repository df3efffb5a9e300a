import { Button, FileButton } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';

/** The spec's image types and PDF; the server judges each file by its bytes. */
const ACCEPTED_FILES = 'image/jpeg,image/png,application/pdf';

type AttachFilesButtonProps = {
  label: string;
  onPick: (files: File[]) => void;
  isLoading?: boolean;
  'data-testid'?: string;
};

/** A small button that picks voucher files (images or PDFs) to attach. */
export function AttachFilesButton({
  label,
  onPick,
  isLoading,
  'data-testid': testId,
}: AttachFilesButtonProps) {
  return (
    <FileButton onChange={onPick} accept={ACCEPTED_FILES} multiple>
      {(props) => (
        <Button
          {...props}
          variant="default"
          size="xs"
          leftSection={<IconPaperclip size={14} aria-hidden />}
          loading={isLoading}
          data-testid={testId}
        >
          {label}
        </Button>
      )}
    </FileButton>
  );
}
