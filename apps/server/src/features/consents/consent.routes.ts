import {
  cancelUnsignedInternationalPayment,
  cancelUnsignedInternationalPaymentV2,
  consentScaCancel,
  consentScaSuccess,
  consentScaV2,
  createConsent,
  createConsentV2,
  getConsentAccounts,
  getConsentErrors,
  getConsentHistory,
  getConsentV2,
  listConsentAccountList,
  listConsentBankTemplates,
  listConsents,
  listOwnerConsents,
  renewConsent,
  renewConsentV2,
  revokeConsent,
  syncConsent,
} from '@bilag/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { appOriginOf } from '../../platform/app-origin';
import type { Principal } from '../../platform/auth';
import { registerRoute } from '../../platform/route';
import type { Providers } from '../../providers';
import * as service from './consent.service';
import * as internationalPayments from './international-payment.service';

type Options = { db: Db; providers: Providers; publicUrl: string };

/** Consents at the banks: asking for one, the bank's return, renewing, revoking, reading, and syncing. */
export async function consentRoutes(app: FastifyInstance, { db, providers, publicUrl }: Options) {
  const dependencies = { db, providers };
  const callerOf = (principal: Principal, request: FastifyRequest): service.ConsentCaller => ({
    principal,
    language: request.language,
    appOrigin: appOriginOf(request, publicUrl),
  });

  for (const declaration of [createConsent, createConsentV2])
    registerRoute(app, declaration, ({ body }, { principal, request }) =>
      service.createConsent(dependencies, callerOf(principal, request), body),
    );
  for (const declaration of [renewConsent, renewConsentV2])
    registerRoute(app, declaration, ({ params, body }, { principal, request }) =>
      service.renewConsent(dependencies, callerOf(principal, request), params.consentId, body),
    );
  for (const declaration of [consentScaSuccess, consentScaV2])
    registerRoute(app, declaration, ({ body }, { request }) =>
      service.answerConsentSca(dependencies, request.language, body.instructionId, false),
    );
  registerRoute(app, consentScaCancel, ({ body }, { request }) =>
    service.answerConsentSca(dependencies, request.language, body.instructionId, true),
  );
  registerRoute(app, revokeConsent, ({ params, query }, { principal }) =>
    service.revokeConsent(dependencies, principal, params.consentId, query.companyId),
  );
  registerRoute(app, syncConsent, ({ params, body }, { principal, request }) =>
    service.syncConsent(db, principal, request.language, params.consentId, body.companyId),
  );
  registerRoute(app, listConsents, ({ query }, { principal }) =>
    service.listConsents(db, principal, query.companyId),
  );
  registerRoute(app, listOwnerConsents, (_input, { principal }) => service.listOwnerConsents(db, principal));
  registerRoute(app, getConsentV2, ({ params, query }, { principal }) =>
    service.getConsent(db, principal, params.consentId, query.companyId),
  );
  registerRoute(app, getConsentAccounts, ({ params, query }, { principal }) =>
    service.getConsentAccounts(db, principal, params.consentId, query.companyId),
  );
  registerRoute(app, listConsentAccountList, ({ query }, { principal }) =>
    service.listConsentAccountList(db, principal, query.companyId),
  );
  registerRoute(app, getConsentHistory, ({ params, query }, { principal, request }) =>
    service.getConsentEvents(db, principal, request.language, { ...params, ...query, onlyErrors: false }),
  );
  registerRoute(app, getConsentErrors, ({ params, query }, { principal, request }) =>
    service.getConsentEvents(db, principal, request.language, { ...params, ...query, onlyErrors: true }),
  );
  registerRoute(app, listConsentBankTemplates, ({ params }, { principal }) =>
    service.listConsentBankTemplates(dependencies, principal, params.companyId),
  );
  for (const declaration of [cancelUnsignedInternationalPayment, cancelUnsignedInternationalPaymentV2])
    registerRoute(app, declaration, ({ body }, { principal, request }) =>
      internationalPayments.cancelUnsignedInternationalPayment(db, principal, request.language, body),
    );
}
