import { BankTransactionStatus, isBankTransactionStatus, type TransactionFilter } from '@bilag/contracts';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyBanks } from '../../db/schema';
import { escapeLike, type FileSummary, filesOfOwnerRow, monthRange, yearRange } from '../../db/sql-helpers';
import { type BankTransactionRow, bankTransactions } from './transaction.table';

export const TRANSACTION_FILE_OWNER = 'bank-transaction';

const { MISSING_VOUCHER, CONNECTED, PRIVATE, LOST } = BankTransactionStatus;

/** A keyword that reads as an amount ("1 234,50", "-99") also finds transactions of that size. */
function keywordAmountOre(keyword: string): number | undefined {
  const compact = keyword.replace(/[\s\u00a0]/g, '');
  if (!/^-?\d+([.,]\d{1,2})?$/.test(compact)) return undefined;
  const [whole = '0', fraction = ''] = compact.replace('-', '').split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export type TransactionScope = Pick<
  TransactionFilter,
  'year' | 'month' | 'from' | 'to' | 'companyBankId' | 'status' | 'keyword' | 'filterAmount' | 'importId'
>;

/** The where-clause of the bank transaction filter, always within one company. */
export function filterConditions(companyId: number, filter: Partial<TransactionScope>): SQL[] {
  const conditions: SQL[] = [eq(bankTransactions.companyId, companyId)];
  if (filter.year !== undefined) {
    const range =
      filter.month !== undefined && filter.month > 0
        ? monthRange(filter.year, filter.month)
        : yearRange(filter.year);
    conditions.push(
      gte(bankTransactions.bookingDate, range.start),
      lt(bankTransactions.bookingDate, range.end),
    );
  }
  if (filter.from) conditions.push(gte(bankTransactions.bookingDate, filter.from));
  if (filter.to) conditions.push(lte(bankTransactions.bookingDate, filter.to));
  if (filter.companyBankId) conditions.push(eq(bankTransactions.companyBankId, filter.companyBankId));
  if (filter.status && isBankTransactionStatus(filter.status))
    conditions.push(eq(bankTransactions.status, filter.status));
  if (filter.importId) conditions.push(eq(bankTransactions.importId, filter.importId));
  if (filter.filterAmount === 'in') conditions.push(gt(bankTransactions.amountOre, 0));
  if (filter.filterAmount === 'out') conditions.push(lt(bankTransactions.amountOre, 0));
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    const matches = [
      ilike(bankTransactions.text, pattern),
      ilike(bankTransactions.text2, pattern),
      ilike(bankTransactions.kid, pattern),
      ilike(bankTransactions.endToEndId, pattern),
      ilike(bankTransactions.counterpartyName, pattern),
      ilike(bankTransactions.note, pattern),
    ];
    const amount = keywordAmountOre(filter.keyword);
    if (amount !== undefined) {
      matches.push(inArray(bankTransactions.amountOre, [amount, -amount]));
    }
    const anyMatch = or(...matches);
    if (anyMatch) conditions.push(anyMatch);
  }
  return conditions;
}

const sortColumns = {
  'BankTransaction.Date': bankTransactions.bookingDate,
  'BankTransaction.Amount': bankTransactions.amountOre,
  'BankTransaction.Text': bankTransactions.text,
  'BankTransaction.Id': bankTransactions.id,
} as const;

function orderBy(filter: Pick<TransactionFilter, 'sortBy' | 'sortType'>) {
  const direction = filter.sortType === 'asc' ? asc : desc;
  const column = sortColumns[filter.sortBy];
  return column === bankTransactions.id
    ? [direction(bankTransactions.id)]
    : [direction(column), direction(bankTransactions.id)];
}

export type TransactionFileSummary = FileSummary;

const filesOfTransaction = filesOfOwnerRow('bank_transactions', TRANSACTION_FILE_OWNER);

export type TransactionListing = {
  transaction: BankTransactionRow;
  accountNumber: string;
  files: TransactionFileSummary[];
};

