import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { STATISTIC_SLOTS, SumOre } from './voucher';

const integer = z.coerce.number().int();

export const CompanyQuery = z.object({ companyId: Id.optional() });
export const CompanyYearQuery = CompanyQuery.extend({ year: integer.min(1900).max(2200).optional() });
export type CompanyYearQuery = z.infer<typeof CompanyYearQuery>;

/** Counts per month of the year (slots 0–11) and the year's total (slot 12). */
export const VoucherStatisticsReply = envelope(z.array(z.number().int()).length(STATISTIC_SLOTS));
export type VoucherStatisticsReply = z.infer<typeof VoucherStatisticsReply>;

/** Sums in øre per month of the year (slots 0–11) and the year's total (slot 12). */
export const VoucherMonthAmountsReply = envelope(z.array(SumOre).length(STATISTIC_SLOTS));

/** The years that have vouchers, newest first; only the current year while there are none. */
export const VoucherYearsReply = envelope(z.array(z.number().int()));

export const MissingSummary = z.object({
  total: z.number().int().describe('Vouchers that lack something needed for bookkeeping'),
  missingDate: z.number().int(),
  missingAmount: z.number().int(),
  missingSupplier: z.number().int(),
  unpaidOverdue: z.number().int(),
});
export type MissingSummary = z.infer<typeof MissingSummary>;
export const MissingSummaryReply = envelope(MissingSummary);

export const VoucherLabel = z.object({ Label: z.string(), Count: z.number().int() });
export const VoucherLabelsParams = z.object({ companyId: Id });
export const VoucherLabelsReply = envelope(z.array(VoucherLabel));

const tags = ['vouchers'];

export const voucherStatistics = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucher/statistics`,
  access: 'company',
  action: 'voucher.view',
  query: CompanyYearQuery,
  reply: VoucherStatisticsReply,
  summary: 'Voucher counts per month of a year, and the total',
  tags,
});

export const voucherMonthAmounts = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucher/month`,
  access: 'company',
  action: 'voucher.view',
  query: CompanyYearQuery,
  reply: VoucherMonthAmountsReply,
  summary: 'Voucher amounts (øre) per month of a year, and the total',
  tags,
});

export const voucherYears = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucher/years`,
  access: 'company',
  action: 'voucher.view',
  query: CompanyQuery,
  reply: VoucherYearsReply,
  summary: 'Years that have vouchers, newest first',
  tags,
});

export const voucherMissingSummary = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucher/getMissingSummary`,
  access: 'company',
  action: 'voucher.view',
  query: CompanyYearQuery,
  reply: MissingSummaryReply,
  summary: 'How many vouchers lack a date, amount or supplier, or are overdue',
  tags,
});

export const voucherLabels = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucherLabels/:companyId`,
  access: 'company',
  action: 'voucher.view',
  params: VoucherLabelsParams,
  reply: VoucherLabelsReply,
  summary: 'Labels used on the company vouchers, most used first',
  tags,
});
