import { Card, type ScrollAreaProps, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListSearchHead, type ListSearchHeadProps } from './ListSearchHead';
import { ListEmpty, type ListEmptyState } from './PagedList';
import { type GateQuery, QueryGate } from './QueryGate';

type SearchListCardProps<Data> = {
  search: ListSearchHeadProps;
  query: GateQuery<Data>;
  /** Where a refusal sends the person, on lists only some roles may see. */
  forbiddenTo?: string;
  isEmpty: (data: Data) => boolean;
  empty: ListEmptyState;
  /** The table of the rows, which scrolls sideways when the card is narrower than `minWidth`. */
  table: { label: string; minWidth: number; stickyHeader?: boolean; scrollAreaProps?: ScrollAreaProps };
  /** The rows of the table's head. */
  head: ReactNode;
  /** The rows of the table's body. */
  children: (data: Data) => ReactNode;
};

/** A list searched from its head, in its card: the search, then the table (or why it is empty). */
export function SearchListCard<Data>({
  search,
  query,
  forbiddenTo,
  isEmpty,
  empty,
  table,
  head,
  children,
}: SearchListCardProps<Data>) {
  return (
    <Card withBorder radius="lg" padding={0}>
      <ListSearchHead {...search} />
      <QueryGate
        query={query}
        forbiddenTo={forbiddenTo}
        isEmpty={isEmpty}
        empty={<ListEmpty {...empty} />}
        isInset
      >
        {(data) => (
          <Table.ScrollContainer minWidth={table.minWidth} scrollAreaProps={table.scrollAreaProps}>
            <Table
              verticalSpacing="xs"
              highlightOnHover
              stickyHeader={table.stickyHeader}
              aria-label={table.label}
            >
              <Table.Thead>{head}</Table.Thead>
              <Table.Tbody>{children(data)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryGate>
    </Card>
  );
}
