import { and, asc, count, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banks, companies, companyBanks, users } from '../../db/schema';
import { type PaymentRow, payments } from './payment.table';
import {
  type PaymentBasketApprovalRow,
  type PaymentBasketRow,
  type PaymentInitiationRow,
  paymentBasketApprovals,
  paymentBaskets,
  paymentInitiations,
  paymentSettings,
} from './payment-basket.table';
import { paymentIdIn } from './payment-status';

export type NewBasket = typeof paymentBaskets.$inferInsert;
export type BasketChange = Partial<Pick<PaymentBasketRow, 'state' | 'messageKey' | 'messageParams'>>;

export async function findBasket(
  db: Db,
  companyId: number,
  uuid: string,
): Promise<PaymentBasketRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentBaskets)
    .where(and(eq(paymentBaskets.companyId, companyId), eq(paymentBaskets.uuid, uuid)));
  return row;
}

/** The pages a bank or a popup returns to know a basket by its UUID alone; the caller checks the company. */
export async function findBasketByUuid(db: Db, uuid: string): Promise<PaymentBasketRow | undefined> {
  const [row] = await db.select().from(paymentBaskets).where(eq(paymentBaskets.uuid, uuid)).limit(1);
  return row;
}

/** The basket locked until the transaction ends: every change of its state goes through this lock. */
export async function lockBasket(
  tx: Db,
  companyId: number,
  uuid: string,
): Promise<PaymentBasketRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentBaskets)
    .where(and(eq(paymentBaskets.companyId, companyId), eq(paymentBaskets.uuid, uuid)))
    .for('update');
  return row;
}

export async function insertBasket(tx: Db, row: NewBasket): Promise<PaymentBasketRow> {
  const [inserted] = await tx.insert(paymentBaskets).values(row).returning();
  if (!inserted) throw new Error('The basket insert returned no row');
  return inserted;
}

export async function updateBasket(
  tx: Db,
  companyId: number,
  uuid: string,
  change: BasketChange,
): Promise<PaymentBasketRow> {
  const [updated] = await tx
    .update(paymentBaskets)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(paymentBaskets.companyId, companyId), eq(paymentBaskets.uuid, uuid)))
    .returning();
  if (!updated) throw new Error(`Basket ${uuid} vanished while locked`);
  return updated;
}

export async function insertApproval(
  tx: Db,
  row: typeof paymentBasketApprovals.$inferInsert,
): Promise<PaymentBasketApprovalRow> {
  const [inserted] = await tx.insert(paymentBasketApprovals).values(row).returning();
  if (!inserted) throw new Error('The approval insert returned no row');
  return inserted;
}

/** The signers' identity numbers are needed only until the bank has the basket. */
export async function clearApprovalSsns(tx: Db, companyId: number, basketUuid: string): Promise<void> {
  await tx
    .update(paymentBasketApprovals)
    .set({ ssn: null })
    .where(
      and(
        eq(paymentBasketApprovals.companyId, companyId),
        eq(paymentBasketApprovals.basketUuid, basketUuid),
        isNotNull(paymentBasketApprovals.ssn),
      ),
    );
}

export function listBasketPayments(db: Db, companyId: number, basketUuid: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.basketUuid, basketUuid)))
    .orderBy(asc(payments.dueDate), asc(payments.id));
}

export type BasketTotal = { currency: string; amountOre: number; count: number };
export type BasketDetails = {
  organisationNumber: string | null;
  totals: BasketTotal[];
  approvals: { userId: number; userName: string; approvedAt: Date }[];
};

/**
 * What a basket shows besides its own row, in one statement: its company's organisation number, the
 * totals of its payments per currency, and who signed it.
 */
export async function findBasketDetails(
  db: Db,
  companyId: number,
  basketUuid: string,
): Promise<BasketDetails> {
  const [row] = await db
    .select({
      organisationNumber: sql<
        string | null
      >`(select c.organisation_number from companies c where c.id = ${companyId})`,
      totals: sql<BasketTotal[]>`coalesce((
        select json_agg(json_build_object('currency', t.currency, 'amountOre', t.amount_ore, 'count', t.count)
          order by t.currency)
        from (select p.currency, sum(p.amount_ore) as amount_ore, count(*) as count from payments p
          where p.company_id = ${companyId} and p.basket_uuid = ${basketUuid} group by p.currency) t), '[]'::json)`,
      approvals: sql<{ userId: number; userName: string; approvedAt: string }[]>`coalesce((
        select json_agg(json_build_object('userId', a.user_id, 'userName', u.full_name, 'approvedAt', a.approved_at)
          order by a.approved_at, a.user_id)
        from payment_basket_approvals a join users u on u.id = a.user_id
        where a.company_id = ${companyId} and a.basket_uuid = ${basketUuid}), '[]'::json)`,
    })
    .from(paymentBaskets)
    .where(and(eq(paymentBaskets.companyId, companyId), eq(paymentBaskets.uuid, basketUuid)));
  return {
    organisationNumber: row?.organisationNumber ?? null,
    totals: row?.totals ?? [],
    approvals: (row?.approvals ?? []).map((approval) => ({
      ...approval,
      approvedAt: new Date(approval.approvedAt),
    })),
  };
}

