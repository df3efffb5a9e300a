import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { CompanyScopedQuery, ConnectMissingCounts } from './matching';

export const ConnectionIdParams = z.object({ id: Id });
export const DisconnectReply = envelope(
  z.object({ removed: z.number().int(), counts: ConnectMissingCounts }),
);

export const disconnectTransactionVoucher = route({
  method: 'DELETE',
  path: `${ApiPrefix.main}/transactionVoucher/:id`,
  access: 'company',
  action: 'matching.edit',
  params: ConnectionIdParams,
  query: CompanyScopedQuery,
  reply: DisconnectReply,
  summary: 'Remove a connection; an automatic one is then never made automatically again',
  tags: ['matching'],
});
