import { Card, EmptyState, Group, Pagination, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from './LoadingSpinner';
import { type GateQuery, QueryGate } from './QueryGate';

type PageRangeOptions = {
  /** Undefined until the first page has arrived. */
  total: number | undefined;
  pageNumber: number;
  pageSize: number;
  onChangePage: (pageNumber: number, options: { isReplacing: boolean }) => void;
};

/**
 * The rows a page shows, "21–40 of 57". An address naming a page past the last one (rows were deleted,
 * a link got old) moves to the last page instead of showing an empty list.
 */
export function usePageRange({ total, pageNumber, pageSize, onChangePage }: PageRangeOptions) {
  const count = total ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const isPastLastPage = total !== undefined && pageNumber > pageCount;
  useEffect(() => {
    if (isPastLastPage) onChangePage(pageCount, { isReplacing: true });
  }, [isPastLastPage, pageCount, onChangePage]);
  return {
    pageCount,
    firstShown: count === 0 ? 0 : (pageNumber - 1) * pageSize + 1,
    lastShown: Math.min(count, pageNumber * pageSize),
  };
}

/** The page filter of a list kept in the address, and how it changes. */
type PagedListOptions = {
  filter: { pageNumber: number; pageSize: number };
  onChangeFilter: (changes: { pageNumber: number }, options?: { isReplacing?: boolean }) => void;
};

/** A page of a list from the server: its rows, "21–40 of 57" once it has come, and its pagination. */
export function usePagedList<Row>(
  data: { rows: Row[]; total: number } | undefined,
  { filter, onChangeFilter }: PagedListOptions,
) {
  const { t } = useTranslation();
  const { pageNumber, pageSize } = filter;
  const { pageCount, firstShown, lastShown } = usePageRange({
    total: data?.total,
    pageNumber,
    pageSize,
    onChangePage: (changed, options) => onChangeFilter({ pageNumber: changed }, options),
  });
  const pagination: ListPaginationProps = {
    pageCount,
    pageNumber,
    onChange: (changed) => onChangeFilter({ pageNumber: changed }),
  };
  return {
    rows: data?.rows ?? [],
    summary: data
      ? t('common.showing', { first: firstShown, last: lastShown, total: data.total })
      : undefined,
    pagination,
  };
}

type ListPaginationProps = {
  pageCount: number;
  pageNumber: number;
  onChange: (pageNumber: number) => void;
};

function ListPagination({ pageCount, pageNumber, onChange }: ListPaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <Group justify="center" p="md">
      <Pagination
        total={pageCount}
        value={Math.min(pageNumber, pageCount)}
        onChange={onChange}
        getControlProps={(control) => ({
          'aria-label': control === 'next' ? t('common.nextPage') : t('common.previousPage'),
        })}
      />
    </Group>
  );
}

/** What a list says when nothing matches, with a way forward where there is one. */
export type ListEmptyState = {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
  'data-testid'?: string;
};

/** A list's empty state, in place of its rows. */
export function ListEmpty({ icon, title, description, action, 'data-testid': testId }: ListEmptyState) {
  return (
    <EmptyState
      py={48}
      icon={icon}
      withIndicatorBackground
      title={title}
      description={description}
      data-testid={testId}
    >
      {action}
    </EmptyState>
  );
}

type ListCountRow = Omit<ListToolbarRowProps, 'isFetching'>;

type ListToolbarRowProps = {
  /** "1–50 of 120", once the list has arrived. */
  summary: string | undefined;
  isFetching: boolean;
  /** Beside the summary: what filters the list further, such as a removable import badge. */
  notes?: ReactNode;
  /** At the far end: the actions on the selected rows. */
  actions?: ReactNode;
  'data-testid'?: string;
};

function ListToolbarRow({ summary, isFetching, notes, actions, 'data-testid': testId }: ListToolbarRowProps) {
  return (
    <Group justify="space-between" mih={30} gap="sm">
      <Group gap="sm">
        <Text size="sm" c="dimmed" data-testid={testId} aria-live="polite">
          {summary ?? ' '}
        </Text>
        {notes}
        {isFetching && <LoadingSpinner size="xs" />}
      </Group>
      {actions}
    </Group>
  );
}

type ListCardProps = {
  /** The list's query; its rows decide between the rows and the empty state. */
  query: GateQuery<{ rows: readonly unknown[] }> & { isFetching: boolean };
  /** Above the count row. */
  filters?: ReactNode;
  /** Above the rows, under the filters: how many rows there are and what to do with the selected ones. */
  countRow?: ListCountRow;
  pagination: ListPaginationProps;
  empty: ListEmptyState;
  /** Where a refusal sends the person, on lists only some roles may see. */
  forbiddenTo?: string;
  children: ReactNode;
};

/** A paged list in its card: the filters and the count, the rows (or why there are none) and the pages. */
export function ListCard({
  query,
  filters,
  countRow,
  pagination,
  empty,
  forbiddenTo,
  children,
}: ListCardProps) {
  return (
    <Card withBorder radius="lg" padding={0}>
      {countRow && (
        <Stack gap="sm" p="md">
          {filters}
          <ListToolbarRow {...countRow} isFetching={query.isFetching} />
        </Stack>
      )}
      <QueryGate
        query={query}
        forbiddenTo={forbiddenTo}
        isEmpty={(data) => data.rows.length === 0}
        empty={<ListEmpty {...empty} />}
        isInset
      >
        {() => children}
      </QueryGate>
      <ListPagination {...pagination} />
    </Card>
  );
}
