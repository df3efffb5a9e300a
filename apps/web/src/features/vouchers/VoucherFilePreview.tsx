import type { VoucherFile } from '@bilag/contracts';
import { Anchor, Box, Center, EmptyState, Group, Image, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload, IconExternalLink, IconFileOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/api/errors';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { voucherKeys } from './voucher.queries';

const PREVIEW_HEIGHT = 640;

function FileView({ companyId, file }: { companyId: number; file: VoucherFile }) {
  const { t } = useTranslation();
  const original = useQuery(voucherKeys.file(companyId, file.Id, 'original'));
  const url = useObjectUrl(original.data);
  const isPdf = file.MimeType === 'application/pdf';
  const isImage = file.MimeType.startsWith('image/');

  if (original.isError) {
    return (
      <EmptyState
        py="xl"
        icon={<IconFileOff size={28} aria-hidden />}
        title={t('vouchers.file.loadFailed')}
        description={errorMessage(original.error, t('errors.unexpected'))}
      />
    );
  }
  if (!url) {
    return (
      <Center h={PREVIEW_HEIGHT / 2}>
        <LoadingSpinner size="sm" />
      </Center>
    );
  }
  return (
    <Stack gap="xs">
      <Box
        bg="gray.1"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        data-testid="voucher-preview"
      >
        {isPdf ? (
          <object
            data={url}
            type="application/pdf"
            title={file.FileName}
            width="100%"
            height={PREVIEW_HEIGHT}
          >
            <Center h={200}>
              <Anchor href={url} download={file.FileName}>
                {t('vouchers.file.download', { name: file.FileName })}
              </Anchor>
            </Center>
          </object>
        ) : isImage ? (
          <Image
            src={url}
            alt={file.FileName}
            fit="contain"
            mah={PREVIEW_HEIGHT}
            data-testid="voucher-image"
          />
        ) : (
          // An EHF document's XML is kept beside its PDF; there is nothing to show of it but the file itself.
          <Center h={200}>
            <Anchor href={url} download={file.FileName}>
              {t('vouchers.file.download', { name: file.FileName })}
            </Anchor>
          </Center>
        )}
      </Box>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" truncate>
          {file.FileName}
        </Text>
        <Group gap="md">
          <Anchor href={url} target="_blank" rel="noopener" size="xs">
            <Group gap={4} wrap="nowrap">
              <IconExternalLink size={14} aria-hidden />
              {t('vouchers.file.openNewTab')}
            </Group>
          </Anchor>
          <Anchor href={url} download={file.FileName} size="xs">
            <Group gap={4} wrap="nowrap">
              <IconDownload size={14} aria-hidden />
              {t('vouchers.file.downloadShort')}
            </Group>
          </Anchor>
        </Group>
      </Group>
    </Stack>
  );
}

/** The voucher's image or PDF, fetched with the session's token and shown from a blob URL. */
export function VoucherFilePreview({ companyId, files }: { companyId: number; files: VoucherFile[] }) {
  const { t } = useTranslation();
  const [selectedFileId, setSelectedFileId] = useState(files[0]?.Id);
  const selected = files.find((file) => file.Id === selectedFileId) ?? files[0];

  if (!selected) {
    return (
      <EmptyState py="xl" icon={<IconFileOff size={28} aria-hidden />} title={t('vouchers.file.none')} />
    );
  }
  return (
    <Stack gap="sm">
      {files.length > 1 && (
        <SegmentedControl
          size="xs"
          value={String(selected.Id)}
          onChange={(value) => setSelectedFileId(Number(value))}
          data={files.map((file, index) => ({
            value: String(file.Id),
            label: `${index + 1}. ${file.FileName}`,
          }))}
        />
      )}
      <FileView key={selected.Id} companyId={companyId} file={selected} />
    </Stack>
  );
}
