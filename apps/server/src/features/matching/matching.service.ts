import {
  type AdminConnection,
  type CompanyMatchingQuality,
  type ConnectionSource,
  type ConnectMissingFilter,
  type ConnectRequest,
  ErrorCode,
  type MatchReason,
  type MatchRule,
  type TransactionConnection,
  type VoucherSuggestion,
} from '@bilag/contracts';
import {
  formatAmount,
  type LearnedModel,
  matchTransactions,
  predictSupplier,
  ore as toOre,
} from '@bilag/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransactions } from '../../db/schema';
import { writeAudit, writeAudits } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { AppError, Errors } from '../../platform/errors';
import { filterConditions, type TransactionListing, toTransaction } from '../banks';
import { companyExists, readWithCompanyAccess, requireCompanyAccess } from '../companies';
import { vouchersWithFiles } from '../vouchers';
import {
  type AutoMatchOptions,
  autoMatch,
  connectAudit,
  learnedModel,
  toMatchTransaction,
  toMatchVoucher,
} from './auto-match';
import * as repository from './matching.repository';
import type { MatchRuleRow, TransactionVoucherRow } from './matching.table';

const HISTORY_ENTITY = 'bank-transaction';
const STATUS = { MISSING_VOUCHER: 1, CONNECTED: 2, PRIVATE: 3 } as const;
/** Transactions a voucher may be paid by are looked for this far from its amount (card rounding). */
const AMOUNT_TOLERANCE_ORE = 100;
const SUGGESTED_TRANSACTIONS = 10;

export function toConnection(row: TransactionVoucherRow): TransactionConnection {
  return {
    Id: row.id,
    BankTransactionId: row.bankTransactionId,
    VoucherId: row.voucherId,
    Source: row.source as ConnectionSource,
    Score: row.score,
    Reasons: row.reasons as MatchReason[],
    CreatedAt: row.createdAt.toISOString(),
  };
}

