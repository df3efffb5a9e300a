import { z } from 'zod';

/**
 * Payment-approval statuses of the spec; a basket cancel is CANCELED (4001). In a module of their own, so
 * the voucher contracts can name a voucher's payment status without importing the payment contracts,
 * which import theirs.
 */
export const PaymentStatus = {
  FOR_APPROVE: 0,
  PROCESSING: 1,
  FAILED: 2,
  PAID: 3,
  IGNORED: 4,
  CANCELED: 4001,
} as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];
export const PAYMENT_STATUSES: readonly PaymentStatus[] = Object.values(PaymentStatus);
export const PaymentStatusSchema = z.union(PAYMENT_STATUSES.map((status) => z.literal(status)));
