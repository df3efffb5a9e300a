import type { VoucherFile } from '@bilag/contracts';
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../app/api/download';
import { toastFailure } from '../../ui/toast';
import { formatFileSize } from '../../ui/UploadItemRow';
import { voucherKeys } from '../vouchers';

/** The files attached to a transaction, each a click away from the download folder. */
export function TransactionFiles({ companyId, files }: { companyId: number; files: VoucherFile[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [downloadingId, setDownloadingId] = useState<number>();

  async function onDownload(file: VoucherFile) {
    setDownloadingId(file.Id);
    try {
      saveBlob(await queryClient.fetchQuery(voucherKeys.file(companyId, file.Id, 'original')), file.FileName);
    } catch (error) {
      toastFailure(error);
    } finally {
      setDownloadingId(undefined);
    }
  }

  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('bankTransactions.files.none')}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="transaction-files">
      {files.map((file) => {
        const FileIcon = file.MimeType === 'application/pdf' ? IconFileTypePdf : IconPhoto;
        return (
          <Group key={file.Id} gap="xs" wrap="nowrap">
            <FileIcon size={18} stroke={1.6} aria-hidden />
            <Text size="sm" truncate style={{ flex: 1 }}>
              {file.FileName}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatFileSize(file.Size)}
            </Text>
            <Tooltip label={t('bankTransactions.files.download', { name: file.FileName })}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => void onDownload(file)}
                loading={downloadingId === file.Id}
                aria-label={t('bankTransactions.files.download', { name: file.FileName })}
              >
                <IconDownload size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      })}
    </Stack>
  );
}
