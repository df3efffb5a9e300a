import { BankTransactionStatus } from '@bilag/contracts';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransactions, companyBanks, vouchers } from '../../db/schema';

/** The account of a transaction, within its company. */
export const accountOfTransaction = and(
  eq(companyBanks.companyId, bankTransactions.companyId),
  eq(companyBanks.id, bankTransactions.companyBankId),
);

/*
 * The subqueries below name the outer row's columns in full: in a one-table select Drizzle leaves its
 * columns unqualified, and inside a subquery they would then name the subquery's own columns.
 */

/** A live voucher with an amount that no transaction explains yet. */
export function isOpenVoucher(companyId: number) {
  return and(
    eq(vouchers.companyId, companyId),
    isNull(vouchers.deletedAt),
    sql`${vouchers.amountOre} is not null`,
    sql`not exists (select 1 from transaction_vouchers l where l.company_id = "vouchers"."company_id"
      and l.voucher_id = "vouchers"."id")`,
  );
}

/** What matching reads of a transaction. */
export type OpenTransaction = {
  id: number;
  date: string;
  amountOre: number;
  text: string;
  text2: string;
  kid: string | null;
  endToEndId: string | null;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  accountNumber: string;
  note: string | null;
  labels: string[];
};

const openTransactionColumns = {
  id: bankTransactions.id,
  date: bankTransactions.bookingDate,
  amountOre: bankTransactions.amountOre,
  text: bankTransactions.text,
  text2: bankTransactions.text2,
  kid: bankTransactions.kid,
  endToEndId: bankTransactions.endToEndId,
  counterpartyName: bankTransactions.counterpartyName,
  counterpartyAccount: bankTransactions.counterpartyAccount,
  accountNumber: companyBanks.accountNumber,
  note: bankTransactions.note,
  labels: bankTransactions.labels,
};

export type OpenTransactionScope = { companyBankId?: number | undefined; importId?: number | undefined };

/** The transactions of a company still missing a voucher, optionally of one account or one import. */
export function openInScope(companyId: number, scope: OpenTransactionScope) {
  const conditions = [
    eq(bankTransactions.companyId, companyId),
    eq(bankTransactions.status, BankTransactionStatus.MISSING_VOUCHER),
  ];
  if (scope.companyBankId) conditions.push(eq(bankTransactions.companyBankId, scope.companyBankId));
  if (scope.importId) conditions.push(eq(bankTransactions.importId, scope.importId));
  return and(...conditions);
}

/** Transactions still missing a voucher, optionally of one account or one import, a page at a time by id. */
function listOpenTransactions(
  db: Db,
  companyId: number,
  scope: OpenTransactionScope,
  page: { afterId: number; limit: number },
): Promise<OpenTransaction[]> {
  return db
    .select(openTransactionColumns)
    .from(bankTransactions)
    .innerJoin(companyBanks, accountOfTransaction)
    .where(and(openInScope(companyId, scope), gt(bankTransactions.id, page.afterId)))
    .orderBy(asc(bankTransactions.id))
    .limit(page.limit);
}

/** Every open transaction of the scope, read a page at a time so memory stays bounded. */
export async function* listOpenTransactionPages(
  db: Db,
  companyId: number,
  scope: OpenTransactionScope,
  pageSize: number,
): AsyncGenerator<OpenTransaction[]> {
  let afterId = 0;
  for (;;) {
    const page = await listOpenTransactions(db, companyId, scope, { afterId, limit: pageSize });
    const last = page.at(-1);
    if (!last) return;
    yield page;
    afterId = last.id;
    if (page.length < pageSize) return;
  }
}

/** Open transactions a voucher of this amount or KID may be paid by, nearest in date first. */
export function listTransactionsNearVoucher(
  db: Db,
  companyId: number,
  voucher: { amountOre: number; kid: string | null; date: string },
  toleranceOre: number,
  limit: number,
): Promise<OpenTransaction[]> {
  const amount = Math.abs(voucher.amountOre);
  const byAmount = sql`abs(${bankTransactions.amountOre}) between ${amount - toleranceOre} and ${amount + toleranceOre}`;
  const byKid = voucher.kid ? sql` or ${bankTransactions.kid} = ${voucher.kid}` : sql``;
  return db
    .select(openTransactionColumns)
    .from(bankTransactions)
    .innerJoin(companyBanks, accountOfTransaction)
    .where(and(openInScope(companyId, {}), sql`(${byAmount}${byKid})`))
    .orderBy(sql`abs(${bankTransactions.bookingDate} - ${voucher.date}::date)`, asc(bankTransactions.id))
    .limit(limit);
}

export type OpenVoucher = {
  id: number;
  date: string | null;
  dueDate: string | null;
  amountOre: number | null;
  supplierName: string | null;
  kid: string | null;
};

export function listOpenVouchers(db: Db, companyId: number): Promise<OpenVoucher[]> {
  return db
    .select({
      id: vouchers.id,
      date: vouchers.voucherDate,
      dueDate: vouchers.dueDate,
      amountOre: vouchers.amountOre,
      supplierName: vouchers.supplierName,
      kid: vouchers.kid,
    })
    .from(vouchers)
    .where(isOpenVoucher(companyId));
}

export function findVouchers(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.companyId, companyId), inArray(vouchers.id, ids), isNull(vouchers.deletedAt)));
}

export function lockTransactions(db: Db, companyId: number, ids: number[]) {
  return db
    .select({
      id: bankTransactions.id,
      amountOre: bankTransactions.amountOre,
      status: bankTransactions.status,
    })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.companyId, companyId), inArray(bankTransactions.id, ids)))
    .for('update');
}

export function lockVouchers(db: Db, companyId: number, ids: number[]) {
  return db
    .select({ id: vouchers.id, amountOre: vouchers.amountOre, status: vouchers.status })
    .from(vouchers)
    .where(and(eq(vouchers.companyId, companyId), inArray(vouchers.id, ids), isNull(vouchers.deletedAt)))
    .for('update');
}

const MATCHING_LOCK_CLASS = 7_301;

/** One matching run of a company at a time, so two runs never hand the same voucher out twice. */
export async function lockCompanyMatching(db: Db, companyId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(${MATCHING_LOCK_CLASS}, ${companyId})`);
}

export type RuleChanges = {
  status?: BankTransactionStatus;
  isPrivate?: boolean;
  note?: string;
  labels?: string[];
};

/** Sets what a rule decided on a transaction; `labels` are added to the ones it has. */
export async function applyRuleChanges(
  db: Db,
  companyId: number,
  transactionId: number,
  changes: RuleChanges,
) {
  await db
    .update(bankTransactions)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.id, transactionId)));
}
