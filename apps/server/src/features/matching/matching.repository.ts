import type { ConnectionSource, MatchReason } from '@bilag/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransactions, companies, companyBanks, users, vouchers } from '../../db/schema';
import { escapeLike, filesOfOwnerRow } from '../../db/sql-helpers';
import { TRANSACTION_FILE_OWNER, type TransactionListing } from '../banks';
import { matchModels, matchSuggestions, transactionVouchers } from './matching.table';

const MISSING_VOUCHER = 1;
const CONNECTED = 2;
const VOUCHER_CONNECTED = 2;

const filesOfTransaction = filesOfOwnerRow('bank_transactions', TRANSACTION_FILE_OWNER);

const accountOfTransaction = and(
  eq(companyBanks.companyId, bankTransactions.companyId),
  eq(companyBanks.id, bankTransactions.companyBankId),
);

/** Transactions with their account number and files, in the shape the bank feature turns into replies. */
export function listTransactionListings(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset = 0,
): Promise<TransactionListing[]> {
  return db
    .select({
      transaction: bankTransactions,
      accountNumber: companyBanks.accountNumber,
      files: filesOfTransaction,
    })
    .from(bankTransactions)
    .innerJoin(companyBanks, accountOfTransaction)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export async function countTransactions(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(bankTransactions).where(where);
  return row?.total ?? 0;
}

/*
 * The subqueries below name the outer row's columns in full: in a one-table select Drizzle leaves its
 * columns unqualified, and inside a subquery they would then name the subquery's own columns.
 */

/** Whether a transaction has an open suggestion: the connect-missing "with suggestions" filter. */
export function hasOpenSuggestion() {
  return sql`exists (select 1 from match_suggestions s where s.company_id = "bank_transactions"."company_id"
    and s.bank_transaction_id = "bank_transactions"."id" and s.status = 'open')`;
}

/** A live voucher with an amount that no transaction explains yet. */
function isOpenVoucher(companyId: number) {
  return and(
    eq(vouchers.companyId, companyId),
    isNull(vouchers.deletedAt),
    sql`${vouchers.amountOre} is not null`,
    sql`not exists (select 1 from transaction_vouchers l where l.company_id = "vouchers"."company_id"
      and l.voucher_id = "vouchers"."id")`,
  );
}

export async function countsOf(db: Db, companyId: number) {
  const [transactionsRow] = await db
    .select({
      missing: sql<number>`count(*) filter (where ${bankTransactions.status} = ${MISSING_VOUCHER})::int`,
      withSuggestions: sql<number>`count(*) filter (where ${bankTransactions.status} = ${MISSING_VOUCHER}
        and ${hasOpenSuggestion()})::int`,
      connected: sql<number>`count(*) filter (where ${bankTransactions.status} = ${CONNECTED})::int`,
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

/** Transactions still missing a voucher, optionally of one account or one import, a page at a time by id. */
export function listOpenTransactions(
  db: Db,
  companyId: number,
  scope: OpenTransactionScope,
  page: { afterId: number; limit: number },
): Promise<OpenTransaction[]> {
  const conditions = [...openInScope(companyId, scope), gt(bankTransactions.id, page.afterId)];
  return db
    .select(openTransactionColumns)
    .from(bankTransactions)
    .innerJoin(companyBanks, accountOfTransaction)
    .where(and(...conditions))
    .orderBy(asc(bankTransactions.id))
    .limit(page.limit);
}

function openInScope(companyId: number, scope: OpenTransactionScope) {
  const conditions = [
    eq(bankTransactions.companyId, companyId),
    eq(bankTransactions.status, MISSING_VOUCHER),
  ];
  if (scope.companyBankId) conditions.push(eq(bankTransactions.companyBankId, scope.companyBankId));
  if (scope.importId) conditions.push(eq(bankTransactions.importId, scope.importId));
  return conditions;
}

/** Drops the open suggestions of the scope's transactions (nothing is left to suggest) and counts them. */
export async function dropOpenSuggestions(db: Db, companyId: number, scope: OpenTransactionScope) {
  const inScope = and(...openInScope(companyId, scope));
  await db.execute(sql`delete from match_suggestions s using bank_transactions
    where s.company_id = ${companyId} and s.status = 'open' and bank_transactions.company_id = s.company_id
      and bank_transactions.id = s.bank_transaction_id and ${inScope}`);
  return countTransactions(db, inScope);
}

/** Every open transaction of the scope, read a page at a time so memory stays bounded. */
export async function* openTransactionPages(
  db: Db,
  companyId: number,
  scope: OpenTransactionScope,
  pageSize: number,
): AsyncGenerator<OpenTransaction[]> {
  let afterId = 0;
  for (;;) {
    const page = await listOpenTransactions(db, companyId, scope, { afterId, limit: pageSize });
    if (page.length === 0) return;
    yield page;
    afterId = (page[page.length - 1] as OpenTransaction).id;
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
    .where(
      and(
        eq(bankTransactions.companyId, companyId),
        eq(bankTransactions.status, MISSING_VOUCHER),
        sql`(${byAmount}${byKid})`,
      ),
    )
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

/** One matching run of a company at a time, so two runs never hand the same voucher out twice. */
export async function lockCompanyMatching(db: Db, companyId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(${MATCHING_LOCK_CLASS}, ${companyId})`);
}
const MATCHING_LOCK_CLASS = 7_301;

export type NewConnection = {
  bankTransactionId: number;
  voucherId: number;
  source: ConnectionSource;
  score: number | null;
  reasons: MatchReason[];
  ruleId: number | null;
};

export function insertConnections(
  db: Db,
  companyId: number,
  userId: number | null,
  connections: NewConnection[],
) {
  if (connections.length === 0) return Promise.resolve([]);
  return db
    .insert(transactionVouchers)
    .values(connections.map((connection) => ({ ...connection, companyId, createdBy: userId })))
    .onConflictDoNothing()
    .returning();
}

/** Connected transactions say so; so do their vouchers. */
export async function markConnected(
  db: Db,
  companyId: number,
  transactionIds: number[],
  voucherIds: number[],
) {
  if (transactionIds.length > 0) {
    await db
      .update(bankTransactions)
      .set({ status: CONNECTED, updatedAt: new Date() })
      .where(and(eq(bankTransactions.companyId, companyId), inArray(bankTransactions.id, transactionIds)));
  }
  if (voucherIds.length > 0) {
    await db
      .update(vouchers)
      .set({ status: VOUCHER_CONNECTED, updatedAt: new Date() })
      .where(and(eq(vouchers.companyId, companyId), inArray(vouchers.id, voucherIds)));
  }
}

/**
 * Once a transaction or a voucher is connected, the open suggestions that involve it are moot. They
 * are dropped, except an undone pair's, which is kept (closed) for what it says about matching.
 */
export async function closeSuggestionsOf(
  db: Db,
  companyId: number,
  transactionIds: number[],
  voucherIds: number[],
) {
  if (transactionIds.length === 0 && voucherIds.length === 0) return;
  const involved = [];
  if (transactionIds.length > 0) involved.push(inArray(matchSuggestions.bankTransactionId, transactionIds));
  if (voucherIds.length > 0) involved.push(inArray(matchSuggestions.voucherId, voucherIds));
  const open = and(
    eq(matchSuggestions.companyId, companyId),
    eq(matchSuggestions.status, 'open'),
    sql`(${sql.join(involved, sql` or `)})`,
  );
  await db
    .update(matchSuggestions)
    .set({ status: 'closed' })
    .where(and(open, eq(matchSuggestions.isUndone, true)));
  await db.delete(matchSuggestions).where(and(open, eq(matchSuggestions.isUndone, false)));
}

const suggestionKey = [
  matchSuggestions.companyId,
  matchSuggestions.bankTransactionId,
  matchSuggestions.voucherId,
];

/** Records what a person decided about a pair: accepted or rejected. */
export async function decidePair(
  db: Db,
  companyId: number,
  pair: { bankTransactionId: number; voucherId: number },
  status: 'accepted' | 'rejected',
  userId: number,
) {
  await db
    .insert(matchSuggestions)
    .values({ companyId, ...pair, status, score: 0, decidedBy: userId, decidedAt: new Date() })
    .onConflictDoUpdate({ target: suggestionKey, set: { status, decidedBy: userId, decidedAt: new Date() } });
}

/**
 * An automatic connection a person removed: the pair stays suggested, with the score and reasons it
 * was connected for, but is never connected automatically again.
 */
export async function markUndone(
  db: Db,
  companyId: number,
  connection: { bankTransactionId: number; voucherId: number; score: number | null; reasons: unknown },
  userId: number,
) {
  const values = {
    status: 'open',
    isUndone: true,
    score: connection.score ?? 0,
    reasons: connection.reasons,
    rank: 1,
    decidedBy: userId,
    decidedAt: new Date(),
  };
  await db
    .insert(matchSuggestions)
    .values({
      companyId,
      bankTransactionId: connection.bankTransactionId,
      voucherId: connection.voucherId,
      ...values,
    })
    .onConflictDoUpdate({ target: suggestionKey, set: values });
}

export function findSuggestion(db: Db, companyId: number, bankTransactionId: number, voucherId: number) {
  return db
    .select()
    .from(matchSuggestions)
    .where(
      and(
        eq(matchSuggestions.companyId, companyId),
        eq(matchSuggestions.bankTransactionId, bankTransactionId),
        eq(matchSuggestions.voucherId, voucherId),
      ),
    )
    .then((rows) => rows[0]);
}

/**
 * Pairs people decided against, as `${transactionId}:${voucherId}`: rejected ones are never suggested
 * again; undone ones (an automatic connection a person removed) may be suggested but not connected
 * automatically again.
 */
export async function decidedAgainst(db: Db, companyId: number) {
  const rows = await db
    .select({
      transactionId: matchSuggestions.bankTransactionId,
      voucherId: matchSuggestions.voucherId,
      status: matchSuggestions.status,
      isUndone: matchSuggestions.isUndone,
    })
    .from(matchSuggestions)
    .where(
      and(
        eq(matchSuggestions.companyId, companyId),
        or(eq(matchSuggestions.status, 'rejected'), eq(matchSuggestions.isUndone, true)),
      ),
    );
  const rejected = new Set<string>();
  const undone = new Set<string>();
  for (const row of rows) {
    const pair = `${row.transactionId}:${row.voucherId}`;
    if (row.status === 'rejected') rejected.add(pair);
    if (row.isUndone) undone.add(pair);
  }
  return { rejected, undone };
}

export type NewSuggestion = {
  bankTransactionId: number;
  voucherId: number;
  score: number;
  reasons: MatchReason[];
  rank: number;
};

/** Replaces the open suggestions of the given transactions with fresh ones. */
export async function replaceOpenSuggestions(
  db: Db,
  companyId: number,
  transactionIds: number[],
  suggestions: NewSuggestion[],
) {
  for (let start = 0; start < transactionIds.length; start += 5_000) {
    await db
      .delete(matchSuggestions)
      .where(
        and(
          eq(matchSuggestions.companyId, companyId),
          eq(matchSuggestions.status, 'open'),
          eq(matchSuggestions.isUndone, false),
          inArray(matchSuggestions.bankTransactionId, transactionIds.slice(start, start + 5_000)),
        ),
      );
  }
  // A pair already decided stays as decided; an undone pair's suggestion is brought up to date.
  for (let start = 0; start < suggestions.length; start += 2_000) {
    await db
      .insert(matchSuggestions)
      .values(suggestions.slice(start, start + 2_000).map((suggestion) => ({ ...suggestion, companyId })))
      .onConflictDoUpdate({
        target: suggestionKey,
        set: { score: sql`excluded.score`, reasons: sql`excluded.reasons`, rank: sql`excluded.rank` },
        setWhere: eq(matchSuggestions.status, 'open'),
      });
  }
}

export function listOpenSuggestions(db: Db, companyId: number, transactionIds: number[]) {
  if (transactionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(matchSuggestions)
    .where(
      and(
        eq(matchSuggestions.companyId, companyId),
        eq(matchSuggestions.status, 'open'),
        inArray(matchSuggestions.bankTransactionId, transactionIds),
      ),
    )
    .orderBy(asc(matchSuggestions.bankTransactionId), asc(matchSuggestions.rank));
}

export function findConnection(db: Db, companyId: number, id: number) {
  return db
    .select()
    .from(transactionVouchers)
    .where(and(eq(transactionVouchers.companyId, companyId), eq(transactionVouchers.id, id)))
    .for('update')
    .then((rows) => rows[0]);
}

export function listConnectionsOfVoucher(db: Db, companyId: number, voucherId: number) {
  return db
    .select()
    .from(transactionVouchers)
    .where(and(eq(transactionVouchers.companyId, companyId), eq(transactionVouchers.voucherId, voucherId)))
    .orderBy(asc(transactionVouchers.id));
}

export async function deleteConnection(db: Db, companyId: number, id: number) {
  await db
    .delete(transactionVouchers)
    .where(and(eq(transactionVouchers.companyId, companyId), eq(transactionVouchers.id, id)));
}

/**
 * After a connection is removed: a transaction with no voucher left is missing one again, and a voucher
 * with no transaction left goes back to ready (or new, while it lacks date, amount or supplier).
 */
export async function releaseUnconnected(
  db: Db,
  companyId: number,
  transactionId: number,
  voucherId: number,
) {
  await db.execute(sql`update bank_transactions set status = ${MISSING_VOUCHER}, updated_at = now()
    where company_id = ${companyId} and id = ${transactionId} and status = ${CONNECTED}
      and not exists (select 1 from transaction_vouchers l where l.company_id = ${companyId}
        and l.bank_transaction_id = ${transactionId})`);
  await db.execute(sql`update vouchers set updated_at = now(), status = case
      when voucher_date is not null and amount_ore is not null and coalesce(supplier_name, '') <> '' then 1 else 0 end
    where company_id = ${companyId} and id = ${voucherId} and status = ${VOUCHER_CONNECTED}
      and not exists (select 1 from transaction_vouchers l where l.company_id = ${companyId}
        and l.voucher_id = ${voucherId})`);
}

/** Sets what a rule decided on a transaction; `labels` are added to the ones it has. */
export async function applyRuleChanges(
  db: Db,
  companyId: number,
  transactionId: number,
  changes: { status?: number; isPrivate?: boolean; note?: string; labels?: string[] },
) {
  const set: Record<string, unknown> = { updatedAt: new Date() };
  if (changes.status !== undefined) set.status = changes.status;
  if (changes.isPrivate !== undefined) set.isPrivate = changes.isPrivate;
  if (changes.note !== undefined) set.note = changes.note;
  if (changes.labels !== undefined) set.labels = changes.labels;
  await db
    .update(bankTransactions)
    .set(set)
    .where(and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.id, transactionId)));
}

/**
 * The company's confirmed pairs (connections people made or accepted) and rejected ones (suggestions
 * rejected, automatic connections undone and not taken back), with the texts the model learns from.
 */
export async function trainingPairs(db: Db, companyId: number) {
  const result = await db.execute(sql`
    select t.text || ' ' || coalesce(t.counterparty_name, '') as text, v.supplier_name as "supplierName",
      pair.accepted
    from (
      select bank_transaction_id, voucher_id, true as accepted from transaction_vouchers
      where company_id = ${companyId} and source in ('manual', 'suggestion', 'admin')
      union all
      select bank_transaction_id, voucher_id, false from match_suggestions
      where company_id = ${companyId} and (status = 'rejected' or (is_undone and status <> 'accepted'))
    ) pair
    join bank_transactions t on t.company_id = ${companyId} and t.id = pair.bank_transaction_id
    join vouchers v on v.company_id = ${companyId} and v.id = pair.voucher_id
    where v.supplier_name is not null`);
  return (result as unknown as { rows: { text: string; supplierName: string; accepted: boolean }[] }).rows;
}

export function findModel(db: Db, companyId: number) {
  return db
    .select()
    .from(matchModels)
    .where(eq(matchModels.companyId, companyId))
    .then((rows) => rows[0]);
}

export async function saveModel(
  db: Db,
  companyId: number,
  model: { model: unknown; pairs: number; confirmed: number; rejected: number },
) {
  await db
    .insert(matchModels)
    .values({ companyId, ...model, trainedAt: new Date() })
    .onConflictDoUpdate({ target: matchModels.companyId, set: { ...model, trainedAt: new Date() } });
}

/** Admin: per company, how much is explained and how. */
export function matchingQuality(db: Db, keyword: string | undefined) {
  const pattern = keyword ? `%${escapeLike(keyword)}%` : undefined;
  return db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      transactions: sql<number>`(select count(*) from bank_transactions t where t.company_id = "companies"."id")::int`,
      missing: sql<number>`(select count(*) from bank_transactions t where t.company_id = "companies"."id"
        and t.status = ${MISSING_VOUCHER})::int`,
      auto: sql<number>`(select count(distinct l.bank_transaction_id) from transaction_vouchers l
        where l.company_id = "companies"."id" and l.source = 'auto')::int`,
      rule: sql<number>`(select count(distinct l.bank_transaction_id) from transaction_vouchers l
        where l.company_id = "companies"."id" and l.source = 'rule')::int`,
      byHand: sql<number>`(select count(distinct l.bank_transaction_id) from transaction_vouchers l
        where l.company_id = "companies"."id" and l.source in ('manual', 'suggestion', 'admin'))::int`,
      open: sql<number>`(select count(*) from match_suggestions s where s.company_id = "companies"."id"
        and s.status = 'open')::int`,
      accepted: sql<number>`(select count(*) from match_suggestions s where s.company_id = "companies"."id"
        and s.status = 'accepted')::int`,
      rejected: sql<number>`(select count(*) from match_suggestions s where s.company_id = "companies"."id"
        and s.status = 'rejected')::int`,
      undone: sql<number>`(select count(*) from match_suggestions s where s.company_id = "companies"."id"
        and s.is_undone)::int`,
      modelPairs: sql<number>`coalesce((select m.pairs from match_models m where m.company_id = "companies"."id"), 0)`,
    })
    .from(companies)
    .where(
      pattern ? sql`${companies.name} ilike ${pattern} or ${companies.alias} ilike ${pattern}` : undefined,
    )
    .orderBy(asc(companies.name));
}

/** Admin: connections of every company (or one), newest first. */
export async function listAdminConnections(
  db: Db,
  filter: { companyId?: number; source?: ConnectionSource },
  limit: number,
  offset: number,
) {
  const conditions: SQL[] = [];
  if (filter.companyId) conditions.push(eq(transactionVouchers.companyId, filter.companyId));
  if (filter.source) conditions.push(eq(transactionVouchers.source, filter.source));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        connection: transactionVouchers,
        companyName: companies.name,
        transactionDate: bankTransactions.bookingDate,
        transactionText: bankTransactions.text,
        transactionAmountOre: bankTransactions.amountOre,
        currency: bankTransactions.currency,
        voucherSupplierName: vouchers.supplierName,
        voucherAmountOre: vouchers.amountOre,
        createdByName: users.fullName,
      })
      .from(transactionVouchers)
      .innerJoin(companies, eq(companies.id, transactionVouchers.companyId))
      .innerJoin(
        bankTransactions,
        and(
          eq(bankTransactions.companyId, transactionVouchers.companyId),
          eq(bankTransactions.id, transactionVouchers.bankTransactionId),
        ),
      )
      .innerJoin(
        vouchers,
        and(
          eq(vouchers.companyId, transactionVouchers.companyId),
          eq(vouchers.id, transactionVouchers.voucherId),
        ),
      )
      .leftJoin(users, eq(users.id, transactionVouchers.createdBy))
      .where(where)
      .orderBy(desc(transactionVouchers.createdAt), desc(transactionVouchers.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(transactionVouchers).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
