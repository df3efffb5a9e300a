import type { MatchRule, RuleDraft, RulePreview, RuleScope } from '@bilag/contracts';
import { byPrecedence, firstHoldingRule } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { requireCompanyAccess } from '../companies';
import { toTransaction } from '../transactions';
import type { MatchRuleRow } from './matching.table';
import { listOpenTransactionPages, listOpenVouchers } from './open-item.repository';
import * as repository from './rule.repository';
import { changesAnything, type PlannedChange, planRule, VoucherPool } from './rule-effect.service';
import { listTransactionsByIds } from './transaction-listing.repository';

const RULE_ENTITY = 'match-rule';
const PREVIEW_ROWS = 50;
const PREVIEW_PAGE_SIZE = 5_000;

function toRule(row: MatchRuleRow): MatchRule {
  return {
    Id: row.id,
    CompanyId: row.companyId,
    Scope: row.scope,
    Name: row.name,
    Priority: row.priority,
    IsActive: row.isActive,
    Conditions: row.conditions,
    Actions: row.actions,
    HitCount: row.hitCount,
    LastHitAt: row.lastHitAt?.toISOString() ?? null,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Where a scope's rules are kept, after checking the caller works in the company. Who may write rules
 * is the role matrix's (rules.edit, rules.global.edit), checked before the call runs.
 */
async function requireRuleOwner(
  db: Db,
  principal: Principal,
  scope: RuleScope,
  companyId: number | undefined,
): Promise<number> {
  if (scope === 'local') return (await requireCompanyAccess(db, principal.userId, companyId)).Id;
  return repository.GLOBAL_RULES_COMPANY_ID;
}

/** The audit trail of a global rule is kept under company 0, beside the rule. */
async function auditRule(
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
  const ownerId = await requireRuleOwner(db, principal, scope, query.companyId);
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
  const ownerId = await requireRuleOwner(db, principal, scope, request.companyId);
  const row = await db.transaction(async (tx) => {
    const [created] = await repository.insertRules(tx, [
      toNewRule(ownerId, scope, request, principal.userId),
    ]);
    if (!created) throw Errors.notFound('ruleNotFound');
    await auditRule(tx, principal, ownerId, 'create', undefined, created);
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
  const ownerId = await requireRuleOwner(db, principal, scope, request.companyId);
  const row = await db.transaction(async (tx) => {
    const before = await repository.findRule(tx, ownerId, id);
    if (!before) throw Errors.notFound('ruleNotFound');
    const { createdBy: _createdBy, ...changes } = toNewRule(ownerId, scope, request, principal.userId);
    const after = await repository.updateRule(tx, ownerId, id, changes);
    await auditRule(tx, principal, ownerId, 'update', before, after);
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
  const ownerId = await requireRuleOwner(db, principal, scope, companyId);
  await db.transaction(async (tx) => {
    const before = await repository.findRule(tx, ownerId, id);
    if (!before) throw Errors.notFound('ruleNotFound');
    await repository.deleteRule(tx, ownerId, id);
    await auditRule(tx, principal, ownerId, 'delete', before, undefined);
  });
  // The reply of a delete carries no data.
  return null;
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
  await requireRuleOwner(db, principal, scope, request.companyId);
  const { Id: companyId } = await requireCompanyAccess(db, principal.userId, request.companyId);
  const [openVouchers, existing] = await Promise.all([
    listOpenVouchers(db, companyId),
    repository.listActiveRules(db, companyId),
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
  const others = existing.filter((rule) => !(rule.id === request.ruleId && rule.scope === scope));
  const ordered = byPrecedence([...others, draft]);
  const pool = new VoucherPool(openVouchers);
  const effects: {
    transactionId: number;
    changes: PlannedChange[];
    shadowedBy: { Id: number; Name: string } | null;
  }[] = [];
  let examined = 0;
  for await (const page of listOpenTransactionPages(db, companyId, {}, PREVIEW_PAGE_SIZE)) {
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
      await listTransactionsByIds(
        db,
        companyId,
        shown.map((effect) => effect.transactionId),
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
    throw Errors.invalid('copyToSameCompany');
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