export function toRule(row: MatchRuleRow): MatchRule {
  return {
    Id: row.id,
    CompanyId: row.companyId,
    Scope: row.scope as MatchRule['Scope'],
    Name: row.name,
    Priority: row.priority,
    IsActive: row.isActive,
    Conditions: row.conditions as MatchRule['Conditions'],
    Actions: row.actions as MatchRule['Actions'],
    HitCount: row.hitCount,
    LastHitAt: row.lastHitAt?.toISOString() ?? null,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

function transactionsByIds(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as TransactionListing[]);
  return repository.listTransactionListings(
    db,
    and(eq(bankTransactions.companyId, companyId), inArray(bankTransactions.id, ids)),
    [asc(bankTransactions.id)],
    ids.length,
  );
}

async function suggestionsWithVouchers(
  db: Db,
  companyId: number,
  transactionIds: number[],
): Promise<Map<number, VoucherSuggestion[]>> {
  const suggestions = await repository.listOpenSuggestions(db, companyId, transactionIds);
  const voucherRows = await repository.findVouchers(db, companyId, [
    ...new Set(suggestions.map((suggestion) => suggestion.voucherId)),
  ]);
  const vouchers = new Map(
    (await vouchersWithFiles(db, companyId, voucherRows)).map((voucher) => [voucher.Id, voucher]),
  );
  const byTransaction = new Map<number, VoucherSuggestion[]>();
  for (const suggestion of suggestions) {
    const voucher = vouchers.get(suggestion.voucherId);
    if (!voucher) continue;
    const list = byTransaction.get(suggestion.bankTransactionId) ?? [];
    list.push({ Voucher: voucher, Score: suggestion.score, Reasons: suggestion.reasons as MatchReason[] });
    byTransaction.set(suggestion.bankTransactionId, list);
  }
  return byTransaction;
}

/** transactions/missing: the connect-missing list, each transaction with its ranked suggestions. */
export async function listMissing(db: Db, principal: Principal, filter: ConnectMissingFilter) {
  return readWithCompanyAccess(db, principal.userId, filter.companyId, async (companyId) => {
    const conditions = filterConditions(companyId, {
      keyword: filter.keyword,
      companyBankId: filter.companyBankId,
      status: filter.status === 0 ? STATUS.MISSING_VOUCHER : filter.status,
    });
    if (filter.connectStatus === 1) conditions.push(repository.hasOpenSuggestion());
    if (filter.connectStatus === 2) conditions.push(sql`not ${repository.hasOpenSuggestion()}`);
    const where = and(...conditions);
    const direction = filter.sortType === 'asc' ? asc : desc;
    const column =
      filter.sortBy === 'Voucher.Amount' ? bankTransactions.amountOre : bankTransactions.bookingDate;
    const [listings, total, counts] = await Promise.all([
      repository.listTransactionListings(
        db,
        where,
        [direction(column), direction(bankTransactions.id)],
        filter.pageSize,
        (filter.pageNumber - 1) * filter.pageSize,
      ),
      repository.countTransactions(db, where),
      repository.countsOf(db, companyId),
    ]);
    const suggestions = await suggestionsWithVouchers(
      db,
      companyId,
      listings.map((listing) => listing.transaction.id),
    );
    return {
      total,
      counts,
      rows: listings.map((listing) => ({
        Transaction: toTransaction(listing),
        Suggestions: suggestions.get(listing.transaction.id) ?? [],
      })),
    };
  });
}

export async function voucherSuggestions(
  db: Db,
  principal: Principal,
  query: { companyId?: number | undefined; bankTransactionId: number },
) {
  const { Id: companyId } = await requireCompanyAccess(db, principal.userId, query.companyId);
  const [listing] = await transactionsByIds(db, companyId, [query.bankTransactionId]);
  if (!listing) throw Errors.notFound('transactionNotFound');
  return (
    (await suggestionsWithVouchers(db, companyId, [query.bankTransactionId])).get(query.bankTransactionId) ??
    []
  );
}

/** getSuggestTransaction: what already explains a voucher, and the open transactions that may pay it. */
export async function suggestTransactions(
  db: Db,
  principal: Principal,
  query: { companyId?: number | undefined; voucherId: number },
) {
  const { Id: companyId } = await requireCompanyAccess(db, principal.userId, query.companyId);
  const [voucher] = await repository.findVouchers(db, companyId, [query.voucherId]);
  if (!voucher) throw Errors.notFound('voucherNotFound');
  const connections = await repository.listConnectionsOfVoucher(db, companyId, voucher.id);
  const connectedListings = new Map(
    (
      await transactionsByIds(
        db,
        companyId,
        connections.map((connection) => connection.bankTransactionId),
      )
    ).map((listing) => [listing.transaction.id, listing]),
  );
  const connected = connections.flatMap((connection) => {
    const listing = connectedListings.get(connection.bankTransactionId);
    return listing ? [{ Connection: toConnection(connection), Transaction: toTransaction(listing) }] : [];
  });
  if (voucher.amountOre === null || connections.length > 0) return { connected, suggestions: [] };
  const [near, decided, model] = await Promise.all([
    repository.listTransactionsNearVoucher(
      db,
      companyId,
      { amountOre: voucher.amountOre, kid: voucher.kid, date: voucher.dueDate ?? voucher.effectiveDate },
      AMOUNT_TOLERANCE_ORE,
      200,
    ),
    repository.decidedAgainst(db, companyId),
    repository.findModel(db, companyId),
  ]);
  const decisions = matchTransactions(
    near.map(toMatchTransaction),
    [toMatchVoucher({ ...voucher, date: voucher.voucherDate })],
    { rejected: decided.rejected, learned: learnedModel(model) },
  );
  const scored = decisions
    .flatMap((decision) => {
      const best = decision.candidates[0];
      return best
        ? [{ transactionId: decision.transactionId, score: best.score, reasons: best.reasons }]
        : [];
    })
    .sort((a, b) => b.score - a.score || a.transactionId - b.transactionId)
    .slice(0, SUGGESTED_TRANSACTIONS);
  const listings = new Map(
    (
      await transactionsByIds(
        db,
        companyId,
        scored.map((each) => each.transactionId),
      )
    ).map((listing) => [listing.transaction.id, listing]),
  );
  const suggestions = scored.flatMap((each) => {
    const listing = listings.get(each.transactionId);
    return listing ? [{ Transaction: toTransaction(listing), Score: each.score, Reasons: each.reasons }] : [];
  });
  return { connected, suggestions };
}

function pairsOf(request: Pick<ConnectRequest, 'bankTransactionIds' | 'voucherIds'>) {
  return request.bankTransactionIds.flatMap((bankTransactionId) =>
    request.voucherIds.map((voucherId) => ({ bankTransactionId, voucherId })),
  );
}

function kroner(ore: number): string {
  return formatAmount(toOre(ore), { groupSeparator: '\u00a0' });
}

/**
 * Connects transactions with vouchers. One with one always; one with several, or several with one, only
 * when the amounts add up to the øre. A pair that was suggested counts as an accepted suggestion.
 */
async function connectInCompany(
  tx: Db,
  companyId: number,
  userId: number,
  request: Pick<ConnectRequest, 'bankTransactionIds' | 'voucherIds'>,
  bySource: ConnectionSource,
) {
  const transactionIds = [...new Set(request.bankTransactionIds)];
  const voucherIds = [...new Set(request.voucherIds)];
  if (transactionIds.length > 1 && voucherIds.length > 1) {
    throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'connectManyToMany');
  }
  const lockedTransactions = await repository.lockTransactions(tx, companyId, transactionIds);
  const missingTransaction = transactionIds.find((id) => !lockedTransactions.some((row) => row.id === id));
  if (missingTransaction !== undefined) throw Errors.notFound('transactionNotFound');
  const lockedVouchers = await repository.lockVouchers(tx, companyId, voucherIds);
  if (lockedVouchers.length !== voucherIds.length) throw Errors.notFound('voucherNotFound');
  const alreadyConnected = lockedTransactions.find((row) => row.status === STATUS.CONNECTED);
  if (alreadyConnected) {
    throw new AppError(409, ErrorCode.CONFLICT, 'transactionAlreadyConnected', {
      params: { id: alreadyConnected.id },
    });
  }
  const takenVoucher = await firstConnectedVoucher(tx, companyId, voucherIds);
  if (takenVoucher !== undefined) {
    throw new AppError(409, ErrorCode.CONFLICT, 'voucherAlreadyConnected', { params: { id: takenVoucher } });
  }
  if (transactionIds.length > 1 || voucherIds.length > 1) {
    const transactionsTotal = lockedTransactions.reduce((sum, row) => sum + Math.abs(row.amountOre), 0);
    const vouchersTotal = lockedVouchers.reduce((sum, row) => sum + Math.abs(row.amountOre ?? 0), 0);
    if (transactionsTotal !== vouchersTotal) {
      throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'amountsDoNotAddUp', {
        params: { transactions: kroner(transactionsTotal), vouchers: kroner(vouchersTotal) },
      });
    }
  }
  const newConnections: repository.NewConnection[] = [];
  for (const pair of pairsOf({ bankTransactionIds: transactionIds, voucherIds })) {
    const suggestion = await repository.findSuggestion(tx, companyId, pair.bankTransactionId, pair.voucherId);
    const wasSuggested = suggestion?.status === 'open' && bySource === 'manual';
    newConnections.push({
      ...pair,
      source: wasSuggested ? 'suggestion' : bySource,
      score: wasSuggested ? suggestion.score : null,
      reasons: wasSuggested ? (suggestion.reasons as MatchReason[]) : [],
      ruleId: null,
    });
    if (suggestion) await repository.decidePair(tx, companyId, pair, 'accepted', userId);
  }
  const inserted = await repository.insertConnections(tx, companyId, userId, newConnections);
  await repository.markConnected(tx, companyId, transactionIds, voucherIds);
  await repository.closeSuggestionsOf(tx, companyId, transactionIds, voucherIds);
  await writeAudits(
    tx,
    inserted.map((connection) => connectAudit(companyId, userId, connection)),
  );
  return inserted;
}