/** Transactions with their account's number and their files, in the shape `toTransaction` turns into replies. */
export function selectTransactionListings(db: Db) {
  return db
    .select({
      transaction: bankTransactions,
      accountNumber: companyBanks.accountNumber,
      files: filesOfTransaction,
    })
    .from(bankTransactions)
    .innerJoin(
      companyBanks,
      and(
        eq(companyBanks.companyId, bankTransactions.companyId),
        eq(companyBanks.id, bankTransactions.companyBankId),
      ),
    );
}

export async function listTransactions(
  db: Db,
  companyId: number,
  filter: TransactionFilter,
  limit: number,
  offset: number,
): Promise<{ rows: TransactionListing[]; total: number }> {
  const where = and(...filterConditions(companyId, filter));
  const [rows, [totals]] = await Promise.all([
    selectTransactionListings(db)
      .where(where)
      .orderBy(...orderBy(filter))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(bankTransactions).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findTransaction(db: Db, companyId: number, id: number) {
  const [row] = await selectTransactionListings(db).where(
    and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.id, id)),
  );
  return row;
}

export async function lockTransaction(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(bankTransactions)
    .where(and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.id, id)))
    .for('update');
  return row;
}

export function lockTransactions(db: Db, companyId: number, ids: number[]) {
  return db
    .select()
    .from(bankTransactions)
    .where(and(eq(bankTransactions.companyId, companyId), inArray(bankTransactions.id, ids)))
    .orderBy(asc(bankTransactions.id))
    .for('update');
}

export async function updateTransaction(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<typeof bankTransactions.$inferInsert>,
) {
  const [row] = await db
    .update(bankTransactions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.id, id)))
    .returning();
  return row;
}

export async function deleteTransaction(db: Db, companyId: number, id: number) {
  const [row] = await db
    .delete(bankTransactions)
    .where(and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.id, id)))
    .returning();
  return row;
}

export function countByMonth(db: Db, companyId: number, year: number, companyBankId: number) {
  return db
    .select({
      month: sql<number>`extract(month from ${bankTransactions.bookingDate})::int`,
      transactions: count(),
      inOre: sql<string>`coalesce(sum(${bankTransactions.amountOre}) filter (where ${bankTransactions.amountOre} > 0), 0)::text`,
      outOre: sql<string>`coalesce(sum(${bankTransactions.amountOre}) filter (where ${bankTransactions.amountOre} < 0), 0)::text`,
    })
    .from(bankTransactions)
    .where(and(...filterConditions(companyId, { year, companyBankId })))
    .groupBy(sql`1`);
}

export function listYears(db: Db, companyId: number) {
  return db
    .selectDistinct({ year: sql<number>`extract(year from ${bankTransactions.bookingDate})::int` })
    .from(bankTransactions)
    .where(eq(bankTransactions.companyId, companyId));
}

export async function getMissingSummary(
  db: Db,
  companyId: number,
  year: number | undefined,
  companyBankId: number,
) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      missingVoucher: sql<number>`count(*) filter (where ${bankTransactions.status} = ${MISSING_VOUCHER})::int`,
      connected: sql<number>`count(*) filter (where ${bankTransactions.status} = ${CONNECTED})::int`,
      private: sql<number>`count(*) filter (where ${bankTransactions.status} = ${PRIVATE})::int`,
      lost: sql<number>`count(*) filter (where ${bankTransactions.status} = ${LOST})::int`,
      missingAmountOre: sql<string>`coalesce(sum(${bankTransactions.amountOre}) filter (where ${bankTransactions.status} = ${MISSING_VOUCHER}), 0)::text`,
    })
    .from(bankTransactions)
    .where(and(...filterConditions(companyId, { year, companyBankId })));
  return row;
}

export type NewTransaction = typeof bankTransactions.$inferInsert;

export async function insertTransactions(db: Db, rows: NewTransaction[]) {
  if (rows.length === 0) return [];
  return db.insert(bankTransactions).values(rows).onConflictDoNothing().returning();
}
