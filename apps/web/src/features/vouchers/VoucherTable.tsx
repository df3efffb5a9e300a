import type { Voucher } from '@bilag/contracts';
import { ActionIcon, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCashBanknotePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type RowSelection, SelectableTable } from '../../ui/SelectableTable';
import type { SortDirection } from '../../ui/SortableHeader';
import { HeaderCells, RowCells, type TableColumn } from '../../ui/TableColumns';
import { useVoucherColumns } from './voucher.columns';
import type { VoucherListFilter, VoucherSortField } from './voucher.filter';
import { isPayable } from './voucher-payment.format';

/** Given to payment users: each payable row gets a button that puts it on the payment list. */
export type RowPaymentAction = {
  onAddToPaymentList: (voucher: Voucher) => void;
  pendingVoucherIds: readonly number[];
};

type VoucherTableProps = {
  rows: Voucher[];
  filter: VoucherListFilter;
  selection: RowSelection;
  onSort: (sortBy: VoucherSortField, sortType: SortDirection) => void;
  onOpen: (voucher: Voucher) => void;
  paymentAction?: RowPaymentAction | undefined;
};

export function VoucherTable({ rows, filter, selection, onSort, onOpen, paymentAction }: VoucherTableProps) {
  const { t } = useTranslation();
  const column = useVoucherColumns({ filter, onSort });
  const columns: TableColumn<Voucher>[] = [
    column.id,
    column.date,
    column.supplier,
    column.amount,
    column.dueDate,
    column.status,
    column.paid,
    column.labels,
    column.file,
  ];
  if (paymentAction) {
    columns.push({
      key: 'add-to-payment-list',
      header: (
        <Table.Th w={52}>
          <VisuallyHidden>{t('vouchers.payment.columnLabel')}</VisuallyHidden>
        </Table.Th>
      ),
      // The row opens the voucher on a click; the button's click is its own.
      cell: (voucher) => (
        <Table.Td onClick={(event) => event.stopPropagation()}>
          {isPayable(voucher) && (
            <Tooltip label={t('vouchers.payment.add')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('vouchers.payment.addOne', { id: voucher.Id })}
                loading={paymentAction.pendingVoucherIds.includes(voucher.Id)}
                onClick={() => paymentAction.onAddToPaymentList(voucher)}
              >
                <IconCashBanknotePlus size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Table.Td>
      ),
    });
  }
  return (
    <SelectableTable
      rows={rows}
      minWidth={paymentAction ? 1100 : 980}
      label={t('vouchers.list.tableLabel')}
      selectAllLabel={t('vouchers.list.selectAll')}
      selectRowLabel={(voucher) => t('vouchers.list.selectOne', { id: voucher.Id })}
      rowTestId={(voucher) => `voucher-row-${voucher.Id}`}
      selection={selection}
      onOpen={onOpen}
      headers={<HeaderCells columns={columns} />}
      renderCells={(voucher) => <RowCells columns={columns} row={voucher} />}
    />
  );
}
