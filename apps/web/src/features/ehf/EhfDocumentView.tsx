import type {
  EhfDocumentDetail,
  EhfDocumentFile,
  EhfDocumentProblem,
  EhfLinkedDocument,
} from '@bilag/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Group,
  List,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { EhfStatusBadge } from './EhfStatusBadge';
import { ehfKeys } from './ehf.queries';

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </Stack>
  );
}

export function EhfProblems({ problems }: { problems: EhfDocumentProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  const hasFatal = problems.some((problem) => problem.severity === 'fatal');
  return (
    <Alert
      color={hasFatal ? 'red' : 'yellow'}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={hasFatal ? t('ehf.problems.fatalTitle') : t('ehf.problems.warningTitle')}
      data-testid="ehf-problems"
    >
      <List size="sm" spacing={4}>
        {problems.map((problem) => (
          <List.Item key={`${problem.rule}:${problem.message}`}>
            <Badge
              size="xs"
              variant="dot"
              tt="none"
              color={problem.severity === 'fatal' ? 'red' : 'yellow'}
              mr={6}
            >
              {problem.rule}
            </Badge>
            {problem.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function FileLink({
  companyId,
  documentId,
  file,
}: {
  companyId: number;
  documentId: number;
  file: EhfDocumentFile;
}) {
  const { t } = useTranslation();
  const blob = useQuery(ehfKeys.file(companyId, documentId, file.id));
  const url = useObjectUrl(blob.data);
  const label = file.kind === 'pdf' ? t('ehf.files.pdf') : t('ehf.files.xml');
  if (!url) return <Text size="sm">{label}</Text>;
  return (
    <Anchor href={url} download={file.fileName} size="sm" data-testid={`ehf-file-${file.kind}`}>
      <Group gap={4} wrap="nowrap">
        <IconDownload size={14} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

function PdfPreview({
  companyId,
  documentId,
  file,
}: {
  companyId: number;
  documentId: number;
  file: EhfDocumentFile;
}) {
  const { t } = useTranslation();
  const blob = useQuery(ehfKeys.file(companyId, documentId, file.id));
  const url = useObjectUrl(blob.data);
  if (blob.isError) return <ErrorAlert error={blob.error} title={t('ehf.files.loadFailed')} />;
  if (!url)
    return (
      <Center h={200}>
        <LoadingSpinner size="sm" />
      </Center>
    );
  return (
    <Box bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      <object
        data={url}
        type="application/pdf"
        title={file.fileName}
        width="100%"
        height={520}
        data-testid="ehf-pdf"
      >
        <Center h={120}>
          <Anchor href={url} download={file.fileName}>
            {file.fileName}
          </Anchor>
        </Center>
      </object>
    </Box>
  );
}

function LinkedDocument({ linked, label }: { linked: EhfLinkedDocument; label: string }) {
  const company = useCurrentCompany();
  const { t } = useTranslation();
  const number = linked.documentNumber ?? `#${linked.id}`;
  return (
    <Text size="sm" data-testid="ehf-linked-document">
      {label}{' '}
      {linked.voucherId === null ? (
        number
      ) : (
        <Anchor component={Link} to={companyPath(company, `voucher/${linked.voucherId}`)}>
          {t('ehf.detail.linkedVoucher', { number, id: linked.voucherId })}
        </Anchor>
      )}
    </Text>
  );
}

type EhfDocumentViewProps = {
  document: EhfDocumentDetail;
  /** Shown where a person may book a document that failed its checks. */
  onCreateVoucher?: () => void;
  isCreatingVoucher?: boolean;
  /** The voucher page shows its own files; the admin page shows the PDF here. */
  showsPdf?: boolean;
};

/** Everything read from one EHF document: parties, payment details, problems, lines, VAT per rate and files. */
export function EhfDocumentView({
  document,
  onCreateVoucher,
  isCreatingVoucher = false,
  showsPdf = true,
}: EhfDocumentViewProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const currency = document.currency ?? 'NOK';
  const money = (amount: number | null) => (amount === null ? null : formatMoney(amount, currency));
  const pdf = document.files.find((file) => file.kind === 'pdf');

  return (
    <Stack gap="md" data-testid="ehf-document">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <IconFileInvoice size={20} aria-hidden />
            <Title order={3} fz="lg">
              {document.documentKind
                ? t(`ehf.kind.${document.documentKind}`, { number: document.documentNumber ?? '' })
                : t('ehf.kind.unknown')}
            </Title>
            <EhfStatusBadge status={document.status} />
          </Group>
          {document.reason && (
            <Text size="sm" c="dimmed" data-testid="ehf-reason">
              {document.reason}
            </Text>
          )}
        </Stack>
        {onCreateVoucher && document.status === 'failed-checks' && (
          <Button onClick={onCreateVoucher} loading={isCreatingVoucher} data-testid="ehf-create-voucher">
            {t('ehf.detail.createVoucher')}
          </Button>
        )}
      </Group>

      <EhfProblems problems={document.problems} />

      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <Fact label={t('ehf.fields.supplier')} value={document.supplierName} testId="ehf-supplier" />
        <Fact
          label={t('ehf.fields.supplierOrganisationNumber')}
          value={document.supplierOrganisationNumber}
        />
        <Fact label={t('ehf.fields.customer')} value={document.customerName} />
        <Fact label={t('ehf.fields.issueDate')} value={formatCalendarDate(document.issueDate)} />
        <Fact label={t('ehf.fields.dueDate')} value={formatCalendarDate(document.dueDate)} />
        <Fact label={t('ehf.fields.payable')} value={money(document.payableAmountOre)} testId="ehf-payable" />
        <Fact label={t('ehf.fields.kid')} value={document.kid} testId="ehf-kid" />
        <Fact label={t('ehf.fields.account')} value={document.supplierAccount} />
        <Fact label={t('ehf.fields.buyerReference')} value={document.buyerReference} />
      </SimpleGrid>

      <Group gap="lg">
        {document.voucherId !== null && (
          <Anchor
            component={Link}
            to={companyPath(company, `voucher/${document.voucherId}`)}
            size="sm"
            data-testid="ehf-voucher-link"
          >
            {t('ehf.detail.voucherLink', { id: document.voucherId })}
          </Anchor>
        )}
        {document.inboxItemUuid && (
          <Anchor component={Link} to={companyPath(company, `inbox/${document.inboxItemUuid}`)} size="sm">
            {t('ehf.detail.inboxLink')}
          </Anchor>
        )}
        {document.files.map((file) => (
          <FileLink key={file.id} companyId={company.Id} documentId={document.id} file={file} />
        ))}
      </Group>
      {document.creditedInvoice && (
        <LinkedDocument linked={document.creditedInvoice} label={t('ehf.detail.credits')} />
      )}
      {document.creditNotes.map((note) => (
        <LinkedDocument key={note.id} linked={note} label={t('ehf.detail.creditedBy')} />
      ))}

      {document.lines.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={t('ehf.lines.label')} data-testid="ehf-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ehf.lines.item')}</Table.Th>
                <Table.Th>{t('ehf.lines.quantity')}</Table.Th>
                <Table.Th>{t('ehf.lines.price')}</Table.Th>
                <Table.Th>{t('ehf.lines.vat')}</Table.Th>
                <Table.Th ta="right">{t('ehf.lines.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {document.lines.map((line) => (
                <Table.Tr key={`${line.lineId ?? ''}:${line.itemName ?? ''}:${line.netAmountOre}`}>
                  <Table.Td>
                    <Text size="sm">{line.itemName ?? line.description ?? ''}</Text>
                    {line.itemName && line.description && (
                      <Text size="xs" c="dimmed">
                        {line.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{[line.quantity, line.unit].filter(Boolean).join(' ')}</Table.Td>
                  <Table.Td>{line.price ?? ''}</Table.Td>
                  <Table.Td>
                    {line.vatPercent !== null ? `${line.vatPercent} %` : (line.vatCategory ?? '')}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(line.netAmountOre, currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {document.vatRates.length > 0 && (
        <Table aria-label={t('ehf.vat.label')} data-testid="ehf-vat">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ehf.vat.rate')}</Table.Th>
              <Table.Th ta="right">{t('ehf.vat.taxable')}</Table.Th>
              <Table.Th ta="right">{t('ehf.vat.tax')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {document.vatRates.map((rate) => (
              <Table.Tr key={`${rate.category ?? ''}:${rate.percent ?? ''}:${rate.taxableAmountOre}`}>
                <Table.Td>
                  {rate.percent !== null ? `${rate.percent} %` : ''}{' '}
                  {rate.category ? `(${rate.category})` : ''}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(rate.taxableAmountOre, currency)}</Table.Td>
                <Table.Td ta="right">{formatMoney(rate.taxAmountOre, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      {showsPdf && pdf && <PdfPreview companyId={company.Id} documentId={document.id} file={pdf} />}
    </Stack>
  );
}
