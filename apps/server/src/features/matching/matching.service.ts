import {
  type AdminConnection,
  BankTransactionStatus,
  type CompanyMatchingQuality,
  type ConnectionSource,
  type ConnectMissingFilter,
  type ConnectRequest,
  type TransactionConnection,
  type VoucherSuggestion,
} from '@bilag/contracts';
import { formatAmount, matchTransactions, predictSupplier, ore as toOre } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit, writeAudits } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { companyExists, readWithCompanyAccess, requireCompanyAccess } from '../companies';
import { toTransaction } from '../transactions';
import { attachVoucherFiles } from '../vouchers';
import {
  type AutoMatchOptions,
  autoMatch,
  toConnectAudit,
  toMatchTransaction,
  toMatchVoucher,
} from './auto-match.service';
import * as connections from './connection.repository';
import type { TransactionVoucherRow } from './matching.table';
import { listMatchingQuality } from './matching-quality.repository';
import { findModel } from './model.repository';
import * as openItems from './open-item.repository';
import * as suggestions from './suggestion.repository';
import * as transactionListing from './transaction-listing.repository';

const HISTORY_ENTITY = 'bank-transaction';
/** Transactions a voucher may be paid by are looked for this far from its amount (card rounding). */
const AMOUNT_TOLERANCE_ORE = 100;
const SUGGESTED_TRANSACTIONS = 10;

function toConnection(row: TransactionVoucherRow): TransactionConnection {
  return {
    Id: row.id,
    BankTransactionId: row.bankTransactionId,
    VoucherId: row.voucherId,
    Source: row.source,
    Score: row.score,
    Reasons: row.reasons,
    CreatedAt: row.createdAt.toISOString(),
  };
}

async function suggestionsWithVouchers(
  db: Db,
  companyId: number,
  transactionIds: number[],
): Promise<Map<number, VoucherSuggestion[]>> {
  const open = await suggestions.listOpenSuggestions(db, companyId, transactionIds);
  const voucherRows = await openItems.findVouchers(db, companyId, [
    ...new Set(open.map((suggestion) => suggestion.voucherId)),
  ]);
  const vouchers = new Map(
    (await attachVoucherFiles(db, companyId, voucherRows)).map((voucher) => [voucher.Id, voucher]),
  );
  const byTransaction = new Map<number, VoucherSuggestion[]>();
  for (const suggestion of open) {
    const voucher = vouchers.get(suggestion.voucherId);
    if (!voucher) continue;
    const list = byTransaction.get(suggestion.bankTransactionId) ?? [];
    list.push({ Voucher: voucher, Score: suggestion.score, Reasons: suggestion.reasons });
    byTransaction.set(suggestion.bankTransactionId, list);
  }
  return byTransaction;
}

/** transactions/missing: the connect-missing list, each transaction with its ranked suggestions. */
export async function listMissing(db: Db, principal: Principal, filter: ConnectMissingFilter) {
  return readWithCompanyAccess(db, principal.userId, filter.companyId, async (companyId) => {
    const [{ listings, total }, counts] = await Promise.all([
      transactionListing.listMissing(db, companyId, filter),
      transactionListing.getMissingCounts(db, companyId),
    ]);
    const suggested = await suggestionsWithVouchers(
      db,
      companyId,
      listings.map((each) => each.transaction.id),
    );
    return {
      total,
      counts,
      rows: listings.map((each) => ({
        Transaction: toTransaction(each),
        Suggestions: suggested.get(each.transaction.id) ?? [],
      })),
    };
  });
}

