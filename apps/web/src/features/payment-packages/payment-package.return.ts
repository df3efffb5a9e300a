import type { PackagePurchaseStatus } from '@bilag/contracts';

/** The query parameters the card provider adds to the return page; the product's own is `purchase`. */
export const PROVIDER_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'];

const REDIRECT_STATUSES = ['succeeded', 'processing', 'failed', 'canceled'] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export type CheckoutReturn = {
  purchaseId: number;
  /** How the person's visit to the provider's pages ended, when they came back from there. */
  redirectStatus: RedirectStatus | null;
};

/** The purchase the page was opened for, and the provider's word on the visit, from the address. */
export function readCheckoutReturn(search: URLSearchParams): CheckoutReturn | null {
  const purchaseId = Number(search.get('purchase'));
  if (!Number.isSafeInteger(purchaseId) || purchaseId <= 0) return null;
  const status = search.get('redirect_status');
  const redirectStatus = REDIRECT_STATUSES.find((known) => known === status) ?? null;
  return { purchaseId, redirectStatus };
}

/** The address without the provider's parameters: the client secret must not stay in the history. */
export function withoutProviderParams(search: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams(search);
  for (const name of PROVIDER_RETURN_PARAMS) kept.delete(name);
  return kept;
}

/** What the person is told about the purchase they came back for. */
export type PurchaseOutcome = 'paid' | 'processing' | 'refused' | 'left' | 'waiting' | 'canceled';

export function outcomeOf(
  status: PackagePurchaseStatus,
  redirectStatus: RedirectStatus | null,
): PurchaseOutcome {
  switch (status) {
    case 'active':
    case 'expired':
      return 'paid';
    case 'processing':
      return 'processing';
    case 'failed':
      return 'refused';
    case 'canceled':
      return 'canceled';
    default:
      return redirectStatus === 'canceled' ? 'left' : 'waiting';
  }
}

/** Whether the purchase is still settling on the provider's side, so the page keeps asking. */
export function isSettling(status: PackagePurchaseStatus, redirectStatus: RedirectStatus | null): boolean {
  return status === 'processing' || (status === 'pending' && redirectStatus === 'succeeded');
}

/** A purchase not paid may be paid (again) at the provider's checkout. */
export function isPayable(status: PackagePurchaseStatus): boolean {
  return status === 'pending' || status === 'failed' || status === 'canceled';
}
