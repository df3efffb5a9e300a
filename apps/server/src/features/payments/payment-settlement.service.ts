import { type Language, PaymentStatus } from '@bilag/contracts';
import { formatDate } from '@bilag/domain';
import type { Db } from '../../db/client';
import { translate } from '../../platform/messages';
import { connectPaidVouchers, type PaidVoucher } from '../matching';
import * as repository from './payment-settlement.repository';
import { changePaymentStatus, lockPayments } from './payment-status';

/** How much an import settled: payments now PAID, and statement lines connected to their vouchers. */
export type Settlement = { paid: number; connected: number };

/**
 * Marks PAID the payments an imported statement shows paid: an outgoing line with the payment's end-to-end
 * id and its amount. The line is connected to the payment's voucher. Runs in the import's transaction, so
 * an import that fails settles nothing; a payment already paid is not paid twice.
 */
export async function settlePaymentsOfImport(
  tx: Db,
  actor: { companyId: number; userId: number; language: Language },
  importId: number,
): Promise<Settlement> {
  const lines = await repository.listSettlingLines(tx, actor.companyId, importId);
  if (lines.length === 0) return { paid: 0, connected: 0 };
  const locked = await lockPayments(
    tx,
    actor.companyId,
    lines.map((line) => line.paymentId),
  );
  const open = new Map(
    locked
      .filter((row) => row.status === PaymentStatus.FOR_APPROVE || row.status === PaymentStatus.PROCESSING)
      .map((row) => [row.id, row]),
  );
  const paidVouchers: PaidVoucher[] = [];
  let paid = 0;
  for (const line of lines) {
    const payment = open.get(line.paymentId);
    // One statement line pays one payment once, whatever else the statement repeats.
    if (!payment) continue;
    open.delete(line.paymentId);
    const paidReason = translate(actor.language, 'paymentPaidByStatement', {
      date: formatDate(line.bookingDate),
      text: line.text,
    }).trim();
    let current = payment;
    if (current.status === PaymentStatus.FOR_APPROVE) {
      [current = payment] = await changePaymentStatus(tx, actor, [current], {
        to: PaymentStatus.PROCESSING,
        reason: paidReason,
      });
    }
    await changePaymentStatus(tx, actor, [current], {
      to: PaymentStatus.PAID,
      paidReason,
      paidTransactionId: line.bankTransactionId,
    });
    paid += 1;
    if (payment.voucherId !== null)
      paidVouchers.push({
        bankTransactionId: line.bankTransactionId,
        voucherId: payment.voucherId,
        paymentId: payment.id,
        endToEndId: payment.endToEndId,
      });
  }
  const connected = await connectPaidVouchers(tx, actor.companyId, actor.userId, paidVouchers);
  return { paid, connected };
}
