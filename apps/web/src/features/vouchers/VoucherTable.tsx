import type { Voucher } from '@bilag/contracts';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type RowSelection, SelectableTable } from '../../ui/SelectableTable';
import { SortableHeader } from '../../ui/SortableHeader';
import { LabelBadges, PaidBadge, StatusBadge } from './VoucherBadges';
import { VoucherFileCell } from './VoucherFileCell';
import type { VoucherListFilter, VoucherSortField } from './voucher.filter';
import { formatCalendarDate, formatMoney, isOverdue } from './voucher.format';

type VoucherTableProps = {
  companyId: number;
  rows: Voucher[];
  filter: VoucherListFilter;
  today: string;
  selection: RowSelection;
  onSort: (sortBy: VoucherSortField, sortType: 'asc' | 'desc') => void;
  onOpen: (voucher: Voucher) => void;
};

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

export function VoucherTable({
  companyId,
  rows,
  filter,
  today,
  selection,
  onSort,
  onOpen,
}: VoucherTableProps) {
  const { t } = useTranslation();
  return (
    <SelectableTable
      rows={rows}
      minWidth={920}
      label={t('vouchers.list.tableLabel')}
      selectAllLabel={t('vouchers.list.selectAll')}
      selectRowLabel={(voucher) => t('vouchers.list.selectOne', { id: voucher.Id })}
      rowTestId={(voucher) => `voucher-row-${voucher.Id}`}
      selection={selection}
      onOpen={onOpen}
      headers={
        <>
          <SortableHeader
            field="Id"
            label={t('vouchers.fields.id')}
            filter={filter}
            onSort={onSort}
            width={64}
          />
          <SortableHeader
            field="Date"
            label={t('vouchers.fields.date')}
            filter={filter}
            onSort={onSort}
            width={104}
          />
          <SortableHeader
            field="SupplierName"
            label={t('vouchers.fields.supplier')}
            filter={filter}
            onSort={onSort}
            isAscendingFirst
          />
          <SortableHeader
            field="Amount"
            label={t('vouchers.fields.amount')}
            filter={filter}
            onSort={onSort}
            isNumeric
            width={128}
          />
          <SortableHeader
            field="DueDate"
            label={t('vouchers.fields.dueDate')}
            filter={filter}
            onSort={onSort}
            width={112}
          />
          <Table.Th w={96}>{t('vouchers.fields.status')}</Table.Th>
          <Table.Th w={92}>{t('vouchers.fields.paid')}</Table.Th>
          <Table.Th w={128}>{t('vouchers.fields.labels')}</Table.Th>
          <Table.Th w={52}>{t('vouchers.fields.file')}</Table.Th>
        </>
      }
      renderCells={(voucher) => (
        <>
          <Table.Td style={numeric}>
            <Text size="sm" c="dimmed" style={numeric}>
              {voucher.Id}
            </Text>
          </Table.Td>
          <Table.Td style={numeric}>
            {voucher.Date ? formatCalendarDate(voucher.Date) : <Text c="dimmed">—</Text>}
          </Table.Td>
          <Table.Td>
            {voucher.SupplierName ? (
              <Text size="sm" fw={500} truncate>
                {voucher.SupplierName}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" fs="italic">
                {t('vouchers.list.noSupplier')}
              </Text>
            )}
          </Table.Td>
          <Table.Td ta="right" style={{ ...numeric, whiteSpace: 'nowrap' }}>
            {voucher.AmountOre === null ? (
              <Text c="dimmed">—</Text>
            ) : (
              formatMoney(voucher.AmountOre, voucher.Currency)
            )}
          </Table.Td>
          <Table.Td style={numeric}>{formatCalendarDate(voucher.DueDate)}</Table.Td>
          <Table.Td>
            <StatusBadge status={voucher.Status} />
          </Table.Td>
          <Table.Td>
            <PaidBadge
              isPaid={voucher.IsPaid}
              isOverdue={isOverdue(voucher.DueDate, voucher.IsPaid, today)}
            />
          </Table.Td>
          <Table.Td>
            <LabelBadges labels={voucher.Labels} />
          </Table.Td>
          <Table.Td>
            <VoucherFileCell companyId={companyId} files={voucher.Files} />
          </Table.Td>
        </>
      )}
    />
  );
}
