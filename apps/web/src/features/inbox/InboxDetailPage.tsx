import { fileDownload, type InboxDetail, type InboxFile } from '@bilag/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { downloadBlob, saveBlob } from '../../app/api/download';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { useLanguage } from '../../i18n/useLanguage';
import { DateFormat, formatDate } from '../../ui/dates';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { QueryGate } from '../../ui/QueryGate';
import { toastFailure } from '../../ui/toast';
import { MailReviewActions } from '../mail';
import { InboxChannelMark, InboxStatusBadge } from './InboxBadges';
import type { InboxListState } from './InboxPage';
import { inboxKeys } from './inbox.queries';

function formatSize(bytes: number, language: string): string {
  const format = new Intl.NumberFormat(language === 'no' ? 'nb-NO' : 'en-GB', { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${format.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${format.format(bytes / 1024)} kB`;
  return `${format.format(bytes / (1024 * 1024))} MB`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function FileLine({ file, companyId }: { file: InboxFile; companyId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [isLoading, setIsLoading] = useState(false);
  async function onDownload() {
    setIsLoading(true);
    try {
      saveBlob(
        await downloadBlob(fileDownload, { params: { fileId: file.id }, query: { companyId } }),
        file.fileName,
      );
    } catch (error) {
      toastFailure(error);
    } finally {
      setIsLoading(false);
    }
  }
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" truncate>
        {file.fileName}{' '}
        <Text span c="dimmed" size="xs">
          ({formatSize(file.size, language)})
        </Text>
      </Text>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconDownload size={14} aria-hidden />}
        loading={isLoading}
        onClick={() => void onDownload()}
      >
        {t('inbox.detail.download')}
      </Button>
    </Group>
  );
}

/**
 * Where a mail waiting for review is accepted or refused. The mail feature's review actions take this
 * place once that feature has them on the web; until then the person is told why it waits.
 */
/** A light yellow or orange alert's title in its own colour is too faint to read; the text colour is not. */
const READABLE_ALERT_TITLE = { title: { color: 'var(--mantine-color-text)' } };

function InboxDetailView({ item }: { item: InboxDetail }) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const language = useLanguage();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <InboxChannelMark channel={item.channel} isLabelShown />
            <InboxStatusBadge status={item.status} />
          </Group>
          <Title order={1} fz={26} data-testid="inbox-detail-subject">
            {item.subject ?? t('inbox.noSubject')}
          </Title>
        </Stack>
      </Group>

      {item.reason && (
        <Alert
          color={item.status === 'refused' || item.status === 'spam' ? 'red' : 'yellow'}
          title={t('inbox.detail.reason')}
          styles={READABLE_ALERT_TITLE}
          data-testid="inbox-detail-reason"
        >
          {item.reason}
        </Alert>
      )}
      {item.channel === 'email' && (
        <MailReviewActions
          companyId={company.Id}
          item={{ id: item.id, status: item.status, senderAddress: item.senderAddress }}
        />
      )}

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="inbox-arrived">
        <Title order={2} fz="lg" mb="md" id="inbox-arrived">
          {t('inbox.detail.arrived')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          <Fact label={t('inbox.detail.from')}>
            <Text size="sm" fw={600} data-testid="inbox-detail-sender">
              {item.senderName ?? t('inbox.unknownSender')}
            </Text>
            {item.senderAddress && (
              <Text size="sm" c="dimmed">
                {item.senderAddress}
              </Text>
            )}
          </Fact>
          <Fact label={t('inbox.detail.received')}>
            <Text size="sm">
              <time dateTime={item.receivedAt}>{formatDate(item.receivedAt, DateFormat.dateTime)}</time>
            </Text>
          </Fact>
          <Fact label={t('inbox.detail.size')}>
            <Text size="sm">
              {formatSize(item.sizeBytes, language)} ·{' '}
              {t('inbox.detail.attachments', { count: item.attachmentCount })}
            </Text>
          </Fact>
        </SimpleGrid>
        {item.files.length > 0 && (
          <Stack gap="xs" mt="lg">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('inbox.detail.files')}
            </Text>
            {item.files.map((file) => (
              <FileLine key={file.id} file={file} companyId={company.Id} />
            ))}
          </Stack>
        )}
      </Card>

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="inbox-became">
        <Title order={2} fz="lg" mb="md" id="inbox-became">
          {t('inbox.detail.became')}
        </Title>
        {item.vouchers.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="inbox-detail-no-vouchers">
            {t('inbox.detail.noVouchers')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" aria-label={t('inbox.detail.vouchersLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('inbox.detail.voucher')}</Table.Th>
                  <Table.Th>{t('inbox.detail.supplier')}</Table.Th>
                  <Table.Th>{t('inbox.detail.date')}</Table.Th>
                  <Table.Th ta="right">{t('inbox.detail.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {item.vouchers.map((voucher) => (
                  <Table.Tr key={voucher.id} data-testid={`inbox-voucher-${voucher.id}`}>
                    <Table.Td>
                      {voucher.isDeleted ? (
                        <Group gap={6}>
                          <Text size="sm">#{voucher.id}</Text>
                          <Badge color="gray" variant="light" size="sm">
                            {t('inbox.detail.deleted')}
                          </Badge>
                        </Group>
                      ) : (
                        <Anchor component={Link} to={companyPath(company, `voucher/${voucher.id}`)} size="sm">
                          {t('inbox.detail.openVoucher', { id: voucher.id })}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{voucher.supplierName ?? '–'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatCalendarDate(voucher.date)}</Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      <Text size="sm">
                        {voucher.amountOre === null ? '–' : formatMoney(voucher.amountOre, voucher.currency)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {item.ehfDocumentId !== null && (
          <Group mt="md">
            <Anchor
              component={Link}
              to={companyPath(company, 'admin-ehf')}
              size="sm"
              data-testid="inbox-detail-ehf-link"
            >
              <Group gap={6}>
                <IconFileInvoice size={16} aria-hidden />
                {t('inbox.detail.ehfDocument', { id: item.ehfDocumentId })}
              </Group>
            </Anchor>
          </Group>
        )}
      </Card>
    </Stack>
  );
}

export default function InboxDetailPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { uuid = '' } = useParams();
  const listSearch = (useLocation().state as InboxListState | null)?.listSearch ?? '';
  const detail = useQuery(inboxKeys.detail(company.Id, uuid, language));
  useDocumentTitle(`${detail.data?.subject ?? t('nav.inbox')} – ${company.Name} – Bilag`);
  const isOpened = detail.data !== undefined;

  // Opening the item marked it read on the server; the list and its unread count follow.
  useEffect(() => {
    if (isOpened)
      void queryClient.invalidateQueries({ queryKey: [...inboxKeys.company(company.Id), 'list'] });
  }, [isOpened, queryClient, company.Id]);

  return (
    <Stack gap="lg" maw={1100}>
      <Group>
        <Button
          component={Link}
          to={`${companyPath(company, 'inbox')}${listSearch}`}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          data-testid="inbox-back"
        >
          {t('inbox.detail.back')}
        </Button>
      </Group>
      <QueryGate query={detail} errorTitle={t('inbox.detail.loadFailed')}>
        {(item) => <InboxDetailView item={item} />}
      </QueryGate>
    </Stack>
  );
}
