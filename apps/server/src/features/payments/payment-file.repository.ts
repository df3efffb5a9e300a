import { PaymentStatus, PaymentType } from '@bilag/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banks, companies, companyBanks } from '../../db/schema';
import { type PaymentRow, paymentExports, payments } from './payment.table';

/** What a pain.001 file says of the payer: the company, and the account with its bank's BIC. */
export type DebtorAccount = {
  companyBankId: number;
  accountNumber: string;
  currency: string;
  bic: string | null;
  companyName: string;
  organisationNumber: string;
};

export async function findDebtorAccount(
  db: Db,
  companyId: number,
  companyBankId: number,
): Promise<DebtorAccount | undefined> {
  const [row] = await db
    .select({
      companyBankId: companyBanks.id,
      accountNumber: companyBanks.accountNumber,
      currency: companyBanks.currency,
      bic: banks.bic,
      companyName: companies.name,
      organisationNumber: companies.organisationNumber,
    })
    .from(companyBanks)
    .innerJoin(companies, eq(companies.id, companyBanks.companyId))
    .leftJoin(banks, eq(banks.id, companyBanks.bankId))
    .where(and(eq(companyBanks.companyId, companyId), eq(companyBanks.id, companyBankId)));
  return row;
}

/** The kinds of payment a pain.001 carries: to others at home and abroad, and between own accounts. */
export const EXPORTED_PAYMENT_TYPES = [
  PaymentType.DOMESTIC,
  PaymentType.INTERNATIONAL,
  PaymentType.INTERNAL_TRANSFER,
] as const;

/** The ids of the payments from the account that wait for approval, in id order (the order they lock in). */
export async function listWaitingPaymentIds(db: Db, companyId: number, companyBankId: number) {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        eq(payments.status, PaymentStatus.FOR_APPROVE),
        eq(payments.debtorCompanyBankId, companyBankId),
        inArray(payments.type, [...EXPORTED_PAYMENT_TYPES]),
      ),
    )
    .orderBy(asc(payments.id));
  return rows.map((row) => row.id);
}

export async function insertExport(db: Db, values: typeof paymentExports.$inferInsert) {
  const [row] = await db.insert(paymentExports).values(values).returning();
  if (!row) throw new Error('insert into payment_exports returned no row');
  return row;
}

const { xml: _xml, ...exportColumns } = getTableColumns(paymentExports);

export function listExports(db: Db, companyId: number, companyBankId: number | undefined) {
  return db
    .select(exportColumns)
    .from(paymentExports)
    .where(
      and(
        eq(paymentExports.companyId, companyId),
        companyBankId === undefined ? undefined : eq(paymentExports.companyBankId, companyBankId),
      ),
    )
    .orderBy(desc(paymentExports.createdAt), desc(paymentExports.id));
}

export async function findExport(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(paymentExports)
    .where(and(eq(paymentExports.companyId, companyId), eq(paymentExports.id, id)));
  return row;
}

export async function findExportByMessageId(db: Db, companyId: number, messageId: string) {
  const [row] = await db
    .select()
    .from(paymentExports)
    .where(and(eq(paymentExports.companyId, companyId), eq(paymentExports.messageId, messageId)));
  return row;
}

/**
 * Locks the company's payments a bank report names, by end-to-end id or by the instruction id we wrote
 * (the payment's uuid), in id order like every other payment lock.
 */
export function lockPaymentsByReference(
  db: Db,
  companyId: number,
  reference: { endToEndIds: readonly string[]; uuids: readonly string[] },
): Promise<PaymentRow[]> {
  if (reference.endToEndIds.length === 0 && reference.uuids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        or(
          reference.endToEndIds.length > 0
            ? sql`${payments.endToEndId} = any(${sql.param([...reference.endToEndIds])}::text[])`
            : undefined,
          reference.uuids.length > 0
            ? sql`${payments.uuid} = any(${sql.param([...reference.uuids])}::text[])`
            : undefined,
        ),
      ),
    )
    .orderBy(asc(payments.id))
    .for('update');
}

/** A new word from the bank on payments whose status it does not change (ACTC after RCVD, say). */
export function updateBankStatus(
  db: Db,
  companyId: number,
  ids: readonly number[],
  values: {
    bankStatus: PaymentRow['bankStatus'];
    bankStatusReason: string | null;
    bankStatusText: string | null;
  },
  userId: number | null,
): Promise<PaymentRow[]> {
  return db
    .update(payments)
    .set({ ...values, updatedBy: userId, updatedAt: sql`now()` })
    .where(
      and(eq(payments.companyId, companyId), sql`${payments.id} = any(${sql.param([...ids])}::bigint[])`),
    )
    .returning();
}
