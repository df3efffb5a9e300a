import {
  InternalTransferFilter,
  LISTED_PAYMENT_STATUSES,
  PaymentFilter,
  type PaymentStatistics,
  PaymentStatus,
  type PaymentType,
} from '@bilag/contracts';
import {
  daysInMonth,
  type IsoDate,
  isoDateParts,
  todayIsoDate,
  toIsoDate,
} from '@bilag/domain/dates/norwegian-dates';
import { z } from 'zod';
import { displayTimeZone } from '../../ui/dates';
import { countActiveFilters, defineUrlFilter, PAGE_PARAMS, type UrlFilter } from '../../ui/url-filter';

type ListedStatus = (typeof LISTED_PAYMENT_STATUSES)[number];

const ListedStatusParam = z.coerce
  .number()
  .int()
  .refine((status): status is ListedStatus => (LISTED_PAYMENT_STATUSES as readonly number[]).includes(status))
  .default(PaymentStatus.FOR_APPROVE);

const listedFields = {
  from: true,
  to: true,
  paymentSource: true,
  keyword: true,
  sortType: true,
  typeDate: true,
  companyBankId: true,
  pageNumber: true,
  pageSize: true,
} as const;

/**
 * A payment list as the address keeps it: one status tab at a time (the call takes a list of statuses),
 * the date range, source, date type, keyword and account.
 */
export const PaymentListSearch = PaymentFilter.pick(listedFields).extend({ status: ListedStatusParam });
export const InternalTransferSearch = InternalTransferFilter.pick(listedFields).extend({
  status: ListedStatusParam,
});

export type PaymentListFilter = {
  status: ListedStatus;
  from: string | undefined;
  to: string | undefined;
  paymentSource: number;
  keyword: string | undefined;
  sortType: 'asc' | 'desc';
  typeDate: number;
  companyBankId: number;
  pageNumber: number;
  pageSize: number;
};
export type PaymentFilterChanges = Partial<PaymentListFilter>;

const searchParamOf = {
  status: 'status',
  from: 'from',
  to: 'to',
  paymentSource: 'source',
  keyword: 'q',
  sortType: 'order',
  typeDate: 'dateType',
  companyBankId: 'account',
  ...PAGE_PARAMS,
} as const;

/** Written in the address when the person cleared the from date, which otherwise defaults to a month ago. */
export const NO_DATE_PARAM = 'none';

/** The same day a month earlier, or the month's last day where it has no such day (31 March → 28 February). */
export function oneMonthBefore(date: IsoDate): IsoDate {
  const { year, month, day } = isoDateParts(date);
  const previousYear = month === 1 ? year - 1 : year;
  const previousMonth = month === 1 ? 12 : month - 1;
  const shifted = toIsoDate(
    previousYear,
    previousMonth,
    Math.min(day, daysInMonth(previousYear, previousMonth)),
  );
  if (shifted === undefined) throw new Error(`No date a month before ${date}`);
  return shifted;
}

/**
 * The spec's payment filter in the address: the from date defaults to a month before today, and a from
 * date the person cleared stays cleared across a reload.
 */
export function paymentUrlFilter(schema: z.ZodObject, today: () => IsoDate): UrlFilter<PaymentListFilter> {
  const plain = defineUrlFilter<PaymentListFilter>(schema, searchParamOf);
  const defaultFrom = () => oneMonthBefore(today());

  function read(params: URLSearchParams): PaymentListFilter {
    const filter = plain.read(params);
    const from = params.get(searchParamOf.from);
    if (from === null || from === '') return { ...filter, from: defaultFrom() };
    return from === NO_DATE_PARAM ? { ...filter, from: undefined } : filter;
  }

  function write(filter: PaymentListFilter, params: URLSearchParams): URLSearchParams {
    const next = plain.write(filter, params);
    if (filter.from === undefined) next.set(searchParamOf.from, NO_DATE_PARAM);
    else if (filter.from === defaultFrom()) next.delete(searchParamOf.from);
    return next;
  }

  return {
    read,
    write,
    get defaults() {
      return { ...plain.defaults, from: defaultFrom() };
    },
    searchParamOf,
    keptOnReset: ['status'],
  };
}

const today = () => todayIsoDate(displayTimeZone());

export const paymentListFilter = paymentUrlFilter(PaymentListSearch, today);
export const internalTransferFilter = paymentUrlFilter(InternalTransferSearch, today);

export function countActivePaymentFilters(
  definition: UrlFilter<PaymentListFilter>,
  filter: PaymentListFilter,
): number {
  return countActiveFilters(definition, filter, [
    'from',
    'to',
    'paymentSource',
    'keyword',
    'typeDate',
    'companyBankId',
  ]);
}

/** The spec drops the date range unless both ends are set. */
export function dateRange(filter: Pick<PaymentListFilter, 'from' | 'to'>): { from?: string; to?: string } {
  return filter.from && filter.to ? { from: filter.from, to: filter.to } : {};
}

/** Whether the person set only one end of the range, which the list then ignores. */
export function isRangeIncomplete(filter: Pick<PaymentListFilter, 'from' | 'to'>): boolean {
  return (filter.from === undefined) !== (filter.to === undefined);
}

/** What the payment list and its statistics are asked for one payment type. */
export function paymentListQuery(filter: PaymentListFilter, paymentType: PaymentType) {
  const { status, from: _from, to: _to, ...rest } = filter;
  return { ...rest, ...dateRange(filter), statuses: [status], paymentType };
}

/** What the internal-transfer list and its statistics are asked. */
export function internalTransferQuery(filter: PaymentListFilter) {
  const { status, from: _from, to: _to, ...rest } = filter;
  return { ...rest, ...dateRange(filter), statuses: [status] };
}

/**
 * A new status tab. Paid payments are looked back on, so switching to PAID shows the newest first; the
 * other tabs go back to the list's own order.
 */
export function statusChange(
  current: PaymentListFilter,
  next: ListedStatus,
  defaultSortType: 'asc' | 'desc',
): PaymentFilterChanges {
  if (next === current.status) return {};
  return { status: next, sortType: next === PaymentStatus.PAID ? 'desc' : defaultSortType };
}

export function countOfStatus(statistics: PaymentStatistics | undefined, status: number): number | undefined {
  if (!statistics) return undefined;
  return statistics.counts.find((count) => count.Status === status)?.Total ?? 0;
}

/**
 * The spec: when the status shown has no payments, the first status that has some is chosen. A status
 * the person picked themselves stays, even when empty. Undefined: stay.
 */
export function statusWithRows(
  statistics: PaymentStatistics | undefined,
  current: ListedStatus,
  pickedByPerson: ListedStatus | undefined,
): ListedStatus | undefined {
  if (!statistics || current === pickedByPerson) return undefined;
  if ((countOfStatus(statistics, current) ?? 0) > 0) return undefined;
  return LISTED_PAYMENT_STATUSES.find((status) => (countOfStatus(statistics, status) ?? 0) > 0);
}
