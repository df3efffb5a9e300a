import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { html, pickLanguage, sendPage, type Texts } from '../platform/pages';

/**
 * NextGenPSD2 refusals: the HTTP status and a `tppMessages` list with one of the codes the
 * Implementation Guide defines, each with the status it always comes with.
 */
export const TPP_MESSAGE_STATUS = {
  FORMAT_ERROR: 400,
  PERIOD_INVALID: 400,
  PAYMENT_FAILED: 400,
  CONSENT_INVALID: 401,
  CONSENT_EXPIRED: 401,
  PSU_CREDENTIALS_INVALID: 401,
  CONSENT_UNKNOWN: 403,
  RESOURCE_UNKNOWN: 404,
  PRODUCT_UNKNOWN: 404,
  CANCELLATION_INVALID: 405,
  STATUS_INVALID: 409,
  ACCESS_EXCEEDED: 429,
} as const;

export type TppMessageCode = keyof typeof TPP_MESSAGE_STATUS;

export type TppMessage = { category: 'ERROR'; code: string; text: string };

export function tppMessagesBody(code: string, text: string): { tppMessages: TppMessage[] } {
  return { tppMessages: [{ category: 'ERROR', code, text }] };
}

/** A refusal a handler throws; the bank's error handler answers it in the protocol's shape. */
export class BankError extends Error {
  constructor(
    readonly code: TppMessageCode,
    text: string,
  ) {
    super(text);
  }

  get status(): number {
    return TPP_MESSAGE_STATUS[this.code];
  }
}

/** Pages (the SCA flow) answer in HTML; everything else under the bank is the JSON API. */
export type BankRouteConfig = { page?: boolean };

const ERROR_PAGE_TEXTS: Texts<'title' | 'notFound' | 'badRequest' | 'broken'> = {
  en: {
    title: 'Something went wrong',
    notFound: 'This page does not exist, or the authorisation it belonged to is unknown to the bank.',
    badRequest:
      'The bank could not read what was sent. Go back to the service you came from and start again.',
    broken: 'The bank could not finish this step. Go back to the service you came from and try again later.',
  },
  no: {
    title: 'Noe gikk galt',
    notFound: 'Denne siden finnes ikke, eller banken kjenner ikke autorisasjonen den hørte til.',
    badRequest:
      'Banken kunne ikke lese det som ble sendt. Gå tilbake til tjenesten du kom fra og start på nytt.',
    broken:
      'Banken kunne ikke fullføre dette steget. Gå tilbake til tjenesten du kom fra og prøv igjen senere.',
  },
};

function validationText(error: FastifyError): string {
  const part = error.validationContext ?? 'request';
  const issues = (error.validation ?? []).slice(0, 5).map((issue) => {
    const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return where === '' ? issue.message : `${where}: ${issue.message}`;
  });
  return `Invalid ${part}: ${issues.join('; ')}`;
}

function sendErrorPage(request: FastifyRequest, reply: FastifyReply, status: number) {
  const language = pickLanguage(request);
  const texts = ERROR_PAGE_TEXTS[language];
  const message = status === 404 ? texts.notFound : status < 500 ? texts.badRequest : texts.broken;
  return sendPage(
    reply,
    { language, party: 'Bank', title: texts.title, body: html`<p class="error" role="alert">${message}</p>` },
    status,
  );
}

/**
 * Every refusal of the bank in its protocol's shape: ours (BankError), the schema's (a missing
 * header, a malformed body: FORMAT_ERROR), and the framework's (unreadable JSON, too large a body).
 * A path parameter that does not match is an unknown resource, as a bank would see it.
 */
export function registerBankErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const isPage = (request.routeOptions.config as BankRouteConfig | undefined)?.page === true;
    let status: number;
    let code: string;
    let text: string;
    if (error instanceof BankError) {
      status = error.status;
      code = error.code;
      text = error.message;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const unknownResource = error.validationContext === 'params';
      status = unknownResource ? 404 : 400;
      code = unknownResource ? 'RESOURCE_UNKNOWN' : 'FORMAT_ERROR';
      text = unknownResource ? 'The addressed resource is unknown to this bank.' : validationText(error);
    } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      code = 'FORMAT_ERROR';
      text = `The request could not be read: ${error.message}`;
    } else {
      request.log.error({ err: error }, 'bank sandbox failed');
      status = 500;
      code = 'INTERNAL_SERVER_ERROR';
      text = 'The bank could not handle the request.';
    }
    if (isPage) return sendErrorPage(request, reply, status);
    return reply.code(status).send(tppMessagesBody(code, text));
  });
}

/** Anything under a bank's path that is not one of its calls. */
export function unknownBankPath(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(tppMessagesBody('RESOURCE_UNKNOWN', 'There is no such resource at this bank.'));
}
