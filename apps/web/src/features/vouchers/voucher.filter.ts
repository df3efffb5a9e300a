import { VoucherFilter, type VoucherSortBy } from '@bilag/contracts';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/** The voucher filter of the spec without its company, which the current route decides. */
export type VoucherListFilter = Omit<VoucherFilter, 'companyId'>;
export type VoucherSortField = z.infer<typeof VoucherSortBy>;

/** Short names in the address bar, so a link to a filtered list stays readable. */
const searchParamOf = {
  year: 'year',
  month: 'month',
  from: 'from',
  to: 'to',
  sortBy: 'sort',
  sortType: 'order',
  pageNumber: 'page',
  pageSize: 'size',
  keyword: 'q',
  source: 'source',
  status: 'status',
  voucherId: 'id',
} as const satisfies Record<keyof VoucherListFilter, string>;

const shape = VoucherFilter.shape;

/** A value the contract refuses falls back to the field's default, as if it were not in the address. */
function readParam<Schema extends z.ZodType>(schema: Schema, raw: string | null): z.output<Schema> {
  const parsed = schema.safeParse(raw === null || raw === '' ? undefined : raw);
  return parsed.success ? parsed.data : schema.parse(undefined);
}

export function readVoucherFilter(params: URLSearchParams): VoucherListFilter {
  const read = (field: keyof VoucherListFilter) => params.get(searchParamOf[field]);
  return {
    year: readParam(shape.year, read('year')),
    month: readParam(shape.month, read('month')),
    from: readParam(shape.from, read('from')),
    to: readParam(shape.to, read('to')),
    sortBy: readParam(shape.sortBy, read('sortBy')),
    sortType: readParam(shape.sortType, read('sortType')),
    pageNumber: readParam(shape.pageNumber, read('pageNumber')),
    pageSize: readParam(shape.pageSize, read('pageSize')),
    keyword: readParam(shape.keyword, read('keyword')) || undefined,
    source: readParam(shape.source, read('source')),
    status: readParam(shape.status, read('status')),
    voucherId: readParam(shape.voucherId, read('voucherId')),
  };
}

export const defaultVoucherFilter: VoucherListFilter = readVoucherFilter(new URLSearchParams());

/** Writes the filter into `params`, leaving out what equals the default and keeping other params as they are. */
export function writeVoucherFilter(filter: VoucherListFilter, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const field of Object.keys(searchParamOf) as (keyof VoucherListFilter)[]) {
    const value = filter[field];
    const name = searchParamOf[field];
    if (value === undefined || value === '' || value === defaultVoucherFilter[field]) next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}

export type VoucherFilterChanges = Partial<VoucherListFilter>;

/**
 * The address as it is now. A debounced change (the keyword) runs after the render that created it, so
 * it must build on the address of that moment, or it would undo changes made in between.
 */
function currentSearchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

type ChangeOptions = { isReplacing?: boolean };

/**
 * The voucher filter kept in the address, so a reload or a shared link shows the same list. Any change
 * but a page change starts again on the first page.
 */
export function useVoucherFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readVoucherFilter(searchParams);

  function onChangeFilter(changes: VoucherFilterChanges, options: ChangeOptions = {}) {
    const current = currentSearchParams();
    const next = { ...readVoucherFilter(current), ...changes };
    if (!('pageNumber' in changes)) next.pageNumber = 1;
    setSearchParams(writeVoucherFilter(next, current), { replace: options.isReplacing ?? false });
  }

  /** Changes parameters of the screen beside the filter (the admin list's company); back to page one. */
  function onChangeSearchParams(edit: (params: URLSearchParams) => void, options: ChangeOptions = {}) {
    const next = currentSearchParams();
    edit(next);
    next.delete(searchParamOf.pageNumber);
    setSearchParams(next, { replace: options.isReplacing ?? false });
  }

  function onResetFilter() {
    const current = currentSearchParams();
    setSearchParams(
      writeVoucherFilter({ ...defaultVoucherFilter, year: readVoucherFilter(current).year }, current),
    );
  }

  return { filter, searchParams, onChangeFilter, onChangeSearchParams, onResetFilter };
}

export function countActiveFilters(filter: VoucherListFilter): number {
  const fields: (keyof VoucherListFilter)[] = ['from', 'to', 'keyword', 'source', 'status', 'voucherId'];
  return fields.filter((field) => filter[field] !== defaultVoucherFilter[field]).length;
}