export async function listVoucherSuggestions(
  db: Db,
  principal: Principal,
  query: { companyId?: number | undefined; bankTransactionId: number },
) {
  const { Id: companyId } = await requireCompanyAccess(db, principal.userId, query.companyId);
  const [transaction] = await transactionListing.listTransactionsByIds(db, companyId, [
    query.bankTransactionId,
  ]);
  if (!transaction) throw Errors.notFound('transactionNotFound');
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
  const [voucher] = await openItems.findVouchers(db, companyId, [query.voucherId]);
  if (!voucher) throw Errors.notFound('voucherNotFound');
  const ofVoucher = await connections.listConnectionsOfVoucher(db, companyId, voucher.id);
  const connectedListings = new Map(
    (
      await transactionListing.listTransactionsByIds(
        db,
        companyId,
        ofVoucher.map((connection) => connection.bankTransactionId),
      )
    ).map((each) => [each.transaction.id, each]),
  );
  const connected = ofVoucher.flatMap((connection) => {
    const each = connectedListings.get(connection.bankTransactionId);
    return each ? [{ Connection: toConnection(connection), Transaction: toTransaction(each) }] : [];
  });
  if (voucher.amountOre === null || ofVoucher.length > 0) return { connected, suggestions: [] };
  const [near, decided, model] = await Promise.all([
    openItems.listTransactionsNearVoucher(
      db,
      companyId,
      { amountOre: voucher.amountOre, kid: voucher.kid, date: voucher.dueDate ?? voucher.effectiveDate },
      AMOUNT_TOLERANCE_ORE,
      200,
    ),
    suggestions.listDecidedAgainst(db, companyId),
    findModel(db, companyId),
  ]);
  const decisions = matchTransactions(
    near.map(toMatchTransaction),
    [toMatchVoucher({ ...voucher, date: voucher.voucherDate })],
    { rejected: decided.rejected, learned: model?.model },
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
      await transactionListing.listTransactionsByIds(
        db,
        companyId,
        scored.map((each) => each.transactionId),
      )
    ).map((each) => [each.transaction.id, each]),
  );
  return {
    connected,
    suggestions: scored.flatMap((each) => {
      const found = listings.get(each.transactionId);
      return found ? [{ Transaction: toTransaction(found), Score: each.score, Reasons: each.reasons }] : [];
    }),
  };
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
  if (transactionIds.length > 1 && voucherIds.length > 1) throw Errors.invalid('connectManyToMany');
  const lockedTransactions = await openItems.lockTransactions(tx, companyId, transactionIds);
  const missingTransaction = transactionIds.find((id) => !lockedTransactions.some((row) => row.id === id));
  if (missingTransaction !== undefined) throw Errors.notFound('transactionNotFound');
  const lockedVouchers = await openItems.lockVouchers(tx, companyId, voucherIds);
  if (lockedVouchers.length !== voucherIds.length) throw Errors.notFound('voucherNotFound');
  const alreadyConnected = lockedTransactions.find((row) => row.status === BankTransactionStatus.CONNECTED);
  if (alreadyConnected) throw Errors.conflict('transactionAlreadyConnected', { id: alreadyConnected.id });
  const takenVoucher = await firstConnectedVoucher(tx, companyId, voucherIds);
  if (takenVoucher !== undefined) throw Errors.conflict('voucherAlreadyConnected', { id: takenVoucher });
  if (transactionIds.length > 1 || voucherIds.length > 1) {
    const transactionsTotal = lockedTransactions.reduce((sum, row) => sum + Math.abs(row.amountOre), 0);
    const vouchersTotal = lockedVouchers.reduce((sum, row) => sum + Math.abs(row.amountOre ?? 0), 0);
    if (transactionsTotal !== vouchersTotal) {
      throw Errors.invalid('amountsDoNotAddUp', {
        transactions: kroner(transactionsTotal),
        vouchers: kroner(vouchersTotal),
      });
    }
  }
  const newConnections: connections.NewConnection[] = [];
  for (const pair of pairsOf({ bankTransactionIds: transactionIds, voucherIds })) {
    const suggestion = await suggestions.findSuggestion(
      tx,
      companyId,
      pair.bankTransactionId,
      pair.voucherId,
    );
    const wasSuggested = suggestion?.status === 'open' && bySource === 'manual';
    newConnections.push({
      ...pair,
      source: wasSuggested ? 'suggestion' : bySource,
      score: wasSuggested ? suggestion.score : null,
      reasons: wasSuggested ? suggestion.reasons : [],
      ruleId: null,
    });
    if (suggestion) await suggestions.decidePair(tx, companyId, pair, 'accepted', userId);
  }
  const inserted = await connections.insertConnections(tx, companyId, userId, newConnections);
  await connections.markConnected(tx, companyId, transactionIds, voucherIds);
  await suggestions.closeSuggestionsOf(tx, companyId, transactionIds, voucherIds);
  await writeAudits(
    tx,
    inserted.map((connection) => toConnectAudit(companyId, userId, connection)),
  );
  return inserted;
}

