import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { Id } from '../ids';
import { route } from '../route';
import { ConnectReply } from './connect-transaction-voucher';

export const AdminConnectRequest = z.object({
  companyId: Id,
  bankTransactionId: Id,
  voucherId: Id,
});
/** adminVoucherConnect answers like transactionVoucher/add, with the counts of the company connected in. */
export const AdminConnectReply = ConnectReply;

export const adminVoucherConnect = route({
  method: 'POST',
  path: `${ApiPrefix.main}/transactionVoucher/adminVoucherConnect`,
  access: 'admin',
  action: 'admin.voucher.connect',
  body: AdminConnectRequest,
  reply: AdminConnectReply,
  summary: 'Administrators: connect a transaction and a voucher of any company',
  tags: ['matching'],
});
