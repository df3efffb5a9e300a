import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id, PageNumber } from '../ids';
import { route } from '../route';
import { ConnectionSource, TransactionConnection } from './matching';

const integer = z.coerce.number().int();

/** Admin: the connections of every company, newest first, for checking and connecting across companies. */
export const AdminConnectionsQuery = z.object({
  companyId: Id.optional(),
  source: ConnectionSource.optional(),
  pageNumber: PageNumber.default(1),
  pageSize: integer.min(1).max(200).default(50),
});
export const AdminConnection = TransactionConnection.extend({
  CompanyId: z.number().int(),
  CompanyName: z.string(),
  TransactionDate: z.string(),
  TransactionText: z.string(),
  TransactionAmountOre: z.number().int(),
  Currency: z.string(),
  VoucherSupplierName: z.string().nullable(),
  VoucherAmountOre: z.number().int().nullable(),
  CreatedByName: z.string().nullable(),
});
export type AdminConnection = z.infer<typeof AdminConnection>;
export const AdminConnectionsReply = envelope(
  z.object({ total: z.number().int(), rows: z.array(AdminConnection) }),
);

export const adminConnections = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactionVoucher/admin-connections`,
  access: 'admin',
  action: 'admin.voucher.connect',
  query: AdminConnectionsQuery,
  reply: AdminConnectionsReply,
  summary: 'Administrators: the connections of every company, newest first',
  tags: ['matching'],
});
