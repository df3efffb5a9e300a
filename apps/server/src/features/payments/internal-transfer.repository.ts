import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banks, companies, companyBanks } from '../../db/schema';
import { type NewPaymentRow, type PaymentRow, payments } from './payment.table';

/** The company's accounts with their banks' names, in the order the company sorted them. */
export function listTransferAccounts(db: Db, companyId: number) {
  return db
    .select({ account: companyBanks, bankName: banks.name })
    .from(companyBanks)
    .leftJoin(banks, eq(banks.id, companyBanks.bankId))
    .where(eq(companyBanks.companyId, companyId))
    .orderBy(asc(companyBanks.sorting), asc(companyBanks.id));
}

export function findCompanyAccounts(db: Db, companyId: number, ids: readonly number[]) {
  return db
    .select()
    .from(companyBanks)
    .where(and(eq(companyBanks.companyId, companyId), inArray(companyBanks.id, [...ids])));
}

export async function findCompanyName(db: Db, companyId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name;
}

export function insertTransfers(tx: Db, values: NewPaymentRow[]): Promise<PaymentRow[]> {
  return tx.insert(payments).values(values).returning();
}

export async function updateTransfer(
  tx: Db,
  companyId: number,
  id: number,
  values: Partial<NewPaymentRow>,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(payments.companyId, companyId), eq(payments.id, id)))
    .returning();
  return row;
}
