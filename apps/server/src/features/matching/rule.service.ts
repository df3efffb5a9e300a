import {
  canEditGlobalRules,
  ErrorCode,
  type MatchRule,
  type RuleDraft,
  type RulePreview,
  type RuleScope,
} from '@bilag/contracts';
import { byPrecedence, firstHoldingRule } from '@bilag/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransactions } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { AppError, Errors } from '../../platform/errors';
import { toTransaction } from '../banks';
import { requireCompanyAccess } from '../companies';
import * as matching from './matching.repository';
import { toRule } from './matching.service';
import type { MatchRuleRow } from './matching.table';
import * as repository from './rule.repository';
import { changesAnything, type PlannedChange, planRule, VoucherPool } from './rule-effects';

const RULE_ENTITY = 'match-rule';
const PREVIEW_ROWS = 50;
const PREVIEW_PAGE_SIZE = 5_000;

/** Where a scope's rules are kept, after checking the caller may touch them. */
async function ruleOwner(
  db: Db,
  principal: Principal,
  scope: RuleScope,
  companyId: number | undefined,
  access: 'read' | 'write',
): Promise<number> {
  if (scope === 'local') return (await requireCompanyAccess(db, principal.userId, companyId)).Id;
  if (access === 'write' && !canEditGlobalRules(principal.roleId)) {
    throw new AppError(403, ErrorCode.FORBIDDEN, 'globalRulesReadOnly');
  }
  return repository.GLOBAL_RULES_COMPANY_ID;
}

/** The audit trail of a global rule is kept under company 0, beside the rule. */
async function audited(
  tx: Db,
  principal: Principal,
  ownerId: number,
  action: string,
  before: MatchRuleRow | undefined,
  after: MatchRuleRow | undefined,
) {
  await writeAudit(tx, {
    companyId: ownerId,
    userId: principal.userId,
    entity: RULE_ENTITY,
    entityId: (after ?? before)?.id ?? 0,
    action,
    before,
    after,
  });
}

export async function listRules(
  db: Db,
  principal: Principal,
  scope: RuleScope,
  query: { companyId?: number | undefined; keyword?: string | undefined },
) {
  const ownerId = await ruleOwner(db, principal, scope, query.companyId, 'read');
  const rows = await repository.listRules(db, ownerId, query.keyword);
  return { total: rows.length, rows: rows.map(toRule) };
}

function toNewRule(ownerId: number, scope: RuleScope, draft: RuleDraft, userId: number) {
  return {
    companyId: ownerId,
    scope,
    name: draft.name,
    priority: draft.priority,
    isActive: draft.isActive,
    conditions: draft.conditions,
    actions: draft.actions,
    createdBy: userId,
  };
}

export async function addRule(
  db: Db,
  principal: Principal,
  scope: RuleScope,
  request: RuleDraft & { companyId?: number | undefined },
): Promise<MatchRule> {
  const ownerId = await ruleOwner(db, principal, scope, request.companyId, 'write');
  const row = await db.transaction(async (tx) => {
    const [created] = await repository.insertRules(tx, [
      toNewRule(ownerId, scope, request, principal.userId),
    ]);
    if (!created) throw Errors.notFound('ruleNotFound');
    await audited(tx, principal, ownerId, 'create', undefined, created);
    return created;
  });
  return toRule(row);
}

export async function updateRule(
  db: Db,
  principal: Principal,
  scope: RuleScope,
  id: number,
  request: RuleDraft & { companyId?: number | undefined },
): Promise<MatchRule> {
  const ownerId = await ruleOwner(db, principal, scope, request.companyId, 'write');
  const row = await db.transaction(async (tx) => {
    const before = await repository.findRule(tx, ownerId, id);
    if (!before) throw Errors.notFound('ruleNotFound');
    const { createdBy: _createdBy, ...changes } = toNewRule(ownerId, scope, request, principal.userId);
    const after = await repository.updateRule(tx, ownerId, id, changes);
    await audited(tx, principal, ownerId, 'update', before, after);
    return after ?? before;
  });
  return toRule(row);
}

export async function deleteRule(
  db: Db,
  principal: Principal,
  scope: RuleScope,
  id: number,
  companyId: number | undefined,
) {
  const ownerId = await ruleOwner(db, principal, scope, companyId, 'write');
  await db.transaction(async (tx) => {
    const before = await repository.findRule(tx, ownerId, id);
    if (!before) throw Errors.notFound('ruleNotFound');
    await repository.deleteRule(tx, ownerId, id);
    await audited(tx, principal, ownerId, 'delete', before, undefined);
  });
}

/**
 * What a draft rule would do to a company's transactions that miss a voucher, in the place its priority
 * gives it among the rules already there: where an earlier rule holds, that one acts instead.
 */
