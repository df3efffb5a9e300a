import { INBOX_STATUSES, type InboxStatus } from '@bilag/contracts';
import {
  Anchor,
  Badge,
  Card,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { DateFormat, formatDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { ArrivalTable } from './ArrivalTable';
import { MAIL_ADMIN_PAGE_SIZE, mailKeys } from './mail.queries';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding={0} component="section" aria-label={title}>
      <Stack gap={2} p="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </Stack>
      {children}
    </Card>
  );
}

function Pager({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / MAIL_ADMIN_PAGE_SIZE);
  if (pages <= 1) return null;
  return (
    <Group justify="flex-end" p="md">
      <Pagination
        value={page}
        total={pages}
        onChange={onChange}
        getControlProps={(control) => ({
          'aria-label': control === 'next' ? t('common.nextPage') : t('common.previousPage'),
        })}
      />
    </Group>
  );
}

function AddressSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const addresses = useQuery(mailKeys.addresses(page, debouncedSearch));
  return (
    <Section title={t('mail.admin.addressesTitle')} description={t('mail.admin.addressesText')}>
      <Group px="md" pb="sm">
        <TextInput
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t('mail.admin.searchCompany')}
          aria-label={t('mail.admin.searchCompany')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maxLength={200}
          w={320}
        />
      </Group>
      <QueryGate query={addresses} forbiddenTo="/unauthorized" isInset>
        {(data) => (
          <>
            <Table.ScrollContainer minWidth={700}>
              <Table verticalSpacing="xs" aria-label={t('mail.admin.addressesTitle')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('mail.fields.company')}</Table.Th>
                    <Table.Th>{t('mail.fields.address')}</Table.Th>
                    <Table.Th ta="right">{t('mail.fields.acceptedSenders')}</Table.Th>
                    <Table.Th ta="right">{t('mail.fields.arrivals')}</Table.Th>
                    <Table.Th>{t('mail.fields.lastArrival')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <Text size="sm" c="dimmed" ta="center" py="md">
                          {t('mail.admin.noCompanies')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {data.rows.map((row) => (
                    <Table.Tr key={row.companyId} data-testid="mail-address">
                      <Table.Td fw={600}>{row.companyName}</Table.Td>
                      <Table.Td ff="monospace">{row.address}</Table.Td>
                      <Table.Td ta="right">{row.acceptedSenders}</Table.Td>
                      <Table.Td ta="right">{row.arrivals}</Table.Td>
                      <Table.Td>
                        {row.lastArrivalAt ? formatDate(row.lastArrivalAt, DateFormat.dateTime) : '—'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager page={page} total={data.total} onChange={setPage} />
          </>
        )}
      </QueryGate>
    </Section>
  );
}

const ALL = 'all';

function ArrivalSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<InboxStatus | undefined>(undefined);
  const arrivals = useQuery(mailKeys.arrivals(page, status));
  return (
    <Section title={t('mail.admin.arrivalsTitle')} description={t('mail.admin.arrivalsText')}>
      <Group px="md" pb="sm">
        <Select
          label={t('mail.fields.status')}
          data={[
            { value: ALL, label: t('mail.admin.allStatuses') },
            ...INBOX_STATUSES.map((value) => ({ value, label: t(`mail.statuses.${value}`) })),
          ]}
          value={status ?? ALL}
          onChange={(value) => {
            setStatus(value === null || value === ALL ? undefined : (value as InboxStatus));
            setPage(1);
          }}
          allowDeselect={false}
          w={240}
        />
      </Group>
      <QueryGate query={arrivals} forbiddenTo="/unauthorized" isInset>
        {(data) => (
          <>
            <ArrivalTable rows={data.rows} label={t('mail.admin.arrivalsTitle')} />
            <Pager page={page} total={data.total} onChange={setPage} />
          </>
        )}
      </QueryGate>
    </Section>
  );
}

function RefusalSection() {
  const { t } = useTranslation();
  const refusals = useQuery(mailKeys.refusals());
  return (
    <Section title={t('mail.admin.refusalsTitle')} description={t('mail.admin.refusalsText')}>
      <QueryGate query={refusals} forbiddenTo="/unauthorized" isInset>
        {(rows) => (
          <Table.ScrollContainer minWidth={800}>
            <Table verticalSpacing="xs" aria-label={t('mail.admin.refusalsTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('mail.fields.when')}</Table.Th>
                  <Table.Th>{t('mail.fields.stage')}</Table.Th>
                  <Table.Th>{t('mail.fields.sender')}</Table.Th>
                  <Table.Th>{t('mail.fields.target')}</Table.Th>
                  <Table.Th>{t('mail.fields.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text size="sm" c="dimmed" ta="center" py="md">
                        {t('mail.admin.noRefusals')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows.map((refusal) => (
                  <Table.Tr key={refusal.id} data-testid="mail-refusal">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(refusal.at, DateFormat.dateTime)}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="dot"
                        radius="sm"
                        color={refusal.stage === 'smtp' ? 'red' : 'orange'}
                        tt="none"
                      >
                        {t(`mail.stages.${refusal.stage}`)}
                        {refusal.smtpCode ? ` ${refusal.smtpCode}` : ''}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{refusal.sender ?? '—'}</Table.Td>
                    <Table.Td>
                      {[refusal.companyName, refusal.recipient, refusal.fileName]
                        .filter(Boolean)
                        .join(' · ') || '—'}
                    </Table.Td>
                    <Table.Td>{refusal.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryGate>
    </Section>
  );
}

/** /admin-email: every company's address, what arrived by e-mail, and what was refused and why. */
export default function AdminEmailPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  useDocumentTitle(`${t('nav.adminEmail')} – Bilag`);
  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('mail.admin.title')} subtitle={t('mail.admin.subtitle')}>
        <Anchor component={Link} to={companyPath(company, 'admin-email/forwarding')}>
          {t('mail.admin.toForwarding')}
        </Anchor>
      </PageHeader>
      <AddressSection />
      <ArrivalSection />
      <RefusalSection />
    </Stack>
  );
}
