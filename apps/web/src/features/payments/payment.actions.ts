import { type Payment, type PaymentActions, PaymentStatus } from '@bilag/contracts';

export type PaymentRowAction = 'edit' | 'remove' | 'cancel' | 'openBasket' | 'stopAtBank' | 'info';

/**
 * What a person may do to one payment, from its status and their rights (the server checks the same):
 * preparers edit or take off the list what waits for approval; payers open the basket of a payment being
 * signed, and cancel what the bank has not paid: a payment sent with a basket is stopped at the bank,
 * one sent in a file is cancelled here.
 */
export function paymentRowActions(
  payment: Pick<Payment, 'Status'> & Partial<Pick<Payment, 'BasketUuid'>>,
  actions: PaymentActions | undefined,
): PaymentRowAction[] {
  const allowed: PaymentRowAction[] = [];
  const hasBasket = payment.BasketUuid !== undefined && payment.BasketUuid !== null;
  if (payment.Status === PaymentStatus.FOR_APPROVE) {
    if (hasBasket && actions?.canPay) allowed.push('openBasket');
    if (!hasBasket && actions?.canPrepare) allowed.push('edit', 'remove');
  }
  if (payment.Status === PaymentStatus.PROCESSING && actions?.canPay)
    allowed.push(hasBasket ? 'stopAtBank' : 'cancel');
  allowed.push('info');
  return allowed;
}

/** The selected payments that can be put in a basket to sign: waiting for approval, in no basket yet. */
export function signablePayments(
  payments: readonly Payment[],
  actions: PaymentActions | undefined,
): Payment[] {
  if (!actions?.canPay) return [];
  return payments.filter(
    (payment) => payment.Status === PaymentStatus.FOR_APPROVE && payment.BasketUuid === null,
  );
}

/** The selected payments that can still be taken off the list. */
export function removablePayments(
  payments: readonly Payment[],
  actions: PaymentActions | undefined,
): Payment[] {
  return payments.filter((payment) => paymentRowActions(payment, actions).includes('remove'));
}

export type ExportableAccount = { companyBankId: number; count: number; totalOre: number; currency: string };

/**
 * The accounts a pain.001 can be made from: verified for the person, with payments waiting. The totals
 * come per account and due date, so they are summed per account here.
 */
export function exportableAccounts(
  totals: readonly {
    DebtorCompanyBankId: number | null;
    AmountOre: number;
    Count: number;
    Currency: string;
  }[],
  verifiedCompanyBankIds: readonly number[],
): ExportableAccount[] {
  const byAccount = new Map<number, ExportableAccount>();
  for (const total of totals) {
    const id = total.DebtorCompanyBankId;
    if (id === null || !verifiedCompanyBankIds.includes(id)) continue;
    const sum = byAccount.get(id) ?? { companyBankId: id, count: 0, totalOre: 0, currency: total.Currency };
    sum.count += total.Count;
    sum.totalOre += total.AmountOre;
    byAccount.set(id, sum);
  }
  return [...byAccount.values()].filter((account) => account.count > 0);
}

/**
 * The one account every selected payment is paid from, which a file needs; undefined when they come from
 * several accounts or none.
 */
export function commonDebtorAccount(
  payments: readonly Pick<Payment, 'DebtorCompanyBankId'>[],
): number | undefined {
  const ids = new Set(payments.map((payment) => payment.DebtorCompanyBankId));
  const [only] = ids;
  return ids.size === 1 && only !== null && only !== undefined ? only : undefined;
}
