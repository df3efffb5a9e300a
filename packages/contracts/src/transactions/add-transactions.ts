import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { Text } from '../text';
import { IsoDate } from '../vouchers/voucher';
import { TransactionReply } from './transaction';

const tags = ['transactions'];

/** add: one transaction typed by hand. */
export const AddTransactionRequest = z.object({
  companyId: Id.optional(),
  companyBankId: Id,
  date: IsoDate,
  text: Text.trim().min(1).max(500),
  text2: Text.trim().max(500).default(''),
  amountOre: z
    .number()
    .int()
    .safe()
    .refine((value) => value !== 0, 'The amount cannot be 0'),
});
export type AddTransactionRequest = z.infer<typeof AddTransactionRequest>;
export const AddTransactionListRequest = z.object({
  companyId: Id.optional(),
  companyBankId: Id,
  rows: z
    .array(AddTransactionRequest.omit({ companyId: true, companyBankId: true }))
    .min(1)
    .max(1000),
});
export const AddTransactionListReply = envelope(
  z.object({ imported: z.number().int(), duplicates: z.number().int() }),
);

export const addTransaction = route({
  method: 'POST',
  path: `${ApiPrefix.main}/transactions/add`,
  access: 'company',
  action: 'bank.edit',
  body: AddTransactionRequest,
  reply: TransactionReply,
  summary: 'Add one transaction by hand',
  tags,
});

export const addTransactionList = route({
  method: 'POST',
  path: `${ApiPrefix.main}/transactions/addList`,
  access: 'company',
  action: 'bank.edit',
  body: AddTransactionListRequest,
  reply: AddTransactionListReply,
  summary: 'Add several transactions; a list sent twice is stored once',
  tags,
});
