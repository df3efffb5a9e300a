import { PaymentStatus } from '@bilag/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, payments, users } from '../../db/schema';
import {
  type PackagePurchaseRow,
  type PaymentPackageRow,
  type PurchaseState,
  packagePurchases,
  packageReceiptNumbers,
  paymentPackages,
} from './payment-package.table';

export function listPackagesOnSale(db: Db, kind: PaymentPackageRow['kind'] | undefined) {
  return db
    .select()
    .from(paymentPackages)
    .where(
      and(
        eq(paymentPackages.isOnSale, true),
        kind === undefined ? undefined : eq(paymentPackages.kind, kind),
      ),
    )
    .orderBy(asc(paymentPackages.sortIndex), asc(paymentPackages.id));
}

export async function findPackageOnSale(db: Db, packageId: number) {
  const [row] = await db
    .select()
    .from(paymentPackages)
    .where(and(eq(paymentPackages.id, packageId), eq(paymentPackages.isOnSale, true)));
  return row;
}

export type PurchaseWithBuyer = PackagePurchaseRow & { buyerName: string | null };

const purchaseWithBuyer = { ...getTableColumns(packagePurchases), buyerName: users.fullName };

export function listPurchases(db: Db, companyId: number): Promise<PurchaseWithBuyer[]> {
  return db
    .select(purchaseWithBuyer)
    .from(packagePurchases)
    .leftJoin(users, eq(users.id, packagePurchases.buyerUserId))
    .where(eq(packagePurchases.companyId, companyId))
    .orderBy(desc(packagePurchases.createdAt), desc(packagePurchases.id));
}

export async function findPurchase(
  db: Db,
  companyId: number,
  purchaseId: number,
): Promise<PurchaseWithBuyer | undefined> {
  const [row] = await db
    .select(purchaseWithBuyer)
    .from(packagePurchases)
    .leftJoin(users, eq(users.id, packagePurchases.buyerUserId))
    .where(and(eq(packagePurchases.companyId, companyId), eq(packagePurchases.id, purchaseId)));
  return row;
}

/** The purchase, locked until the transaction ends: the return page and the webhooks take turns. */
export async function lockPurchase(tx: Db, companyId: number, purchaseId: number) {
  const [row] = await tx
    .select()
    .from(packagePurchases)
    .where(and(eq(packagePurchases.companyId, companyId), eq(packagePurchases.id, purchaseId)))
    .for('update');
  return row;
}

export async function findPurchaseByRequestKey(db: Db, companyId: number, requestKey: string) {
  const [row] = await db
    .select()
    .from(packagePurchases)
    .where(and(eq(packagePurchases.companyId, companyId), eq(packagePurchases.requestKey, requestKey)));
  return row;
}

export type NewPurchase = Pick<
  PackagePurchaseRow,
  | 'companyId'
  | 'packageId'
  | 'kind'
  | 'nameEn'
  | 'nameNo'
  | 'priceOre'
  | 'vatRatePercent'
  | 'currency'
  | 'quantity'
  | 'months'
  | 'requestKey'
  | 'buyerUserId'
  | 'buyerEmail'
>;

/** The new purchase, or nothing when one was made for the same request key already. */
export async function insertPurchase(tx: Db, values: NewPurchase) {
  const [row] = await tx.insert(packagePurchases).values(values).onConflictDoNothing().returning();
  return row;
}

export type PurchaseChange = Partial<
  Pick<
    PackagePurchaseRow,
    | 'status'
    | 'attempt'
    | 'cardPaymentId'
    | 'failureCode'
    | 'failureMessage'
    | 'failureReason'
    | 'failedAt'
    | 'lastEventId'
    | 'paidAt'
    | 'periodStart'
    | 'periodEnd'
  >
>;

export async function updatePurchase(tx: Db, companyId: number, purchaseId: number, change: PurchaseChange) {
  const [row] = await tx
    .update(packagePurchases)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(packagePurchases.companyId, companyId), eq(packagePurchases.id, purchaseId)))
    .returning();
  return row;
}

/**
 * Marks the purchase paid with the next receipt number, in force from `periodStart` to `periodEnd`,
 * only while it is not paid already: the one place a purchase is activated, so it happens once.
 */
export async function markPaid(
  tx: Db,
  companyId: number,
  purchaseId: number,
  paid: { cardPaymentId: string; periodStart: string; periodEnd: string; eventId: string | null },
) {
  const notPaid: PurchaseState[] = ['pending', 'processing', 'failed', 'canceled'];
  const [row] = await tx
    .update(packagePurchases)
    .set({
      status: 'paid',
      cardPaymentId: paid.cardPaymentId,
      paidAt: sql`now()`,
      periodStart: paid.periodStart,
      periodEnd: paid.periodEnd,
      receiptNumber: sql`nextval(${packageReceiptNumbers.seqName}::regclass)`,
      ...(paid.eventId ? { lastEventId: paid.eventId } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(packagePurchases.companyId, companyId),
        eq(packagePurchases.id, purchaseId),
        inArray(packagePurchases.status, notPaid),
      ),
    )
    .returning();
  return row;
}

/** The payment packages of the company in force on the day: each one's payments a month. */
export async function paymentsPerMonthInForce(db: Db, companyId: number, day: string) {
  const [row] = await db
    .select({ perMonth: sql<number | null>`sum(${packagePurchases.quantity})::int` })
    .from(packagePurchases)
    .where(
      and(
        eq(packagePurchases.companyId, companyId),
        eq(packagePurchases.status, 'paid'),
        eq(packagePurchases.kind, 'payments'),
        sql`${packagePurchases.periodStart} <= ${day}::date and ${packagePurchases.periodEnd} >= ${day}::date`,
      ),
    );
  return row?.perMonth ?? null;
}

/**
 * The company's payments sent to the bank in the month: those the bank is processing, and those paid
 * in the month (in the product's time zone).
 */
export async function paymentsSentInMonth(db: Db, companyId: number, month: { start: string; end: string }) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        sql`(${payments.status} = ${PaymentStatus.PROCESSING}
          or (${payments.status} = ${PaymentStatus.PAID}
            and ${payments.paidAt} >= (${month.start}::date)::timestamp at time zone 'Europe/Oslo'
            and ${payments.paidAt} < (${month.end}::date)::timestamp at time zone 'Europe/Oslo'))`,
      ),
    );
  return row?.count ?? 0;
}

export async function findCompanyIdentity(db: Db, companyId: number) {
  const [row] = await db
    .select({ name: companies.name, organisationNumber: companies.organisationNumber })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

export async function findUserContact(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
