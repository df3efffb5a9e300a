import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { BuyPaymentPackageRequest, PackageCheckout, paymentPackageTags } from './payment-package';

const base = `${ApiPrefix.main}/card`;

export const createPaymentIntent = route({
  method: 'POST',
  path: `${base}/create-payment-intent`,
  access: 'company',
  action: 'packages.buy',
  body: z.object({ companyId: Id, purchaseId: Id }),
  idempotent: true,
  reply: envelope(PackageCheckout),
  summary:
    'Pay for a purchase not yet paid (after a refused card, or a checkout left): its open card payment, or a new one',
  tags: paymentPackageTags,
});

export const createPaymentForRgbPackages = route({
  method: 'POST',
  path: `${base}/create-payment-for-rgb-packages`,
  access: 'company',
  action: 'packages.buy',
  body: BuyPaymentPackageRequest,
  idempotent: true,
  reply: envelope(PackageCheckout),
  summary:
    'Buy a bank integration package (rgb integration) by card; as company-payment-packages/add, for integration packages',
  tags: paymentPackageTags,
});

/** What became of a webhook the card provider sent: acted on, or known and nothing to do. */
export const CardWebhookOutcome = z.enum(['applied', 'ignored']);
export type CardWebhookOutcome = z.infer<typeof CardWebhookOutcome>;

/**
 * The card provider's webhook: an event about a card payment, signed over the exact bytes with the
 * webhook secret (`Sandbox-Signature: t=…,v1=…`). 200 once taken (also when it was taken before, or
 * concerns no purchase); 400 for a signature that does not hold or a body that is not an event, so
 * the provider tries again.
 */
export const receiveCardWebhook = route({
  method: 'POST',
  path: `${base}/webhook`,
  access: 'public',
  reply: envelope(z.object({ eventId: z.string(), outcome: CardWebhookOutcome })),
  summary: 'The card provider tells of a card payment: paid, refused, being settled or canceled',
  tags: paymentPackageTags,
});
