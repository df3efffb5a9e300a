import { EHF_DOCUMENT_STATUSES, type EhfDocumentStatus, type EhfDocumentSummary } from '@bilag/contracts';
import {
  Anchor,
  Badge,
  Button,
  Drawer,
  EmptyState,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconInbox, IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { DateFormat, formatDate } from '../../ui/dates';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { SectionCard } from '../../ui/SectionCard';
import { authKeys } from '../auth';
import { EhfDocumentView } from './EhfDocumentView';
import { EhfStatusBadge } from './EhfStatusBadge';
import {
  useCreateVoucherAnywayMutation,
  useRegisterEhfMutation,
  useUnregisterEhfMutation,
} from './ehf.mutations';
import { EHF_DOCUMENTS_PAGE, ehfKeys } from './ehf.queries';

const DOCUMENT_PARAM = 'document';
const DocumentIdParam = z.coerce.number().int().positive();
const ALL = 'all';

function RegistrationCard({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const registration = useQuery(ehfKeys.registration(companyId));
  const accessPoint = useQuery(ehfKeys.accessPoint(companyId));
  const register = useRegisterEhfMutation(companyId);
  const unregister = useUnregisterEhfMutation(companyId);
  const [isConfirming, setIsConfirming] = useState(false);

  return (
    <SectionCard headingId="ehf-registration-heading">
      <Title order={2} fz="lg" mb="md" id="ehf-registration-heading">
        {t('ehf.registration.title')}
      </Title>
      <QueryGate query={registration} errorTitle={t('ehf.registration.loadFailed')}>
        {(data) => (
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Group gap="xs">
                  {data.isRegistered ? (
                    <IconPlugConnected size={20} color="var(--mantine-color-teal-7)" aria-hidden />
                  ) : (
                    <IconPlugConnectedX size={20} color="var(--mantine-color-gray-6)" aria-hidden />
                  )}
                  <Text fw={600} data-testid="ehf-registration-state">
                    {data.isRegistered
                      ? t('ehf.registration.registeredState')
                      : t('ehf.registration.notRegistered')}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {data.organisationNumber
                    ? t('ehf.registration.organisationNumber', { number: data.organisationNumber })
                    : t('ehf.registration.noOrganisationNumber')}
                </Text>
                {data.isRegistered && data.registeredAt && (
                  <Text size="sm" c="dimmed">
                    {t('ehf.registration.since', {
                      date: formatDate(data.registeredAt, DateFormat.dateTime),
                    })}
                  </Text>
                )}
              </Stack>
              {canEdit &&
                (data.isRegistered ? (
                  <Button
                    variant="light"
                    color="red"
                    onClick={() => setIsConfirming(true)}
                    data-testid="ehf-unregister"
                  >
                    {t('ehf.registration.unregister')}
                  </Button>
                ) : (
                  <Button
                    onClick={() => register.mutate()}
                    loading={register.isPending}
                    disabled={data.organisationNumber === null}
                    data-testid="ehf-register"
                  >
                    {t('ehf.registration.register')}
                  </Button>
                ))}
            </Group>
            {!canEdit && (
              <Text size="xs" c="dimmed">
                {t('ehf.registration.onlyEditors')}
              </Text>
            )}
            {accessPoint.data && (
              <Stack gap={2}>
                <Text size="sm">
                  {t('ehf.registration.accessPoint')}{' '}
                  <Anchor
                    href={accessPoint.data.accessPointUrl}
                    target="_blank"
                    rel="noopener"
                    data-testid="ehf-access-point"
                  >
                    {accessPoint.data.accessPointUrl}
                  </Anchor>
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('ehf.registration.webhook')}{' '}
                  <code>{data.webhookUrl ?? accessPoint.data.webhookUrl}</code>
                </Text>
              </Stack>
            )}
          </Stack>
        )}
      </QueryGate>
      <ConfirmModal
        opened={isConfirming}
        title={t('ehf.registration.confirmTitle')}
        text={
          <Stack gap="xs">
            <Text size="sm">{t('ehf.registration.confirmText')}</Text>
            {unregister.isError && <ErrorAlert error={unregister.error} />}
          </Stack>
        }
        confirmLabel={t('ehf.registration.unregister')}
        cancelLabel={t('ehf.registration.cancel')}
        isPending={unregister.isPending}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => unregister.mutate(undefined, { onSuccess: () => setIsConfirming(false) })}
        data-testid="ehf-unregister-confirm"
      />
    </SectionCard>
  );
}

