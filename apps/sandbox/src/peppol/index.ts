import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../platform/context';
import { registerApi } from './api';
import { createOutbox } from './outbox';
import { registerPage } from './page';
import { createRegistry } from './registry';

/**
 * The PEPPOL access point the product is a customer of: its participant registry and outbox API,
 * the SMP and PEPPOL Directory look-ups of the network, delivery of SBDH envelopes to signed
 * webhooks, and a page to send a document by hand.
 */
export const peppolParty: FastifyPluginAsync<SandboxContext> = async (app, context) => {
  const registry = createRegistry(context);
  const outbox = createOutbox(context, registry);
  registerApi(app, context, registry, outbox);
  registerPage(app, context, registry, outbox);
};
