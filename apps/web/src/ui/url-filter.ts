import { useSearchParams } from 'react-router';
import type { z } from 'zod';

type FilterValue = string | number | boolean | undefined;

/**
 * A list filter kept in the address, read and written through the contract of the list call, so a
 * reload or a shared link shows the same list and a hand-edited address cannot break the screen.
 */
export type UrlFilter<Filter extends Record<string, FilterValue>> = {
  read: (params: URLSearchParams) => Filter;
  /** Writes the filter into `params`, leaving out what equals the default and keeping other params. */
  write: (filter: Filter, params: URLSearchParams) => URLSearchParams;
  defaults: Filter;
  /** The address parameter of each field. */
  searchParamOf: { readonly [Field in keyof Filter]-?: string };
  /** Fields a reset leaves as they are, such as the year. */
  keptOnReset: readonly (keyof Filter)[];
};

/** Address names of the year, period and order of a dated list, short so a link stays readable. */
export const DATED_LIST_PARAMS = {
  year: 'year',
  month: 'month',
  from: 'from',
  to: 'to',
  sortBy: 'sort',
  sortType: 'order',
} as const;

/** Address names of a paged list's page. */
export const PAGE_PARAMS = { pageNumber: 'page', pageSize: 'size' } as const;

/** A value the contract refuses falls back to the field's default, as if it were not in the address. */
function readParam(schema: z.ZodType, raw: string | null): unknown {
  const parsed = schema.safeParse(raw === null || raw === '' ? undefined : raw);
  const value = parsed.success ? parsed.data : schema.parse(undefined);
  return value === '' ? undefined : value;
}

export function defineUrlFilter<Filter extends Record<string, FilterValue>>(
  schema: z.ZodObject,
  searchParamOf: { readonly [Field in keyof Filter]-?: string },
  keptOnReset: readonly (keyof Filter)[] = [],
): UrlFilter<Filter> {
  const fields = Object.keys(searchParamOf) as (keyof Filter & string)[];
  const shape: Record<string, z.ZodType> = schema.shape;

  function read(params: URLSearchParams): Filter {
    const filter: Record<string, unknown> = {};
    for (const field of fields) {
      const fieldSchema = shape[field];
      if (fieldSchema) filter[field] = readParam(fieldSchema, params.get(searchParamOf[field]));
    }
    // Every field was read through its own schema of the contract the filter type comes from.
    return filter as Filter;
  }

  const defaults = read(new URLSearchParams());

  function write(filter: Filter, params: URLSearchParams): URLSearchParams {
    const next = new URLSearchParams(params);
    for (const field of fields) {
      const value = filter[field];
      const name = searchParamOf[field];
      if (value === undefined || value === '' || value === defaults[field]) next.delete(name);
      else next.set(name, String(value));
    }
    return next;
  }

  return { read, write, defaults, searchParamOf, keptOnReset };
}

/** How many of the named fields differ from their defaults, for a "clear filters" button. */
export function countActiveFilters<Filter extends Record<string, FilterValue>>(
  definition: UrlFilter<Filter>,
  filter: Filter,
  fields: readonly (keyof Filter)[],
): number {
  return fields.filter((field) => filter[field] !== definition.defaults[field]).length;
}

/**
 * The address as it is now. A debounced change (the keyword) runs after the render that created it, so
 * it must build on the address of that moment, or it would undo changes made in between.
 */
function currentSearchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

type ChangeOptions = { isReplacing?: boolean };

/** The filter of the address and its changes. Any change but a page change starts again on page one. */
export function useUrlFilter<Filter extends Record<string, FilterValue> & { pageNumber: number }>(
  definition: UrlFilter<Filter>,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = definition.read(searchParams);

  function onChangeFilter(changes: Partial<Filter>, options: ChangeOptions = {}) {
    const current = currentSearchParams();
    const next: Filter = { ...definition.read(current), ...changes };
    if (!('pageNumber' in changes)) next.pageNumber = 1;
    setSearchParams(definition.write(next, current), { replace: options.isReplacing ?? false });
  }

  /** Changes parameters of the screen beside the filter (a company, an open record); back to page one. */
  function onChangeSearchParams(
    edit: (params: URLSearchParams) => void,
    options: ChangeOptions & { isKeepingPage?: boolean } = {},
  ) {
    const next = currentSearchParams();
    edit(next);
    if (!options.isKeepingPage) next.delete(definition.searchParamOf.pageNumber);
    setSearchParams(next, { replace: options.isReplacing ?? false });
  }

  function onResetFilter() {
    const current = currentSearchParams();
    const kept = definition.read(current);
    const reset: Filter = { ...definition.defaults };
    for (const field of definition.keptOnReset) reset[field] = kept[field];
    setSearchParams(definition.write(reset, current));
  }

  return { filter, searchParams, onChangeFilter, onChangeSearchParams, onResetFilter };
}
