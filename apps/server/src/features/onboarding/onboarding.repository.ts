import type { OnboardingStatus } from '@bilag/contracts';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type CompanyOnboardingRow, companies, companyOnboardings, users } from '../../db/schema';

/** The first key of the advisory lock that lets one start of a company's onboarding record at a time. */
const ONBOARDING_START_LOCK_CLASS = 7_310;

/** The company's onboarding as it stands: its latest row. */
export async function latestOnboarding(db: Db, companyId: number): Promise<CompanyOnboardingRow | undefined> {
  const [row] = await db
    .select()
    .from(companyOnboardings)
    .where(eq(companyOnboardings.companyId, companyId))
    .orderBy(desc(companyOnboardings.id))
    .limit(1);
  return row;
}

export async function findOnboarding(
  db: Db,
  companyId: number,
  id: number,
): Promise<CompanyOnboardingRow | undefined> {
  const [row] = await db
    .select()
    .from(companyOnboardings)
    .where(and(eq(companyOnboardings.companyId, companyId), eq(companyOnboardings.id, id)));
  return row;
}

/** The name of the person who started an onboarding, as the settings page shows it. */
export async function userName(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.fullName;
}

/** The alias the company's links in the product are made with. */
export async function companyAlias(db: Db, companyId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ alias: companies.alias })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.alias;
}

/** Inside a transaction: waits until no other start of this company's onboarding is being recorded. */
export async function lockOnboardingStart(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ONBOARDING_START_LOCK_CLASS}, ${companyId})`);
}

export async function insertOnboarding(
  db: Db,
  values: {
    companyId: number;
    providerOnboardingId: string;
    status: OnboardingStatus;
    signUrl: string | null;
    startedBy: number;
  },
): Promise<CompanyOnboardingRow> {
  const [row] = await db.insert(companyOnboardings).values(values).returning();
  if (!row) throw new Error('the onboarding was not stored');
  return row;
}

/**
 * Moves the onboarding to a new status, only if it still has the status it was read with: of two
 * processes that saw the same change, one records it. Answers the row when this call changed it.
 */
export async function changeOnboardingStatus(
  db: Db,
  row: Pick<CompanyOnboardingRow, 'companyId' | 'id' | 'status'>,
  change: { status: OnboardingStatus; signUrl: string | null },
): Promise<CompanyOnboardingRow | undefined> {
  const [changed] = await db
    .update(companyOnboardings)
    .set({ ...change, updatedAt: new Date() })
    .where(
      and(
        eq(companyOnboardings.companyId, row.companyId),
        eq(companyOnboardings.id, row.id),
        eq(companyOnboardings.status, row.status),
      ),
    )
    .returning();
  return changed;
}

/** The onboardings in the given statuses after `afterId`, by id, one page at a time for the poll job. */
export async function onboardingsToPoll(
  db: Db,
  statuses: readonly OnboardingStatus[],
  afterId: number,
  limit: number,
): Promise<CompanyOnboardingRow[]> {
  return db
    .select()
    .from(companyOnboardings)
    .where(and(inArray(companyOnboardings.status, [...statuses]), gt(companyOnboardings.id, afterId)))
    .orderBy(asc(companyOnboardings.id))
    .limit(limit);
}
