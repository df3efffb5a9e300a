import type { Db } from '../../db/client';
import { writeAudits } from '../../platform/audit';
import { toConnectAudit } from './auto-match.service';
import * as connections from './connection.repository';
import * as suggestions from './suggestion.repository';

/** A statement line that shows a payment made for a voucher, found by the payment's end-to-end id. */
export type PaidVoucher = {
  bankTransactionId: number;
  voucherId: number;
  paymentId: number;
  endToEndId: string;
};

/**
 * Connects each statement line to the voucher its payment paid. The end-to-end id the bank carried back is
 * proof enough, so the connection is made without a score; the history names the payment it came from.
 * Must run in the caller's transaction, beside the change of the payment.
 */
export async function connectPaidVouchers(
  tx: Db,
  companyId: number,
  userId: number | null,
  paid: readonly PaidVoucher[],
): Promise<number> {
  const inserted = await connections.insertConnections(
    tx,
    companyId,
    userId,
    paid.map((line) => ({
      bankTransactionId: line.bankTransactionId,
      voucherId: line.voucherId,
      source: 'auto',
      score: null,
      reasons: [{ code: 'SAME_PAYMENT_REFERENCE' }, { code: 'SAME_AMOUNT' }],
      ruleId: null,
    })),
  );
  const transactionIds = inserted.map((connection) => connection.bankTransactionId);
  const voucherIds = inserted.map((connection) => connection.voucherId);
  await connections.markConnected(tx, companyId, transactionIds, voucherIds);
  await suggestions.closeSuggestionsOf(tx, companyId, transactionIds, voucherIds);
  const byPair = new Map(paid.map((line) => [`${line.bankTransactionId}:${line.voucherId}`, line]));
  await writeAudits(
    tx,
    inserted.map((connection) => {
      const audit = toConnectAudit(companyId, userId, connection);
      const line = byPair.get(`${connection.bankTransactionId}:${connection.voucherId}`);
      return {
        ...audit,
        after: { ...(audit.after as object), paymentId: line?.paymentId, endToEndId: line?.endToEndId },
      };
    }),
  );
  return inserted.length;
}
