import { IMPORT_LIMITS } from '@bilag/contracts';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconAlertCircle, IconArrowRight, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropzoneContent } from '../../ui/DropzoneContent';
import { UploadItemRow } from '../../ui/UploadItemRow';

/** Bank exports come as CSV, Excel or camt.053 XML; browsers name these types differently, so extensions count too. */
const ACCEPTED_FILES = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.xls', '.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/xml': ['.xml'],
  'text/xml': ['.xml'],
};
const MAX_SIZE_TEXT = `${Math.round(IMPORT_LIMITS.maxFileBytes / 1024 / 1024)} MB`;

export type ImportAccount = { id: number; label: string };

export type UploadStatus =
  | { state: 'idle' }
  | { state: 'uploading'; percent: number }
  | { state: 'failed'; message: string };

type ImportFileStepProps = {
  accounts: ImportAccount[];
  accountId: number | undefined;
  onChangeAccount: (accountId: number) => void;
  file: File | undefined;
  onChangeFile: (file: File | undefined) => void;
  upload: UploadStatus;
  onUpload: () => void;
};

/** Step one: the account the statement belongs to and the statement file itself. */
export function ImportFileStep({
  accounts,
  accountId,
  onChangeAccount,
  file,
  onChangeFile,
  upload,
  onUpload,
}: ImportFileStepProps) {
  const { t } = useTranslation();
  const [rejection, setRejection] = useState<string>();
  const isUploading = upload.state === 'uploading';

  function onDrop(files: File[]) {
    setRejection(undefined);
    onChangeFile(files[0]);
  }

  function onReject(rejections: FileRejection[]) {
    const code = rejections[0]?.errors[0]?.code;
    setRejection(
      code === 'file-too-large'
        ? t('bankImport.file.tooLarge', { max: MAX_SIZE_TEXT })
        : code === 'too-many-files'
          ? t('bankImport.file.oneFile')
          : t('bankImport.file.wrongType'),
    );
  }

  return (
    <Stack gap="lg">
      <Select
        label={t('bankImport.file.account')}
        data={accounts.map((account) => ({ value: String(account.id), label: account.label }))}
        value={accountId === undefined ? null : String(accountId)}
        onChange={(value) => value !== null && onChangeAccount(Number(value))}
        allowDeselect={false}
        disabled={accounts.length < 2 || isUploading}
        maw={420}
        data-testid="import-account"
      />
      <Dropzone
        onDrop={onDrop}
        onReject={onReject}
        accept={ACCEPTED_FILES}
        maxSize={IMPORT_LIMITS.maxFileBytes}
        multiple={false}
        disabled={isUploading}
        radius="md"
        data-testid="import-dropzone"
      >
        <DropzoneContent
          idleIcon={IconFileSpreadsheet}
          title={t('bankImport.file.dropTitle')}
          hint={t('bankImport.file.dropHint', { max: MAX_SIZE_TEXT })}
          minHeight={96}
        />
      </Dropzone>

      {rejection && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {rejection}
        </Alert>
      )}

      {file && (
        <UploadItemRow
          fileName={file.name}
          size={file.size}
          percent={upload.state === 'uploading' ? upload.percent : 0}
          state={upload.state === 'uploading' ? 'uploading' : upload.state === 'failed' ? 'failed' : 'done'}
          message={upload.state === 'failed' ? upload.message : undefined}
          progressLabel={t('bankImport.file.uploading', {
            percent: upload.state === 'uploading' ? upload.percent : 0,
          })}
        >
          <Text size="xs" c="dimmed">
            {t('bankImport.file.ready')}
          </Text>
        </UploadItemRow>
      )}

      <Group justify="flex-end">
        <Button
          onClick={onUpload}
          disabled={!file || accountId === undefined}
          loading={isUploading}
          rightSection={<IconArrowRight size={16} aria-hidden />}
          data-testid="import-upload"
        >
          {t('bankImport.file.upload')}
        </Button>
      </Group>
    </Stack>
  );
}
