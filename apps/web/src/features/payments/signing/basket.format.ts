import {
  type Basket,
  type BasketState,
  type Payment,
  type PaymentBankGroup,
  PaymentStatus,
} from '@bilag/contracts';

/** The bank groups by the names their customers know them by; names of banks are not translated. */
export const bankGroupNames: Record<PaymentBankGroup, string> = {
  dnb: 'DNB',
  sparebank1: 'SpareBank 1',
  handelsbanken: 'Handelsbanken',
};

/** A payment waiting for approval that sits in a basket being signed: it cannot be changed meanwhile. */
export function isInSigning(payment: Pick<Payment, 'Status' | 'BasketUuid'>): boolean {
  return payment.Status === PaymentStatus.FOR_APPROVE && payment.BasketUuid !== null;
}

/**
 * The day the bank pays the basket: the earliest due date of its payments, or today when that has
 * passed (the bank pays nothing in the past). Undefined for a basket without payments.
 */
export function basketPaymentDate(
  payments: readonly Pick<Payment, 'DueDate'>[],
  today: string,
): string | undefined {
  // ISO dates sort as text.
  const [earliest] = payments.map((payment) => payment.DueDate).sort();
  if (earliest === undefined) return undefined;
  return earliest < today ? today : earliest;
}

/**
 * What the person looking at a basket can do next:
 * - `sign`: sign with BankID;
 * - `waitForOther`: their part is done (or not theirs to do); another person must sign or pay;
 * - `pay`: every signature is there, send it to the bank (a signer only);
 * - `atBank`: the bank has it and waits for its SCA page (a signer may open it again);
 * - `accepted`: the bank accepted it;
 * - `ended`: it was rejected, cancelled or expired.
 */
export type BasketStep = 'sign' | 'waitForOther' | 'pay' | 'atBank' | 'accepted' | 'ended';

const endedStates: readonly BasketState[] = ['rejected', 'canceled', 'expired'];

export function basketStep(
  basket: Pick<Basket, 'State' | 'Approvals' | 'RequiredApprovals'>,
  userId: number | undefined,
): BasketStep {
  if (basket.State === 'accepted') return 'accepted';
  if (endedStates.includes(basket.State)) return 'ended';
  const isSigner = basket.Approvals.some((approval) => approval.UserId === userId);
  if (basket.State !== 'open') return isSigner ? 'atBank' : 'waitForOther';
  if (basket.Approvals.length >= basket.RequiredApprovals) return isSigner ? 'pay' : 'waitForOther';
  return isSigner ? 'waitForOther' : 'sign';
}

/** Whether the basket can still be cancelled: the bank has not accepted it, and it has not ended. */
export function canCancelBasket(basket: Pick<Basket, 'State'>): boolean {
  return basket.State === 'open' || basket.State === 'initiating' || basket.State === 'awaiting-sca';
}
