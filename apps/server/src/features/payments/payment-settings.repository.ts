import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PaymentSettingsRow, paymentSettings } from './payment-basket.table';

export async function findPaymentSettings(
  db: Db,
  companyId: number,
): Promise<PaymentSettingsRow | undefined> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.companyId, companyId));
  return row;
}

/** The settings row locked until the transaction ends, or undefined when the company has none yet. */
export async function lockPaymentSettings(
  tx: Db,
  companyId: number,
): Promise<PaymentSettingsRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentSettings)
    .where(eq(paymentSettings.companyId, companyId))
    .for('update');
  return row;
}

export async function savePaymentSettings(
  tx: Db,
  companyId: number,
  values: { secondApproverAboveOre: number | null; updatedBy: number },
): Promise<PaymentSettingsRow> {
  const [row] = await tx
    .insert(paymentSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({
      target: paymentSettings.companyId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('The payment settings upsert returned no row');
  return row;
}
