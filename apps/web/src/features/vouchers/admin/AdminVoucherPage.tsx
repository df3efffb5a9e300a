import type { AdminVoucher } from '@bilag/contracts';
import { Card, Group, Pagination, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconReceiptOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { companyPath } from '../../../app/company/company-path';
import { dateLocaleTag } from '../../../i18n/language';
import { useLanguage } from '../../../i18n/useLanguage';
import { LoadingSpinner } from '../../../ui/LoadingSpinner';
import { ListEmpty } from '../../../ui/PagedList';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryGate } from '../../../ui/QueryGate';
import type { SortDirection } from '../../../ui/SortableHeader';
import { HeaderCells, RowCells, type TableColumn } from '../../../ui/TableColumns';
import { companyKeys } from '../../companies';
import { VoucherFilters } from '../VoucherFilters';
import { useVoucherColumns } from '../voucher.columns';
import { useVoucherFilter, type VoucherSortField } from '../voucher.filter';
import { adminVoucherKeys } from './admin-voucher.queries';

const YEARS_OFFERED = 10;
const COMPANY_PARAM = 'company';
const DELETED_PARAM = 'deleted';

function readCompanyId(params: URLSearchParams): number | undefined {
  const value = Number(params.get(COMPANY_PARAM));
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

export default function AdminVoucherPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { filter, searchParams, onChangeFilter, onChangeSearchParams } = useVoucherFilter();
  const companies = useQuery(companyKeys.list());
  useDocumentTitle(`${t('nav.adminVouchers')} – Bilag`);

  const companyId = readCompanyId(searchParams);
  const includeDeleted = searchParams.get(DELETED_PARAM) === '1';
  const list = useQuery(adminVoucherKeys.list({ ...filter, companyId, includeDeleted }));

  const currentYear = new Date().getFullYear();
  const yearOptions = Array.from({ length: YEARS_OFFERED }, (_, index) => String(currentYear - index));
  const monthFormat = new Intl.DateTimeFormat(dateLocaleTag(language), { month: 'long', timeZone: 'UTC' });
  const monthOptions = Array.from({ length: 12 }, (_, index) => ({
    value: String(index + 1),
    label: monthFormat.format(new Date(Date.UTC(2000, index, 1))),
  }));
  const companyOptions = (companies.data?.rows ?? []).map((option) => ({
    value: String(option.Id),
    label: option.Name,
  }));
  const accessibleAliases = new Map((companies.data?.rows ?? []).map((option) => [option.Id, option.Alias]));

  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.pageSize));

  function setExtraParam(name: string, value: string | undefined) {
    onChangeSearchParams((params) => {
      if (value === undefined) params.delete(name);
      else params.set(name, value);
    });
  }

  function onReset() {
    onChangeSearchParams((params) => {
      for (const name of [...params.keys()]) params.delete(name);
    });
  }

  function onSort(sortBy: VoucherSortField, sortType: SortDirection) {
    onChangeFilter({ sortBy, sortType });
  }

  function voucherPathOf(voucher: AdminVoucher): string | undefined {
    const alias = accessibleAliases.get(voucher.CompanyId);
    if (alias === undefined || voucher.DeletedAt !== null) return undefined;
    return companyPath({ Alias: alias }, `voucher/${voucher.Id}`);
  }

  const column = useVoucherColumns({ filter, onSort });
  const companyColumn: TableColumn<AdminVoucher> = {
    key: 'company',
    header: <Table.Th w={190}>{t('vouchers.admin.company')}</Table.Th>,
    cell: (voucher) => (
      <Table.Td>
        <Text size="sm" fw={500} truncate>
          {voucher.CompanyName}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {voucher.CompanyAlias}
        </Text>
      </Table.Td>
    ),
  };
  const columns: TableColumn<AdminVoucher>[] = [
    column.id,
    companyColumn,
    column.date,
    column.supplier,
    column.amount,
    column.status,
    column.paid,
    column.file,
  ];

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('vouchers.admin.title')} subtitle={t('vouchers.admin.subtitle')} />

      <Card withBorder radius="lg" padding={0}>
        <Stack gap="sm" p="md">
          <VoucherFilters
            filter={filter}
            onChangeFilter={onChangeFilter}
            onResetFilter={onReset}
            hasExtraFilters={companyId !== undefined || includeDeleted || filter.year !== undefined}
          >
            <Select
              label={t('vouchers.admin.company')}
              placeholder={t('vouchers.admin.allCompanies')}
              data={companyOptions}
              value={companyId === undefined ? null : String(companyId)}
              onChange={(value) => setExtraParam(COMPANY_PARAM, value ?? undefined)}
              searchable
              clearable
              w={220}
              data-testid="admin-filter-company"
            />
            <Select
              label={t('vouchers.list.year')}
              placeholder={t('vouchers.admin.allYears')}
              data={yearOptions}
              value={filter.year === undefined ? null : String(filter.year)}
              onChange={(value) =>
                onChangeFilter({ year: value === null ? undefined : Number(value), month: 0 })
              }
              clearable
              w={130}
            />
            <Select
              label={t('vouchers.admin.month')}
              placeholder={t('vouchers.admin.allMonths')}
              data={monthOptions}
              value={filter.month === 0 ? null : String(filter.month)}
              onChange={(value) => onChangeFilter({ month: value === null ? 0 : Number(value) })}
              disabled={filter.year === undefined}
              clearable
              w={150}
            />
            <Switch
              label={t('vouchers.admin.includeDeleted')}
              checked={includeDeleted}
              onChange={(event) =>
                setExtraParam(DELETED_PARAM, event.currentTarget.checked ? '1' : undefined)
              }
              mb={8}
              data-testid="admin-include-deleted"
            />
          </VoucherFilters>
          <Group justify="space-between" mih={24}>
            <Text size="sm" c="dimmed" data-testid="admin-voucher-count">
              {list.data ? t('vouchers.admin.count', { count: total }) : ' '}
            </Text>
            {list.isFetching && <LoadingSpinner size="xs" />}
          </Group>
        </Stack>

        <QueryGate
          query={list}
          forbiddenTo="/unauthorized"
          isEmpty={(data) => data.rows.length === 0}
          empty={
            <ListEmpty
              icon={<IconReceiptOff size={28} aria-hidden />}
              title={t('vouchers.list.emptyTitle')}
              description={t('vouchers.admin.emptyText')}
            />
          }
          isInset
        >
          {(data) => (
            <Table.ScrollContainer minWidth={880}>
              <Table
                highlightOnHover
                layout="fixed"
                verticalSpacing="xs"
                stickyHeader
                aria-label={t('vouchers.admin.tableLabel')}
              >
                <Table.Thead>
                  <Table.Tr>
                    <HeaderCells columns={columns} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((voucher) => {
                    const path = voucherPathOf(voucher);
                    return (
                      <Table.Tr
                        key={`${voucher.CompanyId}-${voucher.Id}`}
                        data-testid={`admin-voucher-row-${voucher.Id}`}
                        tabIndex={path ? 0 : undefined}
                        style={{ cursor: path ? 'pointer' : undefined }}
                        onClick={path ? () => navigate(path) : undefined}
                        onKeyDown={path ? (event) => event.key === 'Enter' && navigate(path) : undefined}
                        opacity={voucher.DeletedAt ? 0.7 : 1}
                      >
                        <RowCells columns={columns} row={voucher} />
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryGate>

        {pageCount > 1 && (
          <Group justify="center" p="md">
            <Pagination
              total={pageCount}
              value={Math.min(filter.pageNumber, pageCount)}
              onChange={(pageNumber) => onChangeFilter({ pageNumber })}
            />
          </Group>
        )}
      </Card>
      <Text size="xs" c="dimmed">
        {t('vouchers.admin.openHint')}
      </Text>
    </Stack>
  );
}