async function firstConnectedVoucher(tx: Db, companyId: number, voucherIds: number[]) {
  for (const voucherId of voucherIds) {
    const [connection] = await connections.listConnectionsOfVoucher(tx, companyId, voucherId);
    if (connection) return voucherId;
  }
  return undefined;
}

/** transactionVoucher/add and updateMissingByVoucher. */
export async function connect(db: Db, principal: Principal, request: ConnectRequest) {
  const { Id: companyId } = await requireCompanyAccess(db, principal.userId, request.companyId);
  const made = await db.transaction((tx) =>
    connectInCompany(tx, companyId, principal.userId, request, 'manual'),
  );
  return {
    connections: made.map(toConnection),
    counts: await transactionListing.getMissingCounts(db, companyId),
  };
}

/** adminVoucherConnect: an administrator connects in any company, without being a member of it. */
export async function connectAsAdmin(
  db: Db,
  principal: Principal,
  request: { companyId: number; bankTransactionId: number; voucherId: number },
) {
  if (!(await companyExists(db, request.companyId))) throw Errors.companyNotFound();
  const made = await db.transaction((tx) =>
    connectInCompany(
      tx,
      request.companyId,
      principal.userId,
      { bankTransactionIds: [request.bankTransactionId], voucherIds: [request.voucherId] },
      'admin',
    ),
  );
  return {
    connections: made.map(toConnection),
    counts: await transactionListing.getMissingCounts(db, request.companyId),
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
    const connection = await connections.findConnection(tx, companyId, connectionId);
    if (!connection) throw Errors.notFound('connectionNotFound');
    await connections.deleteConnection(tx, companyId, connection.id);
    await connections.releaseUnconnected(tx, companyId, connection.bankTransactionId, connection.voucherId);
    if (connection.source === 'auto' || connection.source === 'rule') {
      await suggestions.markUndone(tx, companyId, connection, principal.userId);
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
  return { removed: 1, counts: await transactionListing.getMissingCounts(db, companyId) };
}

/** voucherSuggestions/reject: the pair is never suggested again, and the model learns from it. */
export async function rejectSuggestion(
  db: Db,
  principal: Principal,
  request: { companyId?: number | undefined; bankTransactionId: number; voucherId: number },
) {
  const { Id: companyId } = await requireCompanyAccess(db, principal.userId, request.companyId);
  await db.transaction(async (tx) => {
    const [transaction] = await openItems.lockTransactions(tx, companyId, [request.bankTransactionId]);
    if (!transaction) throw Errors.notFound('transactionNotFound');
    const [voucher] = await openItems.findVouchers(tx, companyId, [request.voucherId]);
    if (!voucher) throw Errors.notFound('voucherNotFound');
    await suggestions.decidePair(tx, companyId, request, 'rejected', principal.userId);
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: HISTORY_ENTITY,
      entityId: request.bankTransactionId,
      action: 'reject-suggestion',
      after: { voucherId: request.voucherId },
    });
  });
  return { counts: await transactionListing.getMissingCounts(db, companyId) };
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
export async function getSuggestInfo(
  db: Db,
  principal: Principal,
  query: { companyId?: number | undefined; bankTransactionId: number },
) {
  const { Id: companyId } = await requireCompanyAccess(db, principal.userId, query.companyId);
  const [found] = await transactionListing.listTransactionsByIds(db, companyId, [query.bankTransactionId]);
  if (!found) throw Errors.notFound('transactionNotFound');
  const { transaction } = found;
  const stored = await findModel(db, companyId);
  const text = `${transaction.text} ${transaction.text2} ${transaction.counterpartyName ?? ''}`;
  const prediction = stored ? predictSupplier(stored.model, text) : undefined;
  const suggested = await suggestionsWithVouchers(db, companyId, [transaction.id]);
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
    Suggestions: suggested.get(transaction.id) ?? [],
  };
}

export async function getMatchingQuality(
  db: Db,
  keyword: string | undefined,
): Promise<CompanyMatchingQuality[]> {
  const rows = await listMatchingQuality(db, keyword);
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

export async function listAdminConnections(
  db: Db,
  query: {
    companyId?: number | undefined;
    source?: ConnectionSource | undefined;
    pageNumber: number;
    pageSize: number;
  },
): Promise<{ total: number; rows: AdminConnection[] }> {
  const { rows, total } = await connections.listAdminConnections(
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
