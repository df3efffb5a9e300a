import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { Id, IdOrAny } from '../ids';
import { FILE_REPLY, route } from '../route';
import { PrivateOrLostFilter } from './transaction';

const integer = z.coerce.number().int();

/** export-pdf-private-lost: a printable list of private and lost transactions. */
export const ExportPrivateLostQuery = z.object({
  companyId: Id.optional(),
  companyBankId: IdOrAny.default(0),
  /** 0 both, 3 private only, 4 lost only. */
  status: PrivateOrLostFilter,
  year: integer.min(1900).max(2200).optional(),
});
export type ExportPrivateLostQuery = z.infer<typeof ExportPrivateLostQuery>;

export const exportPrivateLost = route({
  method: 'GET',
  path: `${ApiPrefix.main}/transactions/export-pdf-private-lost`,
  access: 'company',
  action: 'bank.view',
  query: ExportPrivateLostQuery,
  reply: FILE_REPLY,
  summary: 'A printable PDF of the private and lost transactions',
  tags: ['transactions'],
});
