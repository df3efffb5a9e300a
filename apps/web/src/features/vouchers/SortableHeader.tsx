import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { VoucherListFilter, VoucherSortField } from './voucher.filter';

type SortableHeaderProps = {
  field: VoucherSortField;
  label: string;
  filter: Pick<VoucherListFilter, 'sortBy' | 'sortType'>;
  onSort: (sortBy: VoucherSortField, sortType: 'asc' | 'desc') => void;
  isNumeric?: boolean;
  width?: number;
};

/** Names read best from A; numbers and dates from the newest or largest. */
function firstDirection(field: VoucherSortField): 'asc' | 'desc' {
  return field === 'SupplierName' ? 'asc' : 'desc';
}

export function SortableHeader({
  field,
  label,
  filter,
  onSort,
  isNumeric = false,
  width,
}: SortableHeaderProps) {
  const isSorted = filter.sortBy === field;
  const SortIcon = !isSorted ? IconArrowsSort : filter.sortType === 'asc' ? IconArrowUp : IconArrowDown;

  function onClick() {
    if (!isSorted) onSort(field, firstDirection(field));
    else onSort(field, filter.sortType === 'asc' ? 'desc' : 'asc');
  }

  return (
    <Table.Th
      aria-sort={isSorted ? (filter.sortType === 'asc' ? 'ascending' : 'descending') : 'none'}
      ta={isNumeric ? 'right' : undefined}
      w={width}
    >
      <UnstyledButton
        onClick={onClick}
        fw={600}
        fz="sm"
        data-testid={`sort-${field}`}
        style={{ whiteSpace: 'nowrap' }}
      >
        <Group gap={4} wrap="nowrap" justify={isNumeric ? 'flex-end' : 'flex-start'}>
          {label}
          <SortIcon size={14} aria-hidden opacity={isSorted ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
