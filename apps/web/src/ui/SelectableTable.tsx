import { Checkbox, Table } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useState } from 'react';

/** Rows picked for an action on several at once; only rows of the page shown count. */
export function useRowSelection(rowIds: readonly number[]) {
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  const selectedOnPage = rowIds.filter((id) => selectedIds.has(id));

  function onToggleSelected(id: number) {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function onToggleAll() {
    const isAllSelected = rowIds.length > 0 && selectedOnPage.length === rowIds.length;
    setSelectedIds(isAllSelected ? new Set() : new Set(rowIds));
  }

  function onClearSelection() {
    setSelectedIds(new Set());
  }

  return { selectedIds, selectedOnPage, onToggleSelected, onToggleAll, onClearSelection };
}

export type RowSelection = Pick<
  ReturnType<typeof useRowSelection>,
  'selectedIds' | 'onToggleSelected' | 'onToggleAll'
>;

function focusSibling(row: HTMLTableRowElement, direction: 'next' | 'previous') {
  const sibling = direction === 'next' ? row.nextElementSibling : row.previousElementSibling;
  if (sibling instanceof HTMLTableRowElement) sibling.focus();
}

/** Arrow keys move between rows, Enter opens one and Space selects it, so a list works without a mouse. */
function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, onOpen: () => void, onToggle: () => void) {
  if (event.target !== event.currentTarget) return;
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    focusSibling(event.currentTarget, event.key === 'ArrowDown' ? 'next' : 'previous');
  } else if (event.key === 'Enter') {
    event.preventDefault();
    onOpen();
  } else if (event.key === ' ') {
    event.preventDefault();
    onToggle();
  }
}

type SelectableTableProps<Row extends { Id: number }> = {
  rows: readonly Row[];
  minWidth: number;
  label: string;
  selectAllLabel: string;
  selectRowLabel: (row: Row) => string;
  rowTestId: (row: Row) => string;
  /** The header cells after the selection column. */
  headers: ReactNode;
  /** The cells of one row after its checkbox. */
  renderCells: (row: Row) => ReactNode;
  selection: RowSelection;
  onOpen: (row: Row) => void;
};

/** A list whose rows open on click or Enter and can be picked with a checkbox or Space for bulk actions. */
export function SelectableTable<Row extends { Id: number }>({
  rows,
  minWidth,
  label,
  selectAllLabel,
  selectRowLabel,
  rowTestId,
  headers,
  renderCells,
  selection,
  onOpen,
}: SelectableTableProps<Row>) {
  const { selectedIds, onToggleSelected, onToggleAll } = selection;
  const selectedCount = rows.filter((row) => selectedIds.has(row.Id)).length;

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover layout="fixed" verticalSpacing="xs" stickyHeader aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label={selectAllLabel}
                checked={rows.length > 0 && selectedCount === rows.length}
                indeterminate={selectedCount > 0 && selectedCount < rows.length}
                onChange={onToggleAll}
                disabled={rows.length === 0}
              />
            </Table.Th>
            {headers}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isSelected = selectedIds.has(row.Id);
            return (
              <Table.Tr
                key={row.Id}
                tabIndex={0}
                data-testid={rowTestId(row)}
                aria-selected={isSelected}
                bg={isSelected ? 'var(--mantine-color-brand-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onOpen(row)}
                onKeyDown={(event) =>
                  onRowKeyDown(
                    event,
                    () => onOpen(row),
                    () => onToggleSelected(row.Id),
                  )
                }
              >
                {/* The row itself takes Space, so its checkbox stays out of the tab order. */}
                <Table.Td onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    aria-label={selectRowLabel(row)}
                    checked={isSelected}
                    onChange={() => onToggleSelected(row.Id)}
                    tabIndex={-1}
                  />
                </Table.Td>
                {renderCells(row)}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
