import type { Voucher } from '@bilag/contracts';
import { Checkbox, Table, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableHeader } from './SortableHeader';
import { LabelBadges, PaidBadge, StatusBadge } from './VoucherBadges';
import { VoucherFileCell } from './VoucherFileCell';
import type { VoucherListFilter, VoucherSortField } from './voucher.filter';
import { formatCalendarDate, formatMoney, isOverdue } from './voucher.format';

type VoucherTableProps = {
  companyId: number;
  rows: Voucher[];
  filter: VoucherListFilter;
  today: string;
  selectedIds: ReadonlySet<number>;
  onToggleSelected: (voucherId: number) => void;
  onToggleAll: () => void;
  onSort: (sortBy: VoucherSortField, sortType: 'asc' | 'desc') => void;
  onOpen: (voucher: Voucher) => void;
};

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

function focusSibling(row: HTMLTableRowElement, direction: 'next' | 'previous') {
  const sibling = direction === 'next' ? row.nextElementSibling : row.previousElementSibling;
  if (sibling instanceof HTMLTableRowElement) sibling.focus();
}

export function VoucherTable({
  companyId,
  rows,
  filter,
  today,
  selectedIds,
  onToggleSelected,
  onToggleAll,
  onSort,
  onOpen,
}: VoucherTableProps) {
  const { t } = useTranslation();
  const selectedOnPage = rows.filter((row) => selectedIds.has(row.Id)).length;

  /** Arrow keys move between rows, Enter opens one and Space selects it, so the list works without a mouse. */
  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, voucher: Voucher) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusSibling(event.currentTarget, event.key === 'ArrowDown' ? 'next' : 'previous');
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(voucher);
    } else if (event.key === ' ') {
      event.preventDefault();
      onToggleSelected(voucher.Id);
    }
  }

  return (
    <Table.ScrollContainer minWidth={920}>
      <Table
        highlightOnHover
        layout="fixed"
        verticalSpacing="xs"
        stickyHeader
        aria-label={t('vouchers.list.tableLabel')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label={t('vouchers.list.selectAll')}
                checked={rows.length > 0 && selectedOnPage === rows.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                onChange={onToggleAll}
                disabled={rows.length === 0}
              />
            </Table.Th>
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
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((voucher) => {
            const isSelected = selectedIds.has(voucher.Id);
            return (
              <Table.Tr
                key={voucher.Id}
                tabIndex={0}
                data-testid={`voucher-row-${voucher.Id}`}
                aria-selected={isSelected}
                bg={isSelected ? 'var(--mantine-color-brand-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onOpen(voucher)}
                onKeyDown={(event) => onRowKeyDown(event, voucher)}
              >
                <Table.Td onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    aria-label={t('vouchers.list.selectOne', { id: voucher.Id })}
                    checked={isSelected}
                    onChange={() => onToggleSelected(voucher.Id)}
                    tabIndex={-1}
                  />
                </Table.Td>
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
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
