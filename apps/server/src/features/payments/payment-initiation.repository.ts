import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { type PaymentInitiationRow, paymentBaskets, paymentInitiations } from './payment-basket.table';

export type NewInitiation = typeof paymentInitiations.$inferInsert;
export type InitiationChange = Partial<
  Pick<PaymentInitiationRow, 'state' | 'bankPaymentId' | 'bankStatus' | 'scaRedirectUrl'>
>;

export async function findInitiationOfBasket(
  db: Db,
  companyId: number,
  basketUuid: string,
): Promise<PaymentInitiationRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentInitiations)
    .where(and(eq(paymentInitiations.companyId, companyId), eq(paymentInitiations.basketUuid, basketUuid)));
  return row;
}

export async function findInitiation(
  db: Db,
  companyId: number,
  flowId: string,
): Promise<PaymentInitiationRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentInitiations)
    .where(and(eq(paymentInitiations.companyId, companyId), eq(paymentInitiations.flowId, flowId)));
  return row;
}

/**
 * The bank sends the person back with the flow id alone: it is the capability, so the flow is found
 * in any company, and everything after runs in the company the row names.
 */
export async function findInitiationByFlowId(
  db: Db,
  flowId: string,
): Promise<PaymentInitiationRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentInitiations)
    .where(eq(paymentInitiations.flowId, flowId))
    .limit(1);
  return row;
}

export async function insertInitiation(tx: Db, row: NewInitiation): Promise<PaymentInitiationRow> {
  const [inserted] = await tx.insert(paymentInitiations).values(row).returning();
  if (!inserted) throw new Error('The initiation insert returned no row');
  return inserted;
}

export async function updateInitiation(
  tx: Db,
  companyId: number,
  flowId: string,
  change: InitiationChange,
): Promise<PaymentInitiationRow> {
  const [updated] = await tx
    .update(paymentInitiations)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(paymentInitiations.companyId, companyId), eq(paymentInitiations.flowId, flowId)))
    .returning();
  if (!updated) throw new Error(`Initiation ${flowId} vanished while its basket was locked`);
  return updated;
}

/** Changes the initiation only while it is in `from`; answers the changed row, or undefined when it was not. */
export async function updateInitiationIn(
  tx: Db,
  companyId: number,
  flowId: string,
  from: PaymentInitiationRow['state'],
  change: InitiationChange,
): Promise<PaymentInitiationRow | undefined> {
  const [updated] = await tx
    .update(paymentInitiations)
    .set({ ...change, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentInitiations.companyId, companyId),
        eq(paymentInitiations.flowId, flowId),
        eq(paymentInitiations.state, from),
      ),
    )
    .returning();
  return updated;
}

export type FlowToCheck = { companyId: number; flowId: string };

/**
 * The sweep's look across every company (it works for all of them, so it cannot filter by one): flows
 * a process may have left behind without their follow-up job.
 */
export function listInitiationsIn(
  db: Db,
  state: PaymentInitiationRow['state'],
  updatedBefore: Date,
  limit: number,
): Promise<FlowToCheck[]> {
  return db
    .select({ companyId: paymentInitiations.companyId, flowId: paymentInitiations.flowId })
    .from(paymentInitiations)
    .where(and(eq(paymentInitiations.state, state), lt(paymentInitiations.updatedAt, updatedBefore)))
    .limit(limit);
}

/** Flows waiting at the bank's SCA page whose basket's time has run out. */
export function listAwaitingScaPastExpiry(db: Db, now: Date, limit: number): Promise<FlowToCheck[]> {
  return db
    .select({ companyId: paymentInitiations.companyId, flowId: paymentInitiations.flowId })
    .from(paymentInitiations)
    .innerJoin(
      paymentBaskets,
      and(
        eq(paymentBaskets.companyId, paymentInitiations.companyId),
        eq(paymentBaskets.uuid, paymentInitiations.basketUuid),
      ),
    )
    .where(and(eq(paymentInitiations.state, 'awaiting-sca'), lt(paymentBaskets.expiresAt, now)))
    .limit(limit);
}

/** Accepted flows whose status poll is neither waiting nor failed for an admin to see. */
export function listAcceptedWithoutPoll(
  db: Db,
  pollKeyPrefix: string,
  limit: number,
): Promise<FlowToCheck[]> {
  const pollKey = sql`${pollKeyPrefix} || ${paymentInitiations.flowId}`;
  return db
    .select({ companyId: paymentInitiations.companyId, flowId: paymentInitiations.flowId })
    .from(paymentInitiations)
    .where(
      and(
        eq(paymentInitiations.state, 'accepted'),
        notExists(
          db
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(eq(jobs.singletonKey, pollKey), inArray(jobs.state, ['queued', 'running', 'failed']))),
        ),
      ),
    )
    .limit(limit);
}
