import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';

export type SortDirection = 'asc' | 'desc';

type SortableHeaderProps<Field extends string> = {
  field: Field;
  label: string;
  filter: { sortBy: Field; sortType: SortDirection };
  onSort: (sortBy: Field, sortType: SortDirection) => void;
  isNumeric?: boolean;
  /** Names and texts read best from A; numbers and dates from the newest or largest, the default. */
  isAscendingFirst?: boolean;
  width?: number;
};

export function SortableHeader<Field extends string>({
  field,
  label,
  filter,
  onSort,
  isNumeric = false,
  isAscendingFirst = false,
  width,
}: SortableHeaderProps<Field>) {
  const isSorted = filter.sortBy === field;
  const SortIcon = !isSorted ? IconArrowsSort : filter.sortType === 'asc' ? IconArrowUp : IconArrowDown;

  function onClick() {
    if (!isSorted) onSort(field, isAscendingFirst ? 'asc' : 'desc');
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
