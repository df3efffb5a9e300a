import type { Language } from '@bilag/contracts';
import { type BankPaymentStatus, canChangePaymentStatus, type PaymentStatus } from '@bilag/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeAudits } from '../../platform/audit';
import { Errors } from '../../platform/errors';
import { type MessageKey, translate } from '../../platform/messages';
import { type PaymentRow, payments } from './payment.table';

export function paymentStatusName(language: Language, status: PaymentStatus): string {
  return translate(language, `paymentStatus${status}` as MessageKey);
}

/** Payments with these ids, as one array parameter however many there are. */
export function paymentIdIn(ids: readonly number[]): SQL {
  return sql`${payments.id} = any(${sql.param([...ids])}::bigint[])`;
}

/** Locks the company's payments with these ids, in id order so two requests never wait on each other. */
export function lockPayments(tx: Db, companyId: number, ids: readonly number[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.companyId, companyId), paymentIdIn(ids)))
    .orderBy(payments.id)
    .for('update');
}

export type StatusActor = { companyId: number; userId: number | null; language: Language };

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

/** One locked payment and the status change it is to make. */
export type PaymentMove = { row: PaymentRow; change: StatusChange };

/**
 * Moves locked payments to another status, refusing (409) any move PAYMENT_TRANSITIONS does not allow,
 * and records each change in the audit log. A payment already in the target status is left as it is,
 * so a repeated report or click changes nothing.
 */
export function changePaymentStatus(
  tx: Db,
  actor: StatusActor,
  locked: readonly PaymentRow[],
  change: StatusChange,
): Promise<PaymentRow[]> {
  return changePaymentStatuses(
    tx,
    actor,
    locked.map((row) => ({ row, change })),
  );
}

/**
 * Moves locked payments each to its own status with the same rules as changePaymentStatus: the payments
 * that share a change move in one statement, and every change is recorded by one audit insert.
 */
export async function changePaymentStatuses(
  tx: Db,
  actor: StatusActor,
  moves: readonly PaymentMove[],
): Promise<PaymentRow[]> {
  const moving = moves.filter(({ row, change }) => row.status !== change.to);
  for (const { row, change } of moving) {
    if (!canChangePaymentStatus(row.status, change.to))
      throw Errors.conflict('paymentIllegalTransition', {
        from: paymentStatusName(actor.language, row.status),
        to: paymentStatusName(actor.language, change.to),
      });
  }
  if (moving.length === 0) return moves.map(({ row }) => row);
  const groups = new Map<string, { change: StatusChange; ids: number[] }>();
  for (const { row, change } of moving) {
    const key = JSON.stringify(change);
    const group = groups.get(key) ?? { change, ids: [] };
    group.ids.push(row.id);
    groups.set(key, group);
  }
  const byId = new Map<number, PaymentRow>();
  for (const { change, ids } of groups.values()) {
    for (const row of await updateStatus(tx, actor, ids, change)) byId.set(row.id, row);
  }
  await writeAudits(
    tx,
    moving.map(({ row, change }) => ({
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
  return moves.map(({ row }) => byId.get(row.id) ?? row);
}

function updateStatus(
  tx: Db,
  actor: StatusActor,
  ids: readonly number[],
  change: StatusChange,
): Promise<PaymentRow[]> {
  return tx
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
    .where(and(eq(payments.companyId, actor.companyId), paymentIdIn(ids)))
    .returning();
}
