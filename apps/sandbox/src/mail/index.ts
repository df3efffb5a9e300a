import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../platform/context';
import { registerMailApi } from './api';
import { mailboxOf } from './mailbox';
import { registerMailPages } from './pages';

export { createMailCatcher, type MailCatcher } from './smtp';

/**
 * The mail catcher's HTTP side: the API tests read what the product sent (tag `mail`) and the
 * pages a person reads it on. The SMTP side is `createMailCatcher`, started next to `listen`.
 */
export const mailParty: FastifyPluginAsync<SandboxContext> = async (app, context) => {
  registerMailApi(app, context);
  registerMailPages(app, context);
  // Calls still waiting for mail are answered (empty) rather than held open while the sandbox closes.
  app.addHook('onClose', async () => mailboxOf(context).release());
};
