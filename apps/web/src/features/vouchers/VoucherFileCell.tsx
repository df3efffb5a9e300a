import type { VoucherFile } from '@bilag/contracts';
import { Center, Group, HoverCard, Image, Loader, Text } from '@mantine/core';
import { IconFileOff, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { voucherKeys } from './voucher.queries';

function Thumbnail({ companyId, file }: { companyId: number; file: VoucherFile }) {
  const { t } = useTranslation();
  const thumbnail = useQuery(voucherKeys.file(companyId, file.Id, 'thumbnail'));
  const url = useObjectUrl(thumbnail.data);
  if (!url) {
    return (
      <Center w={160} h={160}>
        {thumbnail.isError ? <Text size="xs">{t('vouchers.file.loadFailed')}</Text> : <Loader size="sm" />}
      </Center>
    );
  }
  return <Image src={url} alt={file.FileName} maw={200} mah={240} fit="contain" radius="sm" />;
}

/** A file's kind at a glance; an image's thumbnail is fetched only when someone hovers it. */
export function VoucherFileCell({ companyId, files }: { companyId: number; files: VoucherFile[] }) {
  const { t } = useTranslation();
  const [first] = files;
  if (!first) return <IconFileOff size={18} aria-label={t('vouchers.file.none')} opacity={0.4} />;
  const isPdf = first.MimeType === 'application/pdf';
  const FileIcon = isPdf ? IconFileTypePdf : IconPhoto;
  const icon = (
    <Group gap={2} wrap="nowrap" c={isPdf ? 'red.7' : 'brand.7'}>
      <FileIcon size={20} stroke={1.6} aria-label={first.FileName} />
      {files.length > 1 && (
        <Text size="xs" c="dimmed" data-testid="file-count">
          {files.length}
        </Text>
      )}
    </Group>
  );
  if (!first.HasThumbnail) return icon;
  return (
    <HoverCard openDelay={250} position="left" shadow="md" withinPortal>
      <HoverCard.Target>{icon}</HoverCard.Target>
      <HoverCard.Dropdown p={6}>
        <Thumbnail companyId={companyId} file={first} />
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
