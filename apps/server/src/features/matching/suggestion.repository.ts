import type { MatchReason } from '@bilag/contracts';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransactions } from '../../db/schema';
import { matchSuggestions } from './matching.table';
import { type OpenTransactionScope, openInScope } from './open-item.repository';

const suggestionKey = [
  matchSuggestions.companyId,
  matchSuggestions.bankTransactionId,
  matchSuggestions.voucherId,
];

/** Drops the open suggestions of the scope's transactions (nothing is left to suggest) and counts them. */
export async function dropOpenSuggestions(db: Db, companyId: number, scope: OpenTransactionScope) {
  const inScope = openInScope(companyId, scope);
  await db.execute(sql`delete from match_suggestions s using bank_transactions
    where s.company_id = ${companyId} and s.status = 'open' and bank_transactions.company_id = s.company_id
      and bank_transactions.id = s.bank_transaction_id and ${inScope}`);
  const [row] = await db.select({ total: count() }).from(bankTransactions).where(inScope);
  return row?.total ?? 0;
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
  connection: { bankTransactionId: number; voucherId: number; score: number | null; reasons: MatchReason[] },
  userId: number,
) {
  const values = {
    status: 'open' as const,
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
export async function listDecidedAgainst(db: Db, companyId: number) {
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
