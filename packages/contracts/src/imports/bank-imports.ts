import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id, IdOrAny, PageNumber } from '../ids';
import { route } from '../route';
import { TransactionCompanyQuery } from '../transactions/transaction';
import { AmountOre, IsoDate } from '../vouchers/voucher';
import { ImportFormat } from './import-job';

const integer = z.coerce.number().int();
const tags = ['bankImport'];

/** bankImport: the import history. */
export const BankImportQuery = z.object({
  companyId: Id.optional(),
  companyBankId: IdOrAny.default(0),
  pageNumber: PageNumber.default(1),
  pageSize: integer.min(1).max(200).default(50),
});
export const BankImport = z.object({
  Id: z.number().int(),
  CompanyBankId: z.number().int(),
  AccountNumber: z.string(),
  FileName: z.string(),
  Format: ImportFormat,
  Template: z.string().nullable(),
  Imported: z.number().int(),
  Duplicates: z.number().int(),
  Refused: z.number().int(),
  FromDate: IsoDate.nullable(),
  ToDate: IsoDate.nullable(),
  /**
   * Whether every statement in the file added up (opening balance plus booked entries gave its closing
   * balance); null when the file states no balances to prove (spreadsheets).
   */
  BalanceProven: z.boolean().nullable(),
  /** When they did not: the stated closing balances minus what their openings and entries give. */
  BalanceDifferenceOre: AmountOre.nullable(),
  UserName: z.string().nullable(),
  CreatedAt: z.string(),
  /** Transactions of the import still in the books (some may have been deleted one by one). */
  RemainingTransactions: z.number().int(),
});
export type BankImport = z.infer<typeof BankImport>;
export const BankImportListReply = envelope(z.object({ total: z.number().int(), rows: z.array(BankImport) }));
export type BankImportListReply = z.infer<typeof BankImportListReply>;
export const BankImportIdParams = z.object({ importId: Id });
export const DeleteImportReply = envelope(z.object({ deletedTransactions: z.number().int() }));

export const bankImports = route({
  method: 'GET',
  path: `${ApiPrefix.main}/bankImport`,
  access: 'company',
  action: 'bank.view',
  query: BankImportQuery,
  reply: BankImportListReply,
  summary: 'The import history: who imported which file when, and what it added',
  tags,
});

export const deleteBankImport = route({
  method: 'DELETE',
  path: `${ApiPrefix.main}/bankImport/:importId`,
  access: 'company',
  action: 'bank.import',
  params: BankImportIdParams,
  query: TransactionCompanyQuery,
  reply: DeleteImportReply,
  summary: 'Undo an import: removes exactly the transactions and balances it added',
  tags,
});
