import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id, PageNumber } from '../ids';
import { route } from '../route';
import { Text } from '../text';
import { AdminVoucher, IsoDate, VOUCHER_PAGE_SIZE, Voucher } from './voucher';

const integer = z.coerce.number().int();

/**
 * Where a voucher stands with paying it: to pay (an amount, not paid, no payment open or paid), on the
 * payment list (a payment waiting for approval or processing), or paid (marked paid or a payment paid).
 */
export const VoucherPaymentState = { ANY: -1, TO_PAY: 0, ON_PAYMENT_LIST: 1, PAID: 3 } as const;
export type VoucherPaymentState = (typeof VoucherPaymentState)[keyof typeof VoucherPaymentState];

export const VoucherSortBy = z.enum(['Id', 'Date', 'Amount', 'SupplierName', 'DueDate', 'CreatedAt']);

/** The voucher filter of the spec, with its defaults. companyId is checked by the server, not here. */
export const VoucherFilter = z.object({
  companyId: Id.optional(),
  year: integer.min(1900).max(2200).optional(),
  month: integer.min(0).max(12).default(0),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  sortBy: VoucherSortBy.default('Id'),
  sortType: z.enum(['asc', 'desc']).default('desc'),
  pageNumber: PageNumber.default(1),
  pageSize: integer.min(1).max(200).default(VOUCHER_PAGE_SIZE),
  keyword: Text.trim().max(200).optional(),
  source: integer.min(-1).max(10).default(-1),
  status: integer.min(-1).max(10).default(-1),
  voucherId: Id.optional(),
  paymentState: integer
    .refine((state) => (Object.values(VoucherPaymentState) as number[]).includes(state))
    .default(VoucherPaymentState.ANY),
});
export type VoucherFilter = z.infer<typeof VoucherFilter>;

export const ListVouchersReply = envelope(z.object({ total: z.number().int(), rows: z.array(Voucher) }));
export type ListVouchersReply = z.infer<typeof ListVouchersReply>;

/** fetchAll: every voucher matching the filter, without paging, up to a bound. */
export const FETCH_ALL_LIMIT = 5000;
export const FetchAllVouchersReply = envelope(
  z.object({ total: z.number().int(), rows: z.array(Voucher), isTruncated: z.boolean() }),
);

export const AdminVoucherFilter = VoucherFilter.extend({
  includeDeleted: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type AdminVoucherFilter = z.infer<typeof AdminVoucherFilter>;
export const AdminVouchersReply = envelope(
  z.object({ total: z.number().int(), rows: z.array(AdminVoucher) }),
);
export type AdminVouchersReply = z.infer<typeof AdminVouchersReply>;

const tags = ['vouchers'];

export const listVouchers = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucher/list`,
  access: 'company',
  action: 'voucher.view',
  query: VoucherFilter,
  reply: ListVouchersReply,
  summary: 'Vouchers of a company, filtered, sorted and paged',
  tags,
});

export const fetchAllVouchers = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucher/fetchAll`,
  access: 'company',
  action: 'voucher.view',
  query: VoucherFilter,
  reply: FetchAllVouchersReply,
  summary: 'Every voucher matching the filter, unpaged (bounded)',
  tags,
});

export const adminVouchers = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucher/fetchAdminVoucher`,
  access: 'admin',
  action: 'admin.voucher.view',
  query: AdminVoucherFilter,
  reply: AdminVouchersReply,
  summary: 'Vouchers across all companies (administrators)',
  tags,
});
