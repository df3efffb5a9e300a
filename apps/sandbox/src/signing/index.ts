import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../platform/context';
import { signingApi } from './api';
import { bankIdPages } from './pages';
import { createRequestStore } from './requests';

/** The eID signing provider: its API (HTTP Basic, JSON) and the "approve with BankID" page. */
export const signingParty: FastifyPluginAsync<SandboxContext> = async (app, context) => {
  const requests = createRequestStore(context);
  await app.register(signingApi(requests), context);
  await app.register(bankIdPages(requests), context);
};
