import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { Text } from '../text';
import { EmptyReply } from '../vouchers/change-vouchers';
import { IsoDate } from '../vouchers/voucher';
import {
  BankTransactionStatus,
  TransactionCompanyQuery,
  TransactionIdParams,
  TransactionReply,
} from './transaction';

const integer = z.coerce.number().int();
const formBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
]);
const tags = ['transactions'];

/** The transaction update fields of the spec (payment status and date, private, note, files). */
export const UpdateTransactionFields = z.object({
  companyId: Id.optional(),
  paymentStatus: integer.min(0).max(4).nullable().optional(),
  paymentDate: IsoDate.nullable().optional(),
  isPrivate: formBoolean.optional(),
  note: Text.trim().max(2000).nullable().optional(),
});
export type UpdateTransactionFields = z.infer<typeof UpdateTransactionFields>;

export const UpdatePaymentRequest = z.object({
  companyId: Id.optional(),
  paymentStatus: integer.min(0).max(4).nullable(),
  paymentDate: IsoDate.nullable().optional(),
});
export const UpdateTransactionStatusRequest = z.object({
  companyId: Id.optional(),
  status: z.union([
    z.literal(BankTransactionStatus.MISSING_VOUCHER),
    z.literal(BankTransactionStatus.CONNECTED),
    z.literal(BankTransactionStatus.PRIVATE),
    z.literal(BankTransactionStatus.LOST),
  ]),
});

export const BulkUpdateTransactionsRequest = z.object({
  companyId: Id.optional(),
  ids: z.array(Id).min(1).max(500),
  paymentStatus: integer.min(0).max(4).nullable().optional(),
  paymentDate: IsoDate.nullable().optional(),
  isPrivate: z.boolean().optional(),
  note: Text.trim().max(2000).nullable().optional(),
});
export type BulkUpdateTransactionsRequest = z.infer<typeof BulkUpdateTransactionsRequest>;
export const BulkUpdateReply = envelope(z.object({ updated: z.number().int() }));

export const updateTransaction = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/transactions/:id`,
  access: 'company',
  action: 'bank.edit',
  consumes: ['application/json', 'multipart/form-data'],
  params: TransactionIdParams,
  body: UpdateTransactionFields,
  reply: TransactionReply,
  summary: 'Change payment status and date, private, note; attach files (multipart)',
  tags,
});

export const updateTransactionPayment = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/transactions/payment/:id`,
  access: 'company',
  action: 'bank.edit',
  params: TransactionIdParams,
  body: UpdatePaymentRequest,
  reply: TransactionReply,
  summary: 'Set the payment status and date of a transaction',
  tags,
});

export const updateTransactionStatus = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/transactions/status/:id`,
  access: 'company',
  action: 'bank.edit',
  params: TransactionIdParams,
  body: UpdateTransactionStatusRequest,
  reply: TransactionReply,
  summary: 'Set whether a transaction misses a voucher (1), is connected (2), private (3) or lost (4)',
  tags,
});

export const bulkUpdateTransactions = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/transactions/v2/bulk-update`,
  access: 'company',
  action: 'bank.edit',
  body: BulkUpdateTransactionsRequest,
  reply: BulkUpdateReply,
  summary: 'Change several transactions at once',
  tags,
});

export const deleteTransaction = route({
  method: 'DELETE',
  path: `${ApiPrefix.main}/transactions/:id`,
  access: 'company',
  action: 'bank.edit',
  params: TransactionIdParams,
  query: TransactionCompanyQuery,
  reply: EmptyReply,
  summary: 'Delete a transaction',
  tags,
});
