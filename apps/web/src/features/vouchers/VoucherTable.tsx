import type { Voucher } from '@bilag/contracts';
import { useTranslation } from 'react-i18next';
import { type RowSelection, SelectableTable } from '../../ui/SelectableTable';
import type { SortDirection } from '../../ui/SortableHeader';
import { HeaderCells, RowCells } from '../../ui/TableColumns';
import { useVoucherColumns } from './voucher.columns';
import type { VoucherListFilter, VoucherSortField } from './voucher.filter';

type VoucherTableProps = {
  rows: Voucher[];
  filter: VoucherListFilter;
  selection: RowSelection;
  onSort: (sortBy: VoucherSortField, sortType: SortDirection) => void;
  onOpen: (voucher: Voucher) => void;
};

export function VoucherTable({ rows, filter, selection, onSort, onOpen }: VoucherTableProps) {
  const { t } = useTranslation();
  const column = useVoucherColumns({ filter, onSort });
  const columns = [
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
      headers={<HeaderCells columns={columns} />}
      renderCells={(voucher) => <RowCells columns={columns} row={voucher} />}
    />
  );
}
