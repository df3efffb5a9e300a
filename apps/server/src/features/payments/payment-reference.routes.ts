import {
  availableDueDates,
  currencyOfCountry,
  listPaymentCountries,
  listPaymentCurrencies,
  listPaymentReasonCodes,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerRoute } from '../../platform/route';
import * as service from './payment-reference.service';

type Options = { db: Db };

/** Countries, currencies, due dates and purpose codes a payment form offers, in the request's language. */
export async function paymentReferenceRoutes(app: FastifyInstance, _options: Options) {
  registerRoute(app, listPaymentCountries, (_input, { request }) =>
    service.listPaymentCountries(request.language),
  );
  registerRoute(app, listPaymentCurrencies, (_input, { request }) =>
    service.listPaymentCurrencies(request.language),
  );
  registerRoute(app, currencyOfCountry, ({ params }, { request }) =>
    service.currencyOfCountry(request.language, params.country),
  );
  registerRoute(app, availableDueDates, ({ body }) => service.availableDueDates(body));
  registerRoute(app, listPaymentReasonCodes, (_input, { request }) =>
    service.listPaymentReasonCodes(request.language),
  );
}