async function firstConnectedVoucher(tx: Db, companyId: number, voucherIds: number[]) {
  for (const voucherId of voucherIds) {
    const [connection] = await repository.listConnectionsOfVoucher(tx, companyId, voucherId);
    if (connection) return voucherId;
  }
  return undefined;
}

/** transactionVoucher/add and updateMissingByVoucher. */
export async function connect(db: Db, principal: Principal, request: ConnectRequest) {
  const { Id: companyId } = await requireCompanyAccess(db, principal.userId, request.companyId);
  const connections = await db.transaction((tx) =>
    connectInCompany(tx, companyId, principal.userId, request, 'manual'),
  );
  return { connections: connections.map(toConnection), counts: await repository.countsOf(db, companyId) };
}

/** adminVoucherConnect: an administrator connects in any company, without being a member of it. */
export async function adminConnect(
  db: Db,
  principal: Principal,
  request: { companyId: number; bankTransactionId: number; voucherId: number },
) {
  if (!(await companyExists(db, request.companyId))) throw Errors.companyNotFound();
  const connections = await db.transaction((tx) =>
    connectInCompany(
      tx,
      request.companyId,
      principal.userId,
      { bankTransactionIds: [request.bankTransactionId], voucherIds: [request.voucherId] },
      'admin',
    ),
  );
  return {
    connections: connections.map(toConnection),
    counts: await repository.countsOf(db, request.companyId),
  };
}

/** Removing a connection: an automatic one removed by a person is never made automatically again. */
export async function disconnect(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  connectionId: number,
) {
  const { Id: companyId } = await requireCompanyAccess(db, principal.userId, companyIdInput);
  await db.transaction(async (tx) => {
    const connection = await repository.findConnection(tx, companyId, connectionId);
    if (!connection) throw Errors.notFound('connectionNotFound');
    await repository.deleteConnection(tx, companyId, connection.id);
    await repository.releaseUnconnected(tx, companyId, connection.bankTransactionId, connection.voucherId);
    if (connection.source === 'auto' || connection.source === 'rule') {
      await repository.markUndone(tx, companyId, connection, principal.userId);
    }
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: HISTORY_ENTITY,
      entityId: connection.bankTransactionId,
      action: 'disconnect',
      before: { connectionId: connection.id, voucherId: connection.voucherId, source: connection.source },
    });
  });
  return { removed: 1, counts: await repository.countsOf(db, companyId) };
}

