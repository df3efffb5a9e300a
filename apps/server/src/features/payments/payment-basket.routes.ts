import {
  basketPayments,
  cancelPaymentAtBank,
  payBasketNow,
  paymentCancelCallback,
  paymentScaCallback,
  paymentSettings,
  saveBasket,
  updateBasketStatus,
  updatePaymentSettings,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { appOriginOf } from '../../platform/app-origin';
import { registerRoute } from '../../platform/route';
import type { Providers } from '../../providers';
import * as basketService from './payment-basket.service';
import * as flowService from './payment-flow.service';
import { payBasketNow as sendBasketToBank } from './payment-initiation.service';
import * as settingsService from './payment-settings.service';

type Options = { db: Db; providers: Providers; publicUrl: string };

/** Baskets to sign, their way to the bank and back, and the company's signing rules. */
export async function paymentBasketRoutes(app: FastifyInstance, { db, providers, publicUrl }: Options) {
  const flow = { db, providers, publicUrl };
  registerRoute(app, saveBasket, ({ body }, { principal, request }) =>
    basketService.saveBasket(db, principal, request.language, body),
  );
  registerRoute(app, basketPayments, ({ params }, { principal, request }) =>
    basketService.basketPayments(db, principal, request.language, params.basketUUID),
  );
  registerRoute(app, updateBasketStatus, ({ body }, { principal, request }) =>
    flowService.updateBasketStatus(flow, principal, request.language, body.basketUUID),
  );
  registerRoute(app, payBasketNow, ({ params }, { principal, request }) =>
    sendBasketToBank(flow, principal, params.basketUUID, appOriginOf(request, publicUrl), request.language),
  );
  registerRoute(app, paymentScaCallback, ({ params }, { request }) =>
    flowService.paymentScaCallback(flow, request.language, params.flowId),
  );
  registerRoute(app, paymentCancelCallback, ({ params }, { request }) =>
    flowService.paymentCancelCallback(flow, request.language, params.flowId),
  );
  registerRoute(app, cancelPaymentAtBank, ({ params, body }, { principal }) =>
    flowService.cancelPaymentAtBank(flow, principal, params.id, body.companyId),
  );
  registerRoute(app, paymentSettings, ({ params }, { principal }) =>
    settingsService.paymentSettings(db, principal, params.companyId),
  );
  registerRoute(app, updatePaymentSettings, ({ params, body }, { principal }) =>
    settingsService.updatePaymentSettings(db, principal, params.companyId, body),
  );
}