export async function previewRule(
  db: Db,
  principal: Principal,
  scope: RuleScope,
  request: { companyId: number; rule: RuleDraft; ruleId?: number | undefined },
): Promise<RulePreview> {
  await ruleOwner(db, principal, scope, request.companyId, 'read');
  const { Id: companyId } = await requireCompanyAccess(db, principal.userId, request.companyId);
  const [openVouchers, existing] = await Promise.all([
    matching.listOpenVouchers(db, companyId),
    repository.activeRulesFor(db, companyId),
  ]);
  const draft = {
    id: request.ruleId ?? 0,
    companyId: scope === 'local' ? companyId : repository.GLOBAL_RULES_COMPANY_ID,
    scope,
    name: request.rule.name,
    priority: request.rule.priority,
    isActive: true,
    conditions: request.rule.conditions,
    actions: request.rule.actions,
  };
  const others = existing
    .filter((rule) => !(rule.id === request.ruleId && rule.scope === scope))
    .map((rule) => ({
      ...rule,
      scope: rule.scope as RuleScope,
      conditions: rule.conditions as MatchRule['Conditions'],
      actions: rule.actions as MatchRule['Actions'],
    }));
  const ordered = byPrecedence([...others, draft]);
  const pool = new VoucherPool(openVouchers);
  const effects: {
    transactionId: number;
    changes: PlannedChange[];
    shadowedBy: { Id: number; Name: string } | null;
  }[] = [];
  let examined = 0;
  for await (const page of matching.openTransactionPages(db, companyId, {}, PREVIEW_PAGE_SIZE)) {
    examined += page.length;
    for (const transaction of page) {
      const acting = firstHoldingRule(ordered, transaction);
      if (!acting) continue;
      if (acting === draft) {
        const changes = planRule(draft.actions, transaction, pool);
        if (changesAnything(changes))
          effects.push({ transactionId: transaction.id, changes, shadowedBy: null });
        continue;
      }
      // An earlier rule acts here; what the draft would have done is shown beside it, taking no voucher.
      if (firstHoldingRule([draft], transaction)) {
        effects.push({
          transactionId: transaction.id,
          changes: planRule(draft.actions, transaction, new VoucherPool([])),
          shadowedBy: { Id: acting.id, Name: acting.name },
        });
      }
      planRule(acting.actions, transaction, pool);
    }
  }
  const shown = effects.slice(0, PREVIEW_ROWS);
  const listings = new Map(
    (
      await matching.listTransactionListings(
        db,
        and(
          eq(bankTransactions.companyId, companyId),
          inArray(
            bankTransactions.id,
            shown.map((effect) => effect.transactionId),
          ),
        ),
        [asc(bankTransactions.id)],
        PREVIEW_ROWS,
      )
    ).map((listing) => [listing.transaction.id, listing]),
  );
  return {
    examined,
    total: effects.filter((effect) => effect.shadowedBy === null).length,
    rows: shown.flatMap((effect) => {
      const listing = listings.get(effect.transactionId);
      return listing
        ? [{ Transaction: toTransaction(listing), Changes: effect.changes, ShadowedBy: effect.shadowedBy }]
        : [];
    }),
  };
}

/** localRules/copy: the rules are added to each company; a rule of the same name already there is skipped. */
export async function copyRules(
  db: Db,
  principal: Principal,
  request: { fromCompanyId: number; toCompanyIds: number[]; ruleIds?: number[] | undefined },
) {
  const targets = [...new Set(request.toCompanyIds)];
  if (targets.includes(request.fromCompanyId)) {
    throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'copyToSameCompany');
  }
  const { Id: fromCompanyId } = await requireCompanyAccess(db, principal.userId, request.fromCompanyId);
  for (const target of targets) await requireCompanyAccess(db, principal.userId, target);
  const source = request.ruleIds
    ? await repository.findRules(db, fromCompanyId, request.ruleIds)
    : await repository.listRules(db, fromCompanyId);
  if (request.ruleIds && source.length !== new Set(request.ruleIds).size)
    throw Errors.notFound('ruleNotFound');
  let copied = 0;
  let skipped = 0;
  await db.transaction(async (tx) => {
    for (const target of targets) {
      const present = new Set((await repository.listRules(tx, target)).map((rule) => rule.name));
      const fresh = source.filter((rule) => !present.has(rule.name));
      skipped += source.length - fresh.length;
      const created = await repository.insertRules(
        tx,
        fresh.map((rule) => ({
          companyId: target,
          scope: 'local',
          name: rule.name,
          priority: rule.priority,
          isActive: rule.isActive,
          conditions: rule.conditions,
          actions: rule.actions,
          createdBy: principal.userId,
        })),
      );
      copied += created.length;
      for (const rule of created) {
        await writeAudit(tx, {
          companyId: target,
          userId: principal.userId,
          entity: RULE_ENTITY,
          entityId: rule.id,
          action: 'copy',
          after: { ...rule, copiedFromCompanyId: fromCompanyId },
        });
      }
    }
  });
  return { copied, companies: targets.length, skipped };
}
