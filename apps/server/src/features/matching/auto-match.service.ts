import { type AutoMatchSummary, BankTransactionStatus } from '@bilag/contracts';
import {
  byPrecedence,
  firstHoldingRule,
  type LearnedModel,
  type MatchVoucher,
  matchTransactions,
  trainModel,
  VoucherIndex,
} from '@bilag/domain';
import type { Db } from '../../db/client';
import { type AuditEntry, writeAudits } from '../../platform/audit';
import * as connections from './connection.repository';
import type { MatchRuleRow, TransactionVoucherRow } from './matching.table';
import * as models from './model.repository';
import type { OpenTransaction, OpenVoucher, RuleChanges } from './open-item.repository';
import * as openItems from './open-item.repository';
import * as rules from './rule.repository';
import { changesAnything, planRule, VoucherPool } from './rule-effect.service';
import * as suggestions from './suggestion.repository';

const HISTORY_ENTITY = 'bank-transaction';
/** Transactions are matched this many at a time, so memory stays bounded however large an import is. */
const PAGE_SIZE = 5_000;

export type AutoMatchOptions = {
  companyBankId?: number | undefined;
  importId?: number | undefined;
  /** Suggestions only: nothing is connected or changed (refreshMatchingVoucherTransaction). */
  suggestOnly?: boolean;
  /** Train the company's model on its history first (autoUpdateTransactionByAiLocal). */
  retrain?: boolean;
};

export function toMatchTransaction(transaction: OpenTransaction) {
  return {
    id: transaction.id,
    date: transaction.date,
    amountOre: transaction.amountOre,
    text: `${transaction.text} ${transaction.text2}`,
    kid: transaction.kid,
    endToEndId: transaction.endToEndId,
    counterpartyName: transaction.counterpartyName,
  };
}

export function toMatchVoucher(voucher: OpenVoucher): MatchVoucher {
  return {
    id: voucher.id,
    date: voucher.date,
    dueDate: voucher.dueDate,
    amountOre: voucher.amountOre,
    supplierName: voucher.supplierName,
    kid: voucher.kid,
  };
}

export function toConnectAudit(
  companyId: number,
  userId: number | null,
  connection: TransactionVoucherRow,
): AuditEntry {
  return {
    companyId,
    userId,
    entity: HISTORY_ENTITY,
    entityId: connection.bankTransactionId,
    action: 'connect',
    after: {
      connectionId: connection.id,
      voucherId: connection.voucherId,
      source: connection.source,
      score: connection.score,
      ruleId: connection.ruleId,
    },
  };
}

/** The company's learned model: the stored one, or one trained on its history now. */
async function loadModel(
  tx: Db,
  companyId: number,
  retrain: boolean,
): Promise<{ model: LearnedModel | undefined; pairs: number }> {
  if (!retrain) {
    const stored = await models.findModel(tx, companyId);
    return stored ? { model: stored.model, pairs: stored.pairs } : { model: undefined, pairs: 0 };
  }
  const model = trainModel(await models.listTrainingPairs(tx, companyId));
  await models.saveModel(tx, companyId, {
    model,
    pairs: model.pairs,
    confirmed: model.confirmed,
    rejected: model.rejected,
  });
  return { model, pairs: model.pairs };
}

type RuleHit = { companyId: number; id: number; hits: number; name: string };

/** What one run carries from page to page. */
type Run = {
  tx: Db;
  companyId: number;
  userId: number | null;
  options: AutoMatchOptions;
  rules: MatchRuleRow[];
  pool: VoucherPool;
  vouchers: OpenVoucher[];
  /** Rebuilt only when vouchers were taken since it was built. */
  index: { built: VoucherIndex; takenWhenBuilt: number } | undefined;
  /** Pairs people rejected (never suggested) or undid (never connected automatically). */
  decided: { rejected: Set<string>; undone: Set<string> };
  learned: LearnedModel | undefined;
  hits: Map<string, RuleHit>;
  summary: AutoMatchSummary;
};

/** The first rule that holds acts: its connections, and the changes it makes to the transaction. */
async function applyRules(run: Run, page: OpenTransaction[], audits: AuditEntry[]) {
  const planned: connections.NewConnection[] = [];
  const settled = new Set<number>();
  for (const transaction of page) {
    const rule = firstHoldingRule(run.rules, transaction);
    if (!rule) continue;
    const changes = planRule(rule.actions, transaction, run.pool);
    if (!changesAnything(changes)) continue;
    const key = `${rule.companyId}:${rule.id}`;
    const hit = run.hits.get(key) ?? { companyId: rule.companyId, id: rule.id, hits: 0, name: rule.name };
    hit.hits += 1;
    run.hits.set(key, hit);
    const update: RuleChanges = {};
    let connects = false;
    for (const change of changes) {
      if (change.isSkipped) continue;
      if (change.kind === 'connect' && change.voucherId !== null) {
        connects = true;
        planned.push({
          bankTransactionId: transaction.id,
          voucherId: change.voucherId,
          source: 'rule',
          score: null,
          reasons: [{ code: 'RULE', ruleId: rule.id, name: rule.name }],
          ruleId: rule.id,
        });
      }
      if (change.kind === 'setStatus' && change.status !== null) update.status = change.status;
      if (change.kind === 'markPrivate')
        Object.assign(update, { status: BankTransactionStatus.PRIVATE, isPrivate: true });
      if (change.kind === 'setNote' && change.text !== null) update.note = change.text;
      if (change.kind === 'addLabel' && change.text !== null) {
        update.labels = [...(update.labels ?? transaction.labels), change.text];
      }
    }
    // A connection explains the transaction; a status set beside it would contradict that.
    if (connects) delete update.status;
    if (Object.keys(update).length > 0) {
      await openItems.applyRuleChanges(run.tx, run.companyId, transaction.id, update);
      audits.push({
        companyId: run.companyId,
        userId: run.userId,
        entity: HISTORY_ENTITY,
        entityId: transaction.id,
        action: 'rule',
        after: { ruleId: rule.id, rule: rule.name, ...update },
      });
    }
    if (
      connects ||
      (update.status !== undefined && update.status !== BankTransactionStatus.MISSING_VOUCHER)
    ) {
      settled.add(transaction.id);
    }
  }
  return { connections: planned, settled };
}

