import {
  addCompanyPaymentPackage,
  buyRemittance,
  companyPaymentPackageReceipt,
  createPaymentForRgbPackages,
  createPaymentIntent,
  listCompanyPaymentPackages,
  listPaymentPackages,
  type PaymentPackageKind,
  receiveCardWebhook,
  updateCompanyPaymentPackage,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { Errors } from '../../platform/errors';
import { IDEMPOTENCY_HEADER, readIdempotencyKey } from '../../platform/idempotency';
import { requestLanguage } from '../../platform/language';
import { type RouteHandler, registerRoute } from '../../platform/route';
import type { Providers } from '../../providers';
import { CARD_SIGNATURE_HEADER } from '../../providers/card/interface';
import * as service from './payment-package.service';

/** A card provider's event is a few kilobytes; far more is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export type PaymentPackageRoutesOptions = { db: Db; providers: Providers; publicUrl: string };

/** The package catalogue, a company's purchases, buying by card, the receipts and the card provider's webhook. */
export async function paymentPackageRoutes(app: FastifyInstance, options: PaymentPackageRoutesOptions) {
  const { db } = options;
  const deps: service.PaymentPackageDeps = { db, card: options.providers.card, publicUrl: options.publicUrl };

  registerRoute(app, listPaymentPackages, ({ query }) => service.listPackages(db, query.kind));
  registerRoute(app, listCompanyPaymentPackages, ({ params }, { principal }) =>
    service.listCompanyPackages(db, principal, params.companyId),
  );

  /** Each kind of package is bought through the call the catalogue names for it. */
  const buy =
    (
      kind: PaymentPackageKind,
    ): RouteHandler<
      typeof addCompanyPaymentPackage | typeof buyRemittance | typeof createPaymentForRgbPackages
    > =>
    ({ body }, { principal, request }) =>
      service.buyPackage(deps, principal, body, kind, {
        requestKey: readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]),
        language: requestLanguage(request),
      });
  registerRoute(app, addCompanyPaymentPackage, buy('payments'));
  registerRoute(app, buyRemittance, buy('remittance'));
  registerRoute(app, createPaymentForRgbPackages, buy('integration'));

  registerRoute(app, createPaymentIntent, ({ body }, { principal, request }) =>
    service.payPurchase(deps, principal, body, requestLanguage(request)),
  );
  registerRoute(app, updateCompanyPaymentPackage, ({ params, body }, { principal }) =>
    service.refreshPurchase(deps, principal, { companyId: body.companyId, purchaseId: params.id }),
  );
  registerRoute(app, companyPaymentPackageReceipt, ({ params, query }, { principal }) =>
    service.purchaseReceipt(db, principal, { companyId: query.companyId, purchaseId: params.id }),
  );

  // The signature covers the exact bytes, so in this scope JSON is kept as it came, never parsed first.
  await app.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    registerRoute(
      webhooks,
      receiveCardWebhook,
      async (_input, { request }) => {
        const header = request.headers[CARD_SIGNATURE_HEADER];
        const reading = options.providers.card.readWebhook({
          signatureHeader: typeof header === 'string' ? header : undefined,
          rawBody: Buffer.isBuffer(request.body) ? request.body : '',
        });
        if (!reading.accepted) {
          request.log.warn({ refusal: reading.reason }, 'a card webhook was refused');
          throw Errors.invalid('cardWebhookRefused', { reason: reading.reason }, { reason: reading.reason });
        }
        return service.receiveCardEvent(db, reading.event);
      },
      { bodyLimit: WEBHOOK_BODY_LIMIT },
    );
  });
}
