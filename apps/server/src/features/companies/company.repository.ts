import { and, eq, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatements } from '../../db/prepared-statements';
import { companies, companyUsers } from './company.table';

/** Owned companies count only while they have no subscription (or status 0) and are not special. */
const ownedAndListable = (userId: number | Placeholder) =>
  and(
    eq(companies.ownerUserId, userId),
    or(isNull(companies.subscriptionId), eq(companies.status, 0)),
    eq(companies.isSpecial, false),
  );

const isMember = (userId: number | Placeholder) =>
  sql<boolean>`exists (select 1 from ${companyUsers} where ${companyUsers.companyId} = ${companies.id} and ${companyUsers.userId} = ${userId})`;

export function listCompaniesOfUser(db: Db, userId: number) {
  return db
    .select({
      company: companies,
      isOwner: sql<boolean>`coalesce(${ownedAndListable(userId)}, false)`,
    })
    .from(companies)
    .where(or(isMember(userId), ownedAndListable(userId)))
    .orderBy(companies.name);
}

/**
 * Whether the user may work in the company of the `companies` row at hand: a member, or its owner.
 * Exported for reads that check access in their own statement.
 */
export const isCompanyAccessible = (userId: number | Placeholder) =>
  or(isMember(userId), eq(companies.ownerUserId, userId));

/**
 * Whether the user may work in the company, as a condition inside a statement of its own: the
 * `companyId` and `userId` placeholders name them.
 */
export const companyAccessibleCondition = sql<boolean>`exists (select 1 from ${companies}
  where ${companies.id} = ${sql.placeholder('companyId')} and ${isCompanyAccessible(sql.placeholder('userId'))})`;

const prepareAccessibleCompany = (db: Db, statementName: string) => {
  const userId = sql.placeholder('userId');
  return db
    .select({ company: companies, isOwner: sql<boolean>`coalesce(${ownedAndListable(userId)}, false)` })
    .from(companies)
    .where(and(eq(companies.id, sql.placeholder('companyId')), isCompanyAccessible(userId)))
    .prepare(statementName);
};

/** Prepared, because every call about a company runs it first. */
const accessibleCompanyChecks =
  preparedStatements<ReturnType<typeof prepareAccessibleCompany>>('company_accessible');

export async function findAccessibleCompany(db: Db, userId: number, companyId: number) {
  const statement = accessibleCompanyChecks(db, '', (name) => prepareAccessibleCompany(db, name));
  const [row] = await statement.execute({ userId, companyId });
  return row;
}

export async function createCompany(
  db: Db,
  company: {
    name: string;
    alias: string;
    organisationNumber: string;
    subscriptionId?: number | null;
    status?: number;
    isSpecial?: boolean;
    ownerUserId?: number | null;
    responsibleAccountantUserId?: number | null;
  },
) {
  const [row] = await db.insert(companies).values(company).returning();
  if (!row) throw new Error('The company was not created');
  return row;
}

export async function addCompanyUser(db: Db, companyId: number, userId: number) {
  await db.insert(companyUsers).values({ companyId, userId }).onConflictDoNothing();
}

export async function companyExists(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return row !== undefined;
}
