import { BankTransactionStatus, type ConnectMissingFilter } from '@bilag/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransactions, vouchers } from '../../db/schema';
import { filterConditions, selectTransactionListings, type TransactionListing } from '../transactions';
import { isOpenVoucher } from './open-item.repository';

/** Whether a transaction has an open suggestion: the connect-missing "with suggestions" filter. */
const hasOpenSuggestion = sql`exists (select 1 from match_suggestions s where s.company_id = "bank_transactions"."company_id"
    and s.bank_transaction_id = "bank_transactions"."id" and s.status = 'open')`;

/** A page of the connect-missing list, within one company, and how many the filter finds in all. */
export async function listMissing(
  db: Db,
  companyId: number,
  filter: ConnectMissingFilter,
): Promise<{ listings: TransactionListing[]; total: number }> {
  const conditions = filterConditions(companyId, {
    keyword: filter.keyword,
    companyBankId: filter.companyBankId,
    // 0 asks for the transactions that miss a voucher; the other values are statuses of their own.
    status: filter.status === 0 ? BankTransactionStatus.MISSING_VOUCHER : filter.status,
  });
  if (filter.connectStatus === 1) conditions.push(hasOpenSuggestion);
  if (filter.connectStatus === 2) conditions.push(sql`not ${hasOpenSuggestion}`);
  const where = and(...conditions);
  const direction = filter.sortType === 'asc' ? asc : desc;
  const column =
    filter.sortBy === 'Voucher.Amount' ? bankTransactions.amountOre : bankTransactions.bookingDate;
  const [listings, [totals]] = await Promise.all([
    selectTransactionListings(db)
      .where(where)
      .orderBy(direction(column), direction(bankTransactions.id))
      .limit(filter.pageSize)
      .offset((filter.pageNumber - 1) * filter.pageSize),
    db.select({ total: count() }).from(bankTransactions).where(where),
  ]);
  return { listings, total: totals?.total ?? 0 };
}

/** The company's transactions of these ids, by id; ids of other companies are not found. */
export function listTransactionsByIds(
  db: Db,
  companyId: number,
  ids: number[],
): Promise<TransactionListing[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectTransactionListings(db)
    .where(and(eq(bankTransactions.companyId, companyId), inArray(bankTransactions.id, ids)))
    .orderBy(asc(bankTransactions.id));
}

/** What is left to match in a company. */
export async function getMissingCounts(db: Db, companyId: number) {
  const [transactionsRow] = await db
    .select({
      missing: sql<number>`count(*) filter (where ${bankTransactions.status} = ${BankTransactionStatus.MISSING_VOUCHER})::int`,
      withSuggestions: sql<number>`count(*) filter (where ${bankTransactions.status} = ${BankTransactionStatus.MISSING_VOUCHER}
        and ${hasOpenSuggestion})::int`,
      connected: sql<number>`count(*) filter (where ${bankTransactions.status} = ${BankTransactionStatus.CONNECTED})::int`,
      connectedAutomatically: sql<number>`count(*) filter (where exists (select 1 from transaction_vouchers l
        where l.company_id = "bank_transactions"."company_id" and l.bank_transaction_id = "bank_transactions"."id"
        and l.source in ('auto', 'rule')))::int`,
    })
    .from(bankTransactions)
    .where(eq(bankTransactions.companyId, companyId));
  const [vouchersRow] = await db.select({ open: count() }).from(vouchers).where(isOpenVoucher(companyId));
  return {
    missing: transactionsRow?.missing ?? 0,
    withSuggestions: transactionsRow?.withSuggestions ?? 0,
    connected: transactionsRow?.connected ?? 0,
    connectedAutomatically: transactionsRow?.connectedAutomatically ?? 0,
    openVouchers: vouchersRow?.open ?? 0,
  };
}
