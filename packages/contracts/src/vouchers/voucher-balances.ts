import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { Text } from '../text';
import { AmountOre } from './voucher';

export const VoucherBalance = z.object({
  Id: z.number().int(),
  VoucherId: z.number().int(),
  AmountOre,
  Description: z.string().nullable(),
  CreatedAt: z.string(),
});
export type VoucherBalance = z.infer<typeof VoucherBalance>;

/** A voucher's amount split into parts (such as partial payments); rest is what is not yet covered. */
export const VoucherBalances = z.object({ voucherBalances: z.array(VoucherBalance), rest: AmountOre });
export type VoucherBalances = z.infer<typeof VoucherBalances>;
export const VoucherBalancesReply = envelope(VoucherBalances);
export type VoucherBalancesReply = z.infer<typeof VoucherBalancesReply>;

export const VoucherBalanceQuery = z.object({
  companyId: Id.optional(),
  voucherId: Id,
});
export const VoucherIdParams = z.object({ id: Id });
export const CompanyIdQuery = z.object({ companyId: Id.optional() });

export const AddVoucherBalanceRequest = z.object({
  companyId: Id.optional(),
  voucherId: Id,
  amountOre: z.coerce
    .number()
    .int()
    .safe()
    .refine((value) => value !== 0, 'The amount cannot be zero'),
  description: Text.trim().max(500).optional(),
});
export type AddVoucherBalanceRequest = z.infer<typeof AddVoucherBalanceRequest>;

export const RemoveVoucherBalanceParams = z.object({
  id: Id,
  voucherBalanceId: Id,
});

const tags = ['vouchers'];

export const voucherBalance = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucher/getVoucherBalance`,
  access: 'company',
  action: 'voucher.view',
  query: VoucherBalanceQuery,
  reply: VoucherBalancesReply,
  summary: 'The parts of a voucher amount and the rest',
  tags,
});

export const voucherBalancesV2 = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucher/v2/balances/:id`,
  access: 'company',
  action: 'voucher.view',
  params: VoucherIdParams,
  query: CompanyIdQuery,
  reply: VoucherBalancesReply,
  summary: 'The parts of a voucher amount and the rest',
  tags,
});

export const addVoucherBalanceV2 = route({
  method: 'POST',
  path: `${ApiPrefix.main}/voucher/v2/balances/add`,
  access: 'company',
  action: 'voucher.edit',
  body: AddVoucherBalanceRequest,
  reply: VoucherBalancesReply,
  summary: 'Add a part of a voucher amount',
  tags,
});

export const removeVoucherBalanceV2 = route({
  method: 'POST',
  path: `${ApiPrefix.main}/voucher/v2/balances/remove/:id/:voucherBalanceId`,
  access: 'company',
  action: 'voucher.edit',
  params: RemoveVoucherBalanceParams,
  query: CompanyIdQuery,
  reply: VoucherBalancesReply,
  summary: 'Remove a part of a voucher amount',
  tags,
});
