import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/sql-helpers';
import { type MatchRuleRow, matchRules } from './matching.table';

/** Global rules belong to no company; they are stored under company 0. */
export const GLOBAL_RULES_COMPANY_ID = 0;

export type NewRule = Omit<MatchRuleRow, 'id' | 'hitCount' | 'lastHitAt' | 'createdAt' | 'updatedAt'>;

export function listRules(db: Db, companyId: number, keyword?: string) {
  const pattern = keyword ? `%${escapeLike(keyword)}%` : undefined;
  return db
    .select()
    .from(matchRules)
    .where(and(eq(matchRules.companyId, companyId), pattern ? ilike(matchRules.name, pattern) : undefined))
    .orderBy(asc(matchRules.priority), asc(matchRules.id));
}

/** The active rules that act on a company's transactions: its own and the global ones. */
export function listActiveRules(db: Db, companyId: number) {
  return db
    .select()
    .from(matchRules)
    .where(
      and(
        or(eq(matchRules.companyId, companyId), eq(matchRules.companyId, GLOBAL_RULES_COMPANY_ID)),
        eq(matchRules.isActive, true),
      ),
    );
}

export function findRule(db: Db, companyId: number, id: number) {
  return db
    .select()
    .from(matchRules)
    .where(and(eq(matchRules.companyId, companyId), eq(matchRules.id, id)))
    .then((rows) => rows[0]);
}

export function findRules(db: Db, companyId: number, ids: number[]) {
  return db
    .select()
    .from(matchRules)
    .where(and(eq(matchRules.companyId, companyId), inArray(matchRules.id, ids)));
}

export async function insertRules(db: Db, rules: NewRule[]): Promise<MatchRuleRow[]> {
  if (rules.length === 0) return [];
  return db.insert(matchRules).values(rules).returning();
}

export function updateRule(db: Db, companyId: number, id: number, changes: Partial<NewRule>) {
  return db
    .update(matchRules)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(matchRules.companyId, companyId), eq(matchRules.id, id)))
    .returning()
    .then((rows) => rows[0]);
}

export async function deleteRule(db: Db, companyId: number, id: number) {
  await db.delete(matchRules).where(and(eq(matchRules.companyId, companyId), eq(matchRules.id, id)));
}

export async function countHits(
  db: Db,
  hits: ReadonlyMap<string, { companyId: number; id: number; hits: number }>,
) {
  for (const hit of hits.values()) {
    await db
      .update(matchRules)
      .set({ hitCount: sql`${matchRules.hitCount} + ${hit.hits}`, lastHitAt: new Date() })
      .where(and(eq(matchRules.companyId, hit.companyId), eq(matchRules.id, hit.id)));
  }
}
