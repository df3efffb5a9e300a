import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { ConnectMissingCounts, TransactionConnection, TransactionIdPathParams } from './matching';

/**
 * transactionVoucher/add: connects transactions with vouchers. One with one always; one with several
 * or several with one only when the amounts add up to the øre.
 */
export const ConnectRequest = z.object({
  companyId: Id.optional(),
  bankTransactionIds: z.array(Id).min(1).max(50),
  voucherIds: z.array(Id).min(1).max(50),
});
export type ConnectRequest = z.infer<typeof ConnectRequest>;
export const ConnectReply = envelope(
  z.object({ connections: z.array(TransactionConnection), counts: ConnectMissingCounts }),
);

/** updateMissingByVoucher/{id}: the transaction's voucher is among the company's vouchers. */
export const UpdateMissingByVoucherRequest = z.object({
  companyId: Id.optional(),
  voucherIds: z.array(Id).min(1).max(50),
});

const tags = ['matching'];

export const connectTransactionVoucher = route({
  method: 'POST',
  path: `${ApiPrefix.main}/transactionVoucher/add`,
  access: 'company',
  action: 'matching.edit',
  body: ConnectRequest,
  reply: ConnectReply,
  summary: 'Connect transactions with vouchers (several on one side only when the amounts add up)',
  tags,
});

export const updateMissingByVoucher = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/transactions/updateMissingByVoucher/:id`,
  access: 'company',
  action: 'matching.edit',
  params: TransactionIdPathParams,
  body: UpdateMissingByVoucherRequest,
  reply: ConnectReply,
  summary: "Connect a transaction to the company's vouchers that explain it",
  tags,
});