/** A basket's approvals as the checks before a signature need them, oldest first. */
export type SignerApproval = { userId: number; ssnFingerprint: string };
export type SignerStanding = { isVerified: boolean; approvals: SignerApproval[] };

/** Whether the person may pay from the basket's account, and the basket's approvals. */
function signerStandingColumns(companyId: number, basketUuid: string, userId: number) {
  return {
    isVerified: sql<boolean>`exists (select 1 from payment_user_banks v
      where v.company_id = ${companyId} and v.user_id = ${userId}
        and v.company_bank_id = payment_baskets.debtor_company_bank_id)`,
    approvals: sql<SignerApproval[]>`coalesce((
      select json_agg(json_build_object('userId', a.user_id, 'ssnFingerprint', a.ssn_fingerprint)
        order by a.approved_at, a.user_id)
      from payment_basket_approvals a join users u on u.id = a.user_id
      where a.company_id = ${companyId} and a.basket_uuid = ${basketUuid}), '[]'::json)`,
  };
}

/** A basket with where the person stands as its signer, read in one statement and not locked. */
export async function findBasketWithSigner(
  db: Db,
  companyId: number,
  basketUuid: string,
  userId: number,
): Promise<{ basket: PaymentBasketRow; signer: SignerStanding } | undefined> {
  const [row] = await db
    .select({ basket: paymentBaskets, ...signerStandingColumns(companyId, basketUuid, userId) })
    .from(paymentBaskets)
    .where(and(eq(paymentBaskets.companyId, companyId), eq(paymentBaskets.uuid, basketUuid)));
  return row && { basket: row.basket, signer: { isVerified: row.isVerified, approvals: row.approvals } };
}

/**
 * Where the person stands as a signer of a basket the transaction has locked. A statement of its own
 * after the lock, so it sees every approval committed before the lock was granted.
 */
export async function findSignerStanding(
  tx: Db,
  basket: PaymentBasketRow,
  userId: number,
): Promise<SignerStanding> {
  const [row] = await tx
    .select(signerStandingColumns(basket.companyId, basket.uuid, userId))
    .from(paymentBaskets)
    .where(and(eq(paymentBaskets.companyId, basket.companyId), eq(paymentBaskets.uuid, basket.uuid)));
  return row ?? { isVerified: false, approvals: [] };
}

/** The approvals of a basket as sending it needs them: who signed (oldest first) and with which number. */
export type SendingApproval = { userId: number; ssn: string | null };
export type BasketForSending = {
  basket: PaymentBasketRow;
  initiation: PaymentInitiationRow | null;
  approvals: SendingApproval[];
  organisationNumber: string | null;
};

/** A basket with its initiation, its approvals and its company's organisation number, in one statement. */
export async function findBasketForSending(
  db: Db,
  companyId: number,
  basketUuid: string,
): Promise<BasketForSending | undefined> {
  const [row] = await db
    .select({
      basket: paymentBaskets,
      initiation: paymentInitiations,
      approvals: sql<SendingApproval[]>`coalesce((
        select json_agg(json_build_object('userId', a.user_id, 'ssn', a.ssn) order by a.approved_at, a.user_id)
        from payment_basket_approvals a join users u on u.id = a.user_id
        where a.company_id = ${companyId} and a.basket_uuid = ${basketUuid}), '[]'::json)`,
      organisationNumber: sql<
        string | null
      >`(select c.organisation_number from companies c where c.id = ${companyId})`,
    })
    .from(paymentBaskets)
    .leftJoin(
      paymentInitiations,
      and(
        eq(paymentInitiations.companyId, paymentBaskets.companyId),
        eq(paymentInitiations.basketUuid, paymentBaskets.uuid),
      ),
    )
    .where(and(eq(paymentBaskets.companyId, companyId), eq(paymentBaskets.uuid, basketUuid)));
  return row;
}

/** A basket with its company's alias, for the pages the bank returns to. */
export async function findBasketWithAlias(
  db: Db,
  companyId: number,
  basketUuid: string,
): Promise<{ basket: PaymentBasketRow; alias: string | null } | undefined> {
  const [row] = await db
    .select({ basket: paymentBaskets, alias: companies.alias })
    .from(paymentBaskets)
    .leftJoin(companies, eq(companies.id, paymentBaskets.companyId))
    .where(and(eq(paymentBaskets.companyId, companyId), eq(paymentBaskets.uuid, basketUuid)));
  return row;
}

/** Puts payments into a basket, or takes them out of one (null). */
export async function setPaymentsBasket(
  tx: Db,
  companyId: number,
  ids: readonly number[],
  basketUuid: string | null,
  userId: number | null,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(payments)
    .set({ basketUuid, updatedBy: userId, updatedAt: sql`now()` })
    .where(and(eq(payments.companyId, companyId), paymentIdIn(ids)));
}

