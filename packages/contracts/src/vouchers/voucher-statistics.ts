import { z } from 'zod';
import { envelope } from '../envelope';
import { STATISTIC_SLOTS } from './voucher';

const integer = z.coerce.number().int();

export const CompanyQuery = z.object({ companyId: integer.positive().optional() });
export const CompanyYearQuery = CompanyQuery.extend({ year: integer.min(1900).max(2200).optional() });
export type CompanyYearQuery = z.infer<typeof CompanyYearQuery>;

/** Counts per month of the year (slots 0–11) and the year's total (slot 12). */
export const VoucherStatisticsReply = envelope(z.array(z.number().int()).length(STATISTIC_SLOTS));
export type VoucherStatisticsReply = z.infer<typeof VoucherStatisticsReply>;

/** Sums in øre per month of the year (slots 0–11) and the year's total (slot 12). */
export const VoucherMonthAmountsReply = envelope(z.array(z.number().int()).length(STATISTIC_SLOTS));

/** The years that have vouchers, newest first; the current year is always present. */
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
export const VoucherLabelsParams = z.object({ companyId: integer.positive() });
export const VoucherLabelsReply = envelope(z.array(VoucherLabel));
