import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../platform/context';
import { registerAccountRoutes } from './accounts';
import { registerBulkAccounts } from './bulk-accounts';
import { registerConsentRoutes } from './consents';
import { registerBankErrors, unknownBankPath } from './errors';
import { catchUp } from './lifecycle';
import { registerPaymentList } from './payment-list';
import { registerPaymentRoutes } from './payments';
import { registerScaPages } from './sca-pages';
import { createBankState } from './state';

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Three banks (DNB, SpareBank 1 SR-Bank, Handelsbanken) speaking Berlin Group NextGenPSD2 1.3 with
 * the redirect SCA approach, each under /psd2/{bankId}/v1 and each answering only for its own
 * accounts: consents and account information, payment initiation (single and bulk), status as JSON
 * or pain.002, and the SCA pages a person approves on.
 */
export const bankParty: FastifyPluginAsync<SandboxContext> = async (app, context) => {
  const state = createBankState(context);
  registerBankErrors(app);

  app.addHook('onSend', async (request, reply) => {
    const requestId = request.headers['x-request-id'];
    if (typeof requestId === 'string' && REQUEST_ID.test(requestId)) reply.header('x-request-id', requestId);
  });
  // Time-outs and executions are due by the clock, not by a call: bring them up to now first.
  app.addHook('preHandler', async () => {
    catchUp(state);
  });

  registerConsentRoutes(app, state);
  registerBulkAccounts(app, state, context.store);
  registerAccountRoutes(app, state);
  registerPaymentRoutes(app, state);
  registerScaPages(app, state);
  registerPaymentList(app, state);
  app.all('/psd2/*', { schema: { hide: true } }, unknownBankPath);
};