function ProblemBadges({ row }: { row: EhfDocumentSummary }) {
  const { t } = useTranslation();
  if (row.problems.length === 0) {
    return row.reason ? (
      <Text size="xs" c="dimmed" lineClamp={2}>
        {row.reason}
      </Text>
    ) : null;
  }
  return (
    <Group gap={4}>
      {row.problems.slice(0, 3).map((problem) => (
        <Tooltip key={`${problem.rule}:${problem.message}`} label={problem.message} multiline w={320}>
          <Badge
            size="sm"
            variant="dot"
            tt="none"
            color={problem.severity === 'fatal' ? 'red' : 'yellow'}
            tabIndex={0}
          >
            {problem.rule}
          </Badge>
        </Tooltip>
      ))}
      {row.problems.length > 3 && (
        <Text size="xs" c="dimmed">
          {t('ehf.documents.moreProblems', { count: row.problems.length - 3 })}
        </Text>
      )}
    </Group>
  );
}

function DocumentDrawer({
  companyId,
  documentId,
  onClose,
}: {
  companyId: number;
  documentId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 48em)');
  const document = useQuery({
    ...ehfKeys.document(companyId, documentId ?? 0),
    enabled: documentId !== undefined,
  });
  const createVoucher = useCreateVoucherAnywayMutation(companyId);
  return (
    <Drawer
      opened={documentId !== undefined}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'xl'}
      title={t('ehf.detail.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <QueryGate query={document} errorTitle={t('ehf.detail.loadFailed')}>
        {(data) => (
          <Stack gap="md">
            {createVoucher.isError && <ErrorAlert error={createVoucher.error} />}
            <EhfDocumentView
              document={data}
              onCreateVoucher={() => createVoucher.mutate(data.id)}
              isCreatingVoucher={createVoucher.isPending}
            />
          </Stack>
        )}
      </QueryGate>
    </Drawer>
  );
}

/** /admin-ehf: the company's registration at the access point and the EHF documents it received. */
export default function AdminEhfPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  useDocumentTitle(`${t('nav.adminEhf')} – ${company.Name} – Bilag`);
  const roleActions = useQuery(authKeys.roleActions());
  const canEdit = roleActions.data?.actions.includes('admin.settings.edit') ?? false;
  const [status, setStatus] = useState<EhfDocumentStatus | typeof ALL>(ALL);
  const [page, setPage] = useState(1);
  const [searchParams, setSearchParams] = useSearchParams();
  const openDocumentId = DocumentIdParam.safeParse(searchParams.get(DOCUMENT_PARAM)).data;
  const documents = useQuery(ehfKeys.documents(company.Id, status === ALL ? undefined : status, page));

  function onOpenDocument(id: number | undefined) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === undefined) next.delete(DOCUMENT_PARAM);
        else next.set(DOCUMENT_PARAM, String(id));
        return next;
      },
      { replace: id === undefined },
    );
  }

  function onChangeStatus(value: string) {
    setStatus(value === ALL ? ALL : (EHF_DOCUMENT_STATUSES.find((candidate) => candidate === value) ?? ALL));
    setPage(1);
  }

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('ehf.title')} subtitle={t('ehf.subtitle', { company: company.Name })} />
      <RegistrationCard companyId={company.Id} canEdit={canEdit} />

      <SectionCard headingId="ehf-documents-heading" padding={0}>
        <Group justify="space-between" p="lg" pb="sm" wrap="wrap">
          <Title order={2} fz="lg" id="ehf-documents-heading">
            {t('ehf.documents.title')}
          </Title>
          <SegmentedControl
            size="xs"
            value={status}
            onChange={onChangeStatus}
            aria-label={t('ehf.documents.filter')}
            data={[
              { value: ALL, label: t('ehf.documents.all') },
              ...EHF_DOCUMENT_STATUSES.map((value) => ({ value, label: t(`ehf.status.${value}`) })),
            ]}
            data-testid="ehf-status-filter"
          />
        </Group>
        <QueryGate
          query={documents}
          isInset
          errorTitle={t('ehf.documents.loadFailed')}
          isEmpty={(data) => data.rows.length === 0}
          empty={
            <EmptyState
              py="xl"
              icon={<IconInbox size={28} aria-hidden />}
              title={t('ehf.documents.emptyTitle')}
              description={t('ehf.documents.emptyText')}
              data-testid="ehf-documents-empty"
            />
          }
        >
          {(data) => (
            <>
              <Table.ScrollContainer minWidth={980}>
                <Table highlightOnHover aria-labelledby="ehf-documents-heading" data-testid="ehf-documents">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('ehf.documents.received')}</Table.Th>
                      <Table.Th>{t('ehf.documents.supplier')}</Table.Th>
                      <Table.Th>{t('ehf.documents.number')}</Table.Th>
                      <Table.Th ta="right">{t('ehf.documents.amount')}</Table.Th>
                      <Table.Th>{t('ehf.documents.status')}</Table.Th>
                      <Table.Th>{t('ehf.documents.problems')}</Table.Th>
                      <Table.Th>{t('ehf.documents.links')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.rows.map((row) => (
                      <Table.Tr key={row.id} data-testid={`ehf-row-${row.documentNumber ?? row.id}`}>
                        <Table.Td>{formatDate(row.receivedAt, DateFormat.dateTime)}</Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {row.supplierName ?? '—'}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {row.supplierOrganisationNumber ?? ''}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Anchor
                            component="button"
                            type="button"
                            size="sm"
                            onClick={() => onOpenDocument(row.id)}
                          >
                            {row.documentKind
                              ? t(`ehf.kind.${row.documentKind}`, { number: row.documentNumber ?? '' })
                              : t('ehf.kind.unknown')}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {row.payableAmountOre === null
                            ? '—'
                            : formatMoney(
                                row.documentKind === 'creditnote'
                                  ? -row.payableAmountOre
                                  : row.payableAmountOre,
                                row.currency ?? 'NOK',
                              )}
                        </Table.Td>
                        <Table.Td miw={150}>
                          <EhfStatusBadge status={row.status} />
                        </Table.Td>
                        <Table.Td maw={320}>
                          <ProblemBadges row={row} />
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <Group gap="sm" wrap="nowrap">
                            {row.voucherId !== null && (
                              <Anchor
                                component={Link}
                                to={companyPath(company, `voucher/${row.voucherId}`)}
                                size="sm"
                              >
                                {t('ehf.documents.voucher', { id: row.voucherId })}
                              </Anchor>
                            )}
                            {row.inboxItemUuid && (
                              <Anchor
                                component={Link}
                                to={companyPath(company, `inbox/${row.inboxItemUuid}`)}
                                size="sm"
                              >
                                {t('ehf.documents.inbox')}
                              </Anchor>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {data.total > EHF_DOCUMENTS_PAGE && (
                <Group justify="flex-end" p="md">
                  <Pagination
                    total={Math.ceil(data.total / EHF_DOCUMENTS_PAGE)}
                    value={page}
                    onChange={setPage}
                    size="sm"
                  />
                </Group>
              )}
            </>
          )}
        </QueryGate>
      </SectionCard>

      <DocumentDrawer
        companyId={company.Id}
        documentId={openDocumentId}
        onClose={() => onOpenDocument(undefined)}
      />
    </Stack>
  );
}
