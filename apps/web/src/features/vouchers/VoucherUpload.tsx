import { VOUCHER_UPLOAD_LIMITS } from '@bilag/contracts';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection, MIME_TYPES } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type Ref, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../app/api/errors';
import { i18n } from '../../i18n';
import { DropzoneContent } from '../../ui/DropzoneContent';
import { UploadItemRow, type UploadState } from '../../ui/UploadItemRow';
import { uploadVoucherFile } from './voucher.mutations';
import { voucherKeys } from './voucher.queries';

/** Spec: images are jpg, png or jpeg; PDF invoices come as well. The server judges each by its bytes. */
const ACCEPTED_FILES = {
  [MIME_TYPES.jpeg]: ['.jpg', '.jpeg'],
  [MIME_TYPES.png]: ['.png'],
  [MIME_TYPES.pdf]: ['.pdf'],
};
const PARALLEL_UPLOADS = 3;

type UploadItem = {
  key: string;
  fileName: string;
  size: number;
  percent: number;
  state: UploadState;
  message?: string;
  voucherId?: number;
};

type VoucherUploadProps = {
  companyId: number;
  /** Lets a button elsewhere on the page open the file picker. */
  openRef?: Ref<() => void>;
  voucherPath: (voucherId: number) => string;
};

function rejectionMessage(rejection: FileRejection): string {
  const [error] = rejection.errors;
  if (error?.code === 'file-too-large') return i18n.t('vouchers.upload.tooLarge', { max: '20 MB' });
  if (error?.code === 'file-invalid-type') return i18n.t('vouchers.upload.wrongType');
  return error?.message ?? i18n.t('errors.unexpected');
}

/**
 * Drop or pick receipts and invoices; each file goes in its own request with its own progress and
 * outcome, so one refused file does not hold back the others.
 */
export function VoucherUpload({ companyId, openRef, voucherPath }: VoucherUploadProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const uploadCount = useRef(0);
  const isUploading = items.some((item) => item.state === 'uploading');

  function nextKey(): string {
    uploadCount.current += 1;
    return `upload-${uploadCount.current}`;
  }

  function updateItem(key: string, changes: Partial<UploadItem>) {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item)));
  }

  async function uploadOne(key: string, file: File) {
    try {
      const [voucher] = await uploadVoucherFile(companyId, file, ({ percent }) =>
        updateItem(key, { percent: Math.min(percent, 99) }),
      );
      updateItem(key, { state: 'done', percent: 100, voucherId: voucher?.Id });
    } catch (error) {
      updateItem(key, { state: 'failed', message: errorMessage(error, t('errors.unexpected')) });
    }
  }

  async function onDrop(files: File[]) {
    const queued = files.map((file) => ({ key: nextKey(), file }));
    setItems((current) => [
      ...queued.map(({ key, file }) => ({
        key,
        fileName: file.name,
        size: file.size,
        percent: 0,
        state: 'uploading' as const,
      })),
      ...current,
    ]);
    let next = 0;
    async function worker() {
      while (next < queued.length) {
        const upload = queued[next];
        next += 1;
        if (upload) await uploadOne(upload.key, upload.file);
      }
    }
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queued.length) }, worker));
    await queryClient.invalidateQueries({ queryKey: voucherKeys.company(companyId) });
  }

  function onReject(rejections: FileRejection[]) {
    setItems((current) => [
      ...rejections.map((rejection) => ({
        key: nextKey(),
        fileName: rejection.file.name,
        size: rejection.file.size,
        percent: 0,
        state: 'failed' as const,
        message: rejectionMessage(rejection),
      })),
      ...current,
    ]);
  }

  function onClearFinished() {
    setItems((current) => current.filter((item) => item.state === 'uploading'));
  }

  return (
    <Card withBorder radius="lg" padding="md">
      <Dropzone
        onDrop={(files) => void onDrop(files)}
        onReject={onReject}
        accept={ACCEPTED_FILES}
        maxSize={VOUCHER_UPLOAD_LIMITS.maxFileBytes}
        multiple
        openRef={openRef}
        radius="md"
        data-testid="voucher-dropzone"
      >
        <DropzoneContent
          idleIcon={IconCloudUpload}
          title={t('vouchers.upload.title')}
          hint={t('vouchers.upload.hint')}
          minHeight={72}
        />
      </Dropzone>

      {items.length > 0 && (
        <Stack gap="xs" mt="md" aria-live="polite" data-testid="upload-results">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {isUploading ? t('vouchers.upload.inProgress') : t('vouchers.upload.finished')}
            </Text>
            {!isUploading && (
              <Button size="compact-xs" variant="subtle" color="gray" onClick={onClearFinished}>
                {t('vouchers.upload.clear')}
              </Button>
            )}
          </Group>
          {items.map((item) => (
            <UploadItemRow
              key={item.key}
              fileName={item.fileName}
              size={item.size}
              percent={item.percent}
              state={item.state}
              message={item.message}
              progressLabel={t('vouchers.upload.progress', { name: item.fileName, percent: item.percent })}
            >
              {item.voucherId !== undefined && (
                <Text size="xs" c="green.8">
                  {t('vouchers.upload.saved')}{' '}
                  <Anchor component={Link} to={voucherPath(item.voucherId)} size="xs">
                    {t('vouchers.upload.open', { id: item.voucherId })}
                  </Anchor>
                </Text>
              )}
            </UploadItemRow>
          ))}
        </Stack>
      )}
    </Card>
  );
}
