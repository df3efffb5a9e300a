import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../platform/context';
import { html, pickLanguage, sendPage, type Texts } from '../platform/pages';
import { registerCardApi } from './api';
import { registerCheckoutPages } from './checkout';
import { createPaymentIntents } from './payment-intents';
import { CardApiFailure, checkSecretKey, FORM_ONLY_MESSAGE } from './protocol';

const API_PREFIX = '/card/v1/';

const PROBLEM_TEXTS: Texts<'party' | 'title' | 'text'> = {
  en: {
    party: 'Card payment',
    title: 'The page could not be shown',
    text: 'The request was not one this page can answer. Go back and try again.',
  },
  no: {
    party: 'Kortbetaling',
    title: 'Siden kunne ikke vises',
    text: 'Forespørselen var ikke en denne siden kan svare på. Gå tilbake og prøv igjen.',
  },
};

/**
 * The card provider, in the PaymentIntents style: the API under /card/v1 (Bearer secret key,
 * form-encoded parameters, JSON answers, signed webhooks), and the hosted checkout and 3-D Secure
 * pages a person pays on.
 */
export const cardParty: FastifyPluginAsync<SandboxContext> = async (app, context) => {
  const intents = createPaymentIntents(context);

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(API_PREFIX)) return checkSecretKey(context, request, reply);
  });
  app.addHook('onClose', async () => intents.close());

  // Every refusal leaves in the party's own shape: JSON errors from the API, a page from the pages.
  app.setErrorHandler((error: FastifyError | CardApiFailure, request, reply) => {
    if (error instanceof CardApiFailure) return reply.code(error.status).send({ error: error.body });
    const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'card party failed');
    if (request.url.startsWith(API_PREFIX)) {
      // Form bodies only hold strings, so a body the route's schema refuses was sent in another format.
      const message =
        error.validationContext === 'body'
          ? FORM_ONLY_MESSAGE
          : status >= 500
            ? 'The card provider had a problem; try again.'
            : error.message.slice(0, 300);
      return reply
        .code(status)
        .send({ error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message } });
    }
    const language = pickLanguage(request);
    const texts = PROBLEM_TEXTS[language];
    return sendPage(
      reply,
      { language, party: texts.party, title: texts.title, body: html`<p>${texts.text}</p>` },
      status,
    );
  });

  registerCardApi(app, context, intents);
  registerCheckoutPages(app, context, intents);
};
