import { ConnectionSource } from '@bilag/contracts';
import { Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDatabaseSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../../ui/dates';
import { formatCalendarDate, formatMoney } from '../../../ui/format';
import { ListCard, usePagedList } from '../../../ui/PagedList';
import { PageHeader } from '../../../ui/PageHeader';
import { SignedAmount } from '../../../ui/SignedAmount';
import { keyboardScrollArea } from '../../../ui/scroll';
import { companyKeys } from '../../companies';
import { ConnectionSourceBadge } from '../ConnectionSourceBadge';
import { MatchScore } from '../MatchReasons';
import { connectionSourceKeys } from '../matching.format';
import { AdminConnectForm } from './AdminConnectForm';
import { useAdminConnectionsFilter } from './admin-connections.filter';
import { adminMatchingKeys } from './admin-matching.queries';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Every company's connections, newest first, for checking what matching did; and connecting across companies. */
export default function MatchingDataPage() {
  const { t } = useTranslation();
  const { filter, onChangeFilter } = useAdminConnectionsFilter();
  const companies = useQuery(companyKeys.list());
  const connections = useQuery(adminMatchingKeys.connections(filter));
  useDocumentTitle(`${t('nav.adminMatchingData')} – Bilag`);

  const { rows, summary, pagination } = usePagedList(connections.data, { filter, onChangeFilter });

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('adminMatching.data.title')} subtitle={t('adminMatching.data.subtitle')} />

      <AdminConnectForm />

      <ListCard
        filters={
          <Group
            gap="sm"
            align="flex-end"
            wrap="wrap"
            role="search"
            aria-label={t('adminMatching.data.filters')}
          >
            <Select
              label={t('adminMatching.fields.company')}
              placeholder={t('adminMatching.data.allCompanies')}
              data={(companies.data?.rows ?? []).map((option) => ({
                value: String(option.Id),
                label: option.Name,
              }))}
              value={filter.companyId === undefined ? null : String(filter.companyId)}
              onChange={(value) => onChangeFilter({ companyId: value === null ? undefined : Number(value) })}
              searchable
              clearable
              w={240}
              data-testid="data-filter-company"
            />
            <Select
              label={t('adminMatching.fields.source')}
              placeholder={t('adminMatching.data.allSources')}
              data={ConnectionSource.options.map((source) => ({
                value: source,
                label: t(connectionSourceKeys[source]),
              }))}
              value={filter.source ?? null}
              onChange={(value) => onChangeFilter({ source: ConnectionSource.safeParse(value).data })}
              clearable
              w={200}
              data-testid="data-filter-source"
            />
          </Group>
        }
        countRow={{ summary, 'data-testid': 'connection-count' }}
        query={connections}
        forbiddenTo="/unauthorized"
        empty={{
          icon: <IconDatabaseSearch size={28} aria-hidden />,
          title: t('adminMatching.data.emptyTitle'),
          description: t('adminMatching.data.emptyText'),
          'data-testid': 'connections-empty',
        }}
        pagination={pagination}
      >
        <Table.ScrollContainer minWidth={940} scrollAreaProps={keyboardScrollArea}>
          <Table
            verticalSpacing="xs"
            highlightOnHover
            stickyHeader
            layout="fixed"
            aria-label={t('adminMatching.data.tableLabel')}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={160}>{t('adminMatching.fields.connectedAt')}</Table.Th>
                <Table.Th w={150}>{t('adminMatching.fields.company')}</Table.Th>
                <Table.Th>{t('adminMatching.fields.transaction')}</Table.Th>
                <Table.Th>{t('adminMatching.fields.voucher')}</Table.Th>
                <Table.Th w={150}>{t('adminMatching.fields.source')}</Table.Th>
                <Table.Th w={70} ta="right">
                  {t('adminMatching.fields.score')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.CompanyId}-${row.Id}`} data-testid={`connection-row-${row.Id}`}>
                  <Table.Td>
                    <Text size="sm" style={numeric}>
                      {formatDate(row.CreatedAt, DateFormat.dateTime)}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {row.CreatedByName
                        ? t('adminMatching.data.by', { name: row.CreatedByName })
                        : t('adminMatching.data.system')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500} truncate>
                      {row.CompanyName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" truncate title={row.TransactionText}>
                      {row.TransactionText}
                    </Text>
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Text size="xs" c="dimmed" truncate>
                        {t('adminMatching.data.transactionMeta', {
                          id: row.BankTransactionId,
                          date: formatCalendarDate(row.TransactionDate),
                        })}
                      </Text>
                      <SignedAmount amountOre={row.TransactionAmountOre} currency={row.Currency} />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" truncate c={row.VoucherSupplierName ? undefined : 'dimmed'}>
                      {row.VoucherSupplierName ?? t('vouchers.list.noSupplier')}
                    </Text>
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Text size="xs" c="dimmed" truncate>
                        {t('matching.voucherNameNoSupplier', { id: row.VoucherId })}
                      </Text>
                      <Text size="sm" fw={600} style={numeric}>
                        {row.VoucherAmountOre === null
                          ? '—'
                          : formatMoney(row.VoucherAmountOre, row.Currency)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <ConnectionSourceBadge source={row.Source} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {row.Score === null ? '—' : <MatchScore score={row.Score} />}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>
    </Stack>
  );
}