/** voucherSuggestions/reject: the pair is never suggested again, and the model learns from it. */
export async function rejectSuggestion(
  db: Db,
  principal: Principal,
  request: { companyId?: number | undefined; bankTransactionId: number; voucherId: number },
) {
  const { Id: companyId } = await requireCompanyAccess(db, principal.userId, request.companyId);
  await db.transaction(async (tx) => {
    const [transaction] = await repository.lockTransactions(tx, companyId, [request.bankTransactionId]);
    if (!transaction) throw Errors.notFound('transactionNotFound');
    const [voucher] = await repository.findVouchers(tx, companyId, [request.voucherId]);
    if (!voucher) throw Errors.notFound('voucherNotFound');
    await repository.decidePair(tx, companyId, request, 'rejected', principal.userId);
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: HISTORY_ENTITY,
      entityId: request.bankTransactionId,
      action: 'reject-suggestion',
      after: { voucherId: request.voucherId },
    });
  });
  return { counts: await repository.countsOf(db, companyId) };
}

/** autoUpdateTransaction, autoUpdateTransactionByAiLocal and refreshMatchingVoucherTransaction. */
export async function autoMatchForUser(
  db: Db,
  principal: Principal,
  request: { companyId?: number | undefined; companyBankId: number },
  options: Pick<AutoMatchOptions, 'retrain' | 'suggestOnly'>,
) {
  const { Id: companyId } = await requireCompanyAccess(db, principal.userId, request.companyId);
  return autoMatch(db, companyId, principal.userId, {
    ...options,
    companyBankId: request.companyBankId || undefined,
  });
}

/** get-voucher-suggest-info: what the company's history makes of a transaction. */
export async function suggestInfo(
  db: Db,
  principal: Principal,
  query: { companyId?: number | undefined; bankTransactionId: number },
) {
  const { Id: companyId } = await requireCompanyAccess(db, principal.userId, query.companyId);
  const [listing] = await transactionsByIds(db, companyId, [query.bankTransactionId]);
  if (!listing) throw Errors.notFound('transactionNotFound');
  const stored = await repository.findModel(db, companyId);
  const text = `${listing.transaction.text} ${listing.transaction.text2} ${listing.transaction.counterpartyName ?? ''}`;
  const prediction = stored ? predictSupplier(stored.model as LearnedModel, text) : undefined;
  const suggestions = await suggestionsWithVouchers(db, companyId, [listing.transaction.id]);
  return {
    Model: stored
      ? {
          Pairs: stored.pairs,
          Confirmed: stored.confirmed,
          Rejected: stored.rejected,
          TrainedAt: stored.trainedAt.toISOString(),
        }
      : null,
    Prediction: prediction
      ? {
          SupplierKey: prediction.supplierKey,
          Affinity: prediction.affinity,
          Confirmations: prediction.confirmations,
          Word: prediction.word,
        }
      : null,
    Suggestions: suggestions.get(listing.transaction.id) ?? [],
  };
}

export async function matchingQuality(
  db: Db,
  keyword: string | undefined,
): Promise<CompanyMatchingQuality[]> {
  const rows = await repository.matchingQuality(db, keyword);
  return rows.map((row) => ({
    CompanyId: row.companyId,
    CompanyName: row.companyName,
    Transactions: row.transactions,
    Missing: row.missing,
    ConnectedAutomatically: row.auto,
    ConnectedByRule: row.rule,
    ConnectedByHand: row.byHand,
    SuggestionsOpen: row.open,
    SuggestionsAccepted: row.accepted,
    SuggestionsRejected: row.rejected,
    AutomaticUndone: row.undone,
    ModelPairs: row.modelPairs,
  }));
}

export async function adminConnections(
  db: Db,
  query: {
    companyId?: number | undefined;
    source?: ConnectionSource | undefined;
    pageNumber: number;
    pageSize: number;
  },
): Promise<{ total: number; rows: AdminConnection[] }> {
  const { rows, total } = await repository.listAdminConnections(
    db,
    { companyId: query.companyId, source: query.source },
    query.pageSize,
    (query.pageNumber - 1) * query.pageSize,
  );
  return {
    total,
    rows: rows.map((row) => ({
      ...toConnection(row.connection),
      CompanyId: row.connection.companyId,
      CompanyName: row.companyName,
      TransactionDate: row.transactionDate,
      TransactionText: row.transactionText,
      TransactionAmountOre: row.transactionAmountOre,
      Currency: row.currency,
      VoucherSupplierName: row.voucherSupplierName,
      VoucherAmountOre: row.voucherAmountOre,
      CreatedByName: row.createdByName,
    })),
  };
}