function voucherIndexOf(run: Run): VoucherIndex {
  const taken = run.pool.takenCount();
  if (!run.index || run.index.takenWhenBuilt !== taken) {
    const available = run.vouchers.filter((voucher) => !run.pool.isTaken(voucher.id)).map(toMatchVoucher);
    run.index = { built: new VoucherIndex(available), takenWhenBuilt: taken };
  }
  return run.index.built;
}

async function matchPage(run: Run, page: OpenTransaction[]) {
  const { tx, companyId, userId, options, summary } = run;
  const audits: AuditEntry[] = [];
  const ruled = options.suggestOnly
    ? { connections: [], settled: new Set<number>() }
    : await applyRules(run, page, audits);
  const planned = [...ruled.connections];
  const remaining = page.filter((transaction) => !ruled.settled.has(transaction.id));
  const decisions = matchTransactions(remaining.map(toMatchTransaction), voucherIndexOf(run), {
    rejected: run.decided.rejected,
    learned: run.learned,
  });
  const fresh: suggestions.NewSuggestion[] = [];
  for (const decision of decisions) {
    if (decision.ambiguous) summary.ambiguous += 1;
    const best = decision.candidates[0];
    const mayConnect =
      best !== undefined && !run.decided.undone.has(`${decision.transactionId}:${best.voucherId}`);
    if (decision.outcome === 'connect' && best && mayConnect && !options.suggestOnly) {
      summary.connected += 1;
      run.pool.take(best.voucherId);
      planned.push({
        bankTransactionId: decision.transactionId,
        voucherId: best.voucherId,
        source: 'auto',
        score: best.score,
        reasons: best.reasons,
        ruleId: null,
      });
      continue;
    }
    if (decision.candidates.length > 0) summary.suggested += 1;
    decision.candidates.forEach((candidate, index) => {
      fresh.push({
        bankTransactionId: decision.transactionId,
        voucherId: candidate.voucherId,
        score: candidate.score,
        reasons: candidate.reasons,
        rank: index + 1,
      });
    });
  }
  const inserted = await connections.insertConnections(tx, companyId, userId, planned);
  const connectedTransactions = inserted.map((connection) => connection.bankTransactionId);
  const connectedVouchers = inserted.map((connection) => connection.voucherId);
  await connections.markConnected(tx, companyId, connectedTransactions, connectedVouchers);
  await suggestions.replaceOpenSuggestions(
    tx,
    companyId,
    remaining.map((transaction) => transaction.id),
    fresh,
  );
  await suggestions.closeSuggestionsOf(tx, companyId, connectedTransactions, connectedVouchers);
  await writeAudits(tx, [
    ...audits,
    ...inserted.map((connection) => toConnectAudit(companyId, userId, connection)),
  ]);
}

/**
 * Automatic matching of a company's transactions that miss a voucher: rules first (the company's before
 * the bureau's), then the engine, which connects on payment reference, KID and scored candidates. A
 * candidate above the high confidence, clearly ahead of the next, is connected; a plausible one becomes a
 * suggestion; nothing is connected when two are equally good. One run per company at a time, atomic.
 */
export async function autoMatch(
  db: Db,
  companyId: number,
  userId: number | null,
  options: AutoMatchOptions = {},
): Promise<AutoMatchSummary> {
  const started = Date.now();
  return db.transaction(async (tx) => {
    await openItems.lockCompanyMatching(tx, companyId);
    const [vouchers, decided, companyRules, learned] = await Promise.all([
      openItems.listOpenVouchers(tx, companyId),
      suggestions.listDecidedAgainst(tx, companyId),
      rules.listActiveRules(tx, companyId),
      loadModel(tx, companyId, options.retrain ?? false),
    ]);
    const summary: AutoMatchSummary = {
      examined: 0,
      byRule: 0,
      connected: 0,
      suggested: 0,
      ambiguous: 0,
      learnedFrom: learned.pairs,
      ruleHits: [],
      milliseconds: 0,
    };
    const scope = { companyBankId: options.companyBankId, importId: options.importId };
    if (vouchers.length === 0 && (companyRules.length === 0 || options.suggestOnly)) {
      // Nothing to connect or suggest: only stale suggestions are cleared.
      summary.examined = await suggestions.dropOpenSuggestions(tx, companyId, scope);
      return { ...summary, milliseconds: Date.now() - started };
    }
    const run: Run = {
      tx,
      companyId,
      userId,
      options,
      rules: byPrecedence(companyRules),
      pool: new VoucherPool(vouchers),
      vouchers,
      index: undefined,
      decided,
      learned: learned.model,
      hits: new Map(),
      summary,
    };
    for await (const page of openItems.listOpenTransactionPages(tx, companyId, scope, PAGE_SIZE)) {
      summary.examined += page.length;
      await matchPage(run, page);
    }
    await rules.countHits(tx, run.hits);
    const hits = [...run.hits.values()];
    return {
      ...summary,
      byRule: hits.reduce((sum, hit) => sum + hit.hits, 0),
      ruleHits: hits.map((hit) => ({ RuleId: hit.id, Name: hit.name, Hits: hit.hits })),
      milliseconds: Date.now() - started,
    };
  });
}
