import { ApiPrefix } from '../endpoints';
import { route } from '../route';
import { RegisterMissingFields, RegisterMissingReply } from '../vouchers/change-vouchers';
import { TransactionIdPathParams } from './matching';

/** updateMissingByAddVoucher/{id}: the transaction's voucher is missing, or it is private; with a note and files. */
export const UpdateMissingByAddVoucherFields = RegisterMissingFields.omit({ bankTransactionId: true });

export const updateMissingByAddVoucher = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/transactions/updateMissingByAddVoucher/:id`,
  access: 'company',
  action: 'matching.edit',
  consumes: ['multipart/form-data', 'application/json'],
  params: TransactionIdPathParams,
  body: UpdateMissingByAddVoucherFields,
  reply: RegisterMissingReply,
  summary: 'Register that the voucher of a bank transaction is missing, or that it is private (with files)',
  tags: ['transactions'],
});
