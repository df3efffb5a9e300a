import type { Language } from '@bilag/contracts';
import { type BankPaymentStatus, canChangePaymentStatus, type PaymentStatus } from '@bilag/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeAudits } from '../../platform/audit';
import { Errors } from '../../platform/errors';
import { type MessageKey, translate } from '../../platform/messages';
import { type PaymentRow, payments } from './payment.table';

export function paymentStatusName(language: Language, status: PaymentStatus): string {
  return translate(language, `paymentStatus${status}` as MessageKey);
}

/** Locks the company's payments with these ids, in id order so two requests never wait on each other. */
export function lockPayments(tx: Db, companyId: number, ids: readonly number[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.companyId, companyId), inArray(payments.id, [...ids])))
    .orderBy(payments.id)
    .for('update');
}

export type StatusChange = {
  to: PaymentStatus;
  bankStatus?: BankPaymentStatus | null;
  bankStatusReason?: string | null;
  bankStatusText?: string | null;
  /** For PAID: why (the statement line, the bank's report), and the transaction that shows it. */
  paidReason?: string | null;
  paidTransactionId?: number | null;
  exportId?: number | null;
  /** Written on the audit row: why the person or the bank changed it. */
  reason?: string | null;
};

/**
 * Moves locked payments to another status, refusing (409) any move PAYMENT_TRANSITIONS does not allow,
 * and records each change in the audit log. A payment already in the target status is left as it is,
 * so a repeated report or click changes nothing.
 */
export async function changePaymentStatus(
  tx: Db,
  actor: { companyId: number; userId: number | null; language: Language },
  locked: readonly PaymentRow[],
  change: StatusChange,
): Promise<PaymentRow[]> {
  const moving = locked.filter((row) => row.status !== change.to);
  for (const row of moving) {
    if (!canChangePaymentStatus(row.status, change.to))
      throw Errors.conflict('paymentIllegalTransition', {
        from: paymentStatusName(actor.language, row.status),
        to: paymentStatusName(actor.language, change.to),
      });
  }
  if (moving.length === 0) return [...locked];
  const updated = await tx
    .update(payments)
    .set({
      status: change.to,
      ...(change.bankStatus !== undefined ? { bankStatus: change.bankStatus } : {}),
      ...(change.bankStatusReason !== undefined ? { bankStatusReason: change.bankStatusReason } : {}),
      ...(change.bankStatusText !== undefined ? { bankStatusText: change.bankStatusText } : {}),
      ...(change.exportId !== undefined ? { exportId: change.exportId } : {}),
      ...(change.to === 3
        ? {
            paidAt: sql`now()`,
            paidReason: change.paidReason ?? null,
            paidTransactionId: change.paidTransactionId ?? null,
          }
        : {}),
      updatedBy: actor.userId,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payments.companyId, actor.companyId),
        inArray(
          payments.id,
          moving.map((row) => row.id),
        ),
      ),
    )
    .returning();
  const byId = new Map(updated.map((row) => [row.id, row]));
  await writeAudits(
    tx,
    moving.map((row) => ({
      companyId: actor.companyId,
      userId: actor.userId,
      entity: 'payment',
      entityId: row.id,
      action: 'status',
      before: { status: row.status, bankStatus: row.bankStatus },
      after: {
        status: change.to,
        bankStatus: byId.get(row.id)?.bankStatus ?? null,
        bankStatusReason: byId.get(row.id)?.bankStatusReason ?? null,
        reason: change.reason ?? change.paidReason ?? null,
      },
    })),
  );
  return locked.map((row) => byId.get(row.id) ?? row);
}