/**
 * Takes payments out of a basket that ended unpaid; those still waiting for approval carry what the
 * bank said and why, so the list shows it.
 */
export async function releasePayments(
  tx: Db,
  companyId: number,
  ids: readonly number[],
  waitingIds: readonly number[],
  bank: {
    bankStatus: PaymentRow['bankStatus'];
    bankStatusReason: string | null;
    bankStatusText: string | null;
  },
  userId: number | null,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(payments)
    .set({ basketUuid: null, updatedBy: userId, updatedAt: sql`now()` })
    .where(and(eq(payments.companyId, companyId), paymentIdIn(ids)));
  if (waitingIds.length === 0) return;
  await tx
    .update(payments)
    .set(bank)
    .where(and(eq(payments.companyId, companyId), paymentIdIn(waitingIds)));
}

export function listBaskets(
  db: Db,
  companyId: number,
  uuids: readonly string[],
): Promise<PaymentBasketRow[]> {
  if (uuids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentBaskets)
    .where(and(eq(paymentBaskets.companyId, companyId), inArray(paymentBaskets.uuid, [...uuids])));
}

/**
 * The baskets holding any of these payments, locked in UUID order, so a payment is taken from one basket
 * at a time and two requests never wait on each other. The payments are looked at once, unlocked, before
 * the baskets are found by their UUIDs.
 */
export function lockBasketsOfPayments(
  tx: Db,
  companyId: number,
  paymentIds: readonly number[],
): Promise<PaymentBasketRow[]> {
  if (paymentIds.length === 0) return Promise.resolve([]);
  const holders = tx
    .select({ uuid: payments.basketUuid })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), paymentIdIn(paymentIds)));
  return tx
    .select()
    .from(paymentBaskets)
    .where(and(eq(paymentBaskets.companyId, companyId), sql`${paymentBaskets.uuid} = any(array(${holders}))`))
    .orderBy(paymentBaskets.uuid)
    .for('update');
}

/** A basket's payments, locked in id order (the order every payment lock takes). */
export function lockBasketPayments(tx: Db, companyId: number, basketUuid: string): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.basketUuid, basketUuid)))
    .orderBy(payments.id)
    .for('update');
}

export async function countBasketPayments(tx: Db, companyId: number, basketUuid: string): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.basketUuid, basketUuid)));
  return row?.count ?? 0;
}

/** Open baskets whose time ran out, in every company: the sweep works for all of them. */
export function listExpiredOpenBaskets(db: Db, now: Date, limit: number) {
  return db
    .select({ companyId: paymentBaskets.companyId, uuid: paymentBaskets.uuid })
    .from(paymentBaskets)
    .where(and(eq(paymentBaskets.state, 'open'), lte(paymentBaskets.expiresAt, now)))
    .limit(limit);
}

export type BasketAccount = {
  accountNumber: string;
  bankGroup: string | null;
  /** Whether the person saving the basket may pay from the account. */
  isVerified: boolean;
  organisationNumber: string | null;
  /** The company's limit above which two people sign, or null for never. */
  secondApproverAboveOre: number | null;
};

/** The account a basket pays from, with what saving the basket decides by, in one statement. */
export async function findBasketAccount(
  db: Db,
  companyId: number,
  companyBankId: number,
  userId: number,
): Promise<BasketAccount | undefined> {
  const [row] = await db
    .select({
      accountNumber: companyBanks.accountNumber,
      bankGroup: banks.bankGroup,
      isVerified: sql<boolean>`exists (select 1 from payment_user_banks v
        where v.company_id = ${companyId} and v.user_id = ${userId} and v.company_bank_id = ${companyBankId})`,
      organisationNumber: companies.organisationNumber,
      secondApproverAboveOre: paymentSettings.secondApproverAboveOre,
    })
    .from(companyBanks)
    .leftJoin(banks, eq(banks.id, companyBanks.bankId))
    .leftJoin(companies, eq(companies.id, companyBanks.companyId))
    .leftJoin(paymentSettings, eq(paymentSettings.companyId, companyBanks.companyId))
    .where(and(eq(companyBanks.companyId, companyId), eq(companyBanks.id, companyBankId)));
  return row;
}

/** The language a person reads the product in, for texts written while they are not there. */
export async function findUserLanguage(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language;
}

/** The payments with these ids, unlocked: a first look to learn which baskets to lock before them. */
export function listPaymentsByIds(db: Db, companyId: number, ids: readonly number[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.companyId, companyId), paymentIdIn(ids)));
}

/** What the bank says of the basket's payments while it holds them (RCVD, waiting for SCA). */
export async function setPaymentsBankStatus(
  tx: Db,
  companyId: number,
  basketUuid: string,
  bankStatus: NonNullable<PaymentRow['bankStatus']>,
): Promise<void> {
  await tx
    .update(payments)
    .set({ bankStatus, bankStatusReason: null, bankStatusText: null, updatedAt: sql`now()` })
    .where(and(eq(payments.companyId, companyId), eq(payments.basketUuid, basketUuid)));
}
