import { timingSafeEqual } from 'node:crypto';
import { isValidOrganisationNumber, normalizeOrganisationNumber } from '@bilag/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../platform/context';
import { requestedFault } from '../platform/faults';
import { baseUrlOf } from '../platform/pages';
import { DOCUMENT_KINDS, organisationNumberOfParticipant, participantIdentifier } from './identifiers';
import { MAX_DOCUMENT_BYTES, type Outbox } from './outbox';
import type { Customer, Registry } from './registry';
import { businessCardXml, serviceGroupXml } from './smp';

/**
 * The access point's API for its customer (the product): who receives EHF here and at which
 * webhook, look-ups, and an outbox to send a document. Every call needs `X-Api-Key`; the SMP
 * below is public, as it is on the network. Errors answer `{ code, message }`.
 */

const TAGS = ['peppol'];

const OrganisationNumber = z
  .string()
  .max(20)
  .transform(normalizeOrganisationNumber)
  .refine(
    isValidOrganisationNumber,
    'must be a Norwegian organisation number: nine digits passing the mod 11 check',
  )
  .describe('Norwegian organisation number, 9 digits');

const OrganisationNumberParams = z.object({ organisationNumber: OrganisationNumber });

const DocumentKind = z.enum(DOCUMENT_KINDS);

const RegisterBody = z.object({
  organisationNumber: OrganisationNumber,
  name: z.string().trim().min(1).max(200).describe('The legal name, as the PEPPOL Directory will show it'),
  webhookUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .describe('Where the access point posts each document for this company (http or https)'),
  documentTypes: z
    .array(DocumentKind)
    .min(1)
    .max(2)
    .optional()
    .describe('The BIS Billing 3 documents to receive; both when absent'),
});

const Participant = z.object({
  participantId: z.string(),
  organisationNumber: z.string(),
  name: z.string(),
  webhookUrl: z.string(),
  documentTypes: z.array(DocumentKind),
  registeredAt: z.string(),
  updatedAt: z.string(),
});

const Lookup = z.object({
  participantId: z.string(),
  registered: z.boolean(),
  name: z.string().nullable(),
  documentTypes: z.array(DocumentKind),
});

const Message = z.object({
  messageId: z.string(),
  senderId: z.string(),
  senderName: z.string().nullable(),
  receiver: z.string(),
  receiverName: z.string(),
  documentType: DocumentKind,
  documentId: z.string(),
  createdAt: z.string(),
  delivery: z.object({
    via: z.enum(['webhook', 'network']),
    url: z.string().nullable(),
    delivered: z.boolean(),
    attempts: z.number().int(),
    lastStatus: z.number().int(),
    signedWithWrongSecret: z.boolean(),
  }),
});

const SendBody = z.object({
  receiver: OrganisationNumber.describe("The receiver's organisation number"),
  document: z
    .string()
    .min(1)
    .describe('The UBL Invoice or CreditNote of BIS Billing 3, as XML, at most 10 MB'),
});

const Failure = z.object({ code: z.string(), message: z.string() });

const ApiKeyHeaders = z.object({
  'x-api-key': z.string().max(200).describe('The API key the access point gave its customer'),
});

const xml = (reply: FastifyReply, body: string) =>
  reply.type('application/xml; charset=utf-8').header('cache-control', 'no-store').send(body);

function participantOf(customer: Customer): z.infer<typeof Participant> {
  return { participantId: participantIdentifier(customer.organisationNumber), ...customer };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** JSON answers in the API's own shape, so a client reads `{ code, message }` whatever went wrong. */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(400).send({ code: 'INVALID_REQUEST', message: error.message });
  }
  const status = error.statusCode ?? 500;
  if (status === 413) {
    return reply
      .code(413)
      .send({ code: 'DOCUMENT_TOO_LARGE', message: 'The request is larger than allowed' });
  }
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ code: 'INVALID_REQUEST', message: error.message });
  }
  request.log.error({ err: error }, 'the PEPPOL access point failed');
  return reply.code(500).send({ code: 'INTERNAL_ERROR', message: 'The access point failed; try again' });
}

export function registerApi(
  app: FastifyInstance,
  context: SandboxContext,
  registry: Registry,
  outbox: Outbox,
) {
  app.register(async (api) => {
    api.setErrorHandler(answerError);
    api.addHook('onRequest', async (request, reply) => {
      const key = request.headers['x-api-key'];
      if (typeof key !== 'string' || !sameSecret(key, context.credentials.peppolApiKey)) {
        return reply.code(401).send({ code: 'UNAUTHORIZED', message: 'Missing or wrong X-Api-Key' });
      }
    });

    api.get(
      '/peppol/api/v1/participants',
      {
        schema: {
          tags: TAGS,
          headers: ApiKeyHeaders,
          summary: 'The companies registered at this access point to receive EHF',
          response: { 200: z.object({ participants: z.array(Participant) }) },
        },
      },
      async () => ({ participants: registry.customers().map(participantOf) }),
    );

    api.post(
      '/peppol/api/v1/participants',
      {
        schema: {
          tags: TAGS,
          headers: ApiKeyHeaders,
          summary:
            'Register a company to receive EHF at a webhook (201), or change its registration (200). 409 when another access point serves it.',
          body: RegisterBody,
          response: { 200: Participant, 201: Participant, 409: Failure },
        },
      },
      async (request, reply) => {
        const body = request.body as z.infer<typeof RegisterBody>;
        const registration = registry.register({
          organisationNumber: body.organisationNumber,
          name: body.name,
          webhookUrl: body.webhookUrl,
          documentTypes: body.documentTypes
            ? DOCUMENT_KINDS.filter((kind) => body.documentTypes?.includes(kind))
            : [...DOCUMENT_KINDS],
        });
        if (registration.outcome === 'registered-elsewhere') {
          return reply.code(409).send({
            code: 'PARTICIPANT_REGISTERED_ELSEWHERE',
            message: `${body.organisationNumber} (${registration.name}) is registered in the SMP by another access point`,
          });
        }
        return reply
          .code(registration.outcome === 'created' ? 201 : 200)
          .send(participantOf(registration.customer));
      },
    );

    api.get(
      '/peppol/api/v1/participants/:organisationNumber',
      {
        schema: {
          tags: TAGS,
          headers: ApiKeyHeaders,
          summary: 'A company registered at this access point (404 when it is not)',
          params: OrganisationNumberParams,
          response: { 200: Participant, 404: Failure },
        },
      },
      async (request, reply) => {
        const { organisationNumber } = request.params as z.infer<typeof OrganisationNumberParams>;
        const customer = registry.findCustomer(organisationNumber);
        if (!customer) return reply.code(404).send(notRegistered(organisationNumber));
        return participantOf(customer);
      },
    );

    api.delete(
      '/peppol/api/v1/participants/:organisationNumber',
      {
        schema: {
          tags: TAGS,
          headers: ApiKeyHeaders,
          summary:
            'Unregister a company: the SMP forgets it and nothing more is delivered (404 when not registered)',
          params: OrganisationNumberParams,
        },
      },
      async (request, reply) => {
        const { organisationNumber } = request.params as z.infer<typeof OrganisationNumberParams>;
        if (!registry.unregister(organisationNumber)) {
          return reply.code(404).send(notRegistered(organisationNumber));
        }
        return reply.code(204).send();
      },
    );

    api.get(
      '/peppol/api/v1/lookup/:organisationNumber',
      {
        schema: {
          tags: TAGS,
          headers: ApiKeyHeaders,
          summary: 'Whether a company can receive EHF on the PEPPOL network, at this access point or another',
          params: OrganisationNumberParams,
          response: { 200: Lookup },
        },
      },
      async (request) => {
        const { organisationNumber } = request.params as z.infer<typeof OrganisationNumberParams>;
        const participant = registry.find(organisationNumber);
        return {
          participantId: participantIdentifier(organisationNumber),
          registered: participant !== undefined,
          name: participant?.name ?? null,
          documentTypes: participant?.documentTypes ?? [],
        };
      },
    );

    api.post(
      '/peppol/api/v1/outbox',
      {
        // JSON escaping can double the XML's size on the way in; the document itself is held to 10 MB.
        bodyLimit: MAX_DOCUMENT_BYTES * 2 + 64 * 1024,
        schema: {
          tags: TAGS,
          summary:
            'Send an EHF invoice or credit note to a participant: delivered at once, the outcome in `delivery`. 404 unknown receiver, 413 over 10 MB, 422 not a readable BIS Billing 3 document or a type the receiver does not take. Idempotency-Key answers the first message again. Fault `bad-signature` signs the delivery with a wrong secret.',
          body: SendBody,
          headers: ApiKeyHeaders.extend({ 'idempotency-key': z.string().min(1).max(200).optional() }),
          response: { 200: Message, 201: Message, 404: Failure, 413: Failure, 422: Failure },
        },
      },
      async (request, reply) => {
        const body = request.body as z.infer<typeof SendBody>;
        const idempotencyKey = request.headers['idempotency-key'];
        const outcome = await outbox.send({
          receiver: body.receiver,
          document: body.document,
          idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
          signWithWrongSecret: requestedFault(request)?.name === 'bad-signature',
        });
        if (!outcome.sent) {
          return reply
            .code(outcome.refusal.status)
            .send({ code: outcome.refusal.code, message: outcome.refusal.message });
        }
        return reply.code(outcome.repeated ? 200 : 201).send(outcome.message);
      },
    );

    api.get(
      '/peppol/api/v1/outbox',
      {
        schema: {
          tags: TAGS,
          headers: ApiKeyHeaders,
          summary: 'The documents sent, newest first, with how each delivery went',
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) }),
          response: { 200: z.object({ messages: z.array(Message) }) },
        },
      },
      async (request) => {
        const { limit } = request.query as { limit: number };
        return { messages: outbox.list(limit) };
      },
    );

    api.get(
      '/peppol/api/v1/outbox/:messageId',
      {
        schema: {
          tags: TAGS,
          headers: ApiKeyHeaders,
          summary: 'One sent document and how its delivery went',
          params: z.object({ messageId: z.string().min(1).max(100) }),
          response: { 200: Message, 404: Failure },
        },
      },
      async (request, reply) => {
        const { messageId } = request.params as { messageId: string };
        const message = outbox.find(messageId);
        if (!message) {
          return reply
            .code(404)
            .send({ code: 'MESSAGE_NOT_FOUND', message: `No message ${messageId} was sent` });
        }
        return message;
      },
    );
  });

  const ParticipantParams = z.object({
    participantId: z.string().min(1).max(200).describe('iso6523-actorid-upis::0192:<organisation number>'),
  });
  const notInSmp = (reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('No such participant in this SMP');

  app.get(
    '/peppol/smp/:participantId',
    {
      schema: {
        tags: TAGS,
        summary:
          'SMP: the ServiceGroup of a participant (the BIS Billing 3 document types it receives), as XML; 404 when unknown. Public.',
        params: ParticipantParams,
      },
    },
    async (request, reply) => {
      const { participantId } = request.params as z.infer<typeof ParticipantParams>;
      const organisationNumber = organisationNumberOfParticipant(participantId);
      const participant = organisationNumber ? registry.find(organisationNumber) : undefined;
      if (!participant) return notInSmp(reply);
      return xml(reply, serviceGroupXml(participant, `${baseUrlOf(request)}/peppol/smp`));
    },
  );

  app.get(
    '/peppol/smp/businesscard/:participantId',
    {
      schema: {
        tags: TAGS,
        summary:
          "PEPPOL Directory: a participant's business card (its name and country), as XML; 404 when unknown. Public.",
        params: ParticipantParams,
      },
    },
    async (request, reply) => {
      const { participantId } = request.params as z.infer<typeof ParticipantParams>;
      const organisationNumber = organisationNumberOfParticipant(participantId);
      const participant = organisationNumber ? registry.find(organisationNumber) : undefined;
      if (!participant) return notInSmp(reply);
      return xml(reply, businessCardXml(participant));
    },
  );
}

function notRegistered(organisationNumber: string) {
  return {
    code: 'PARTICIPANT_NOT_FOUND',
    message: `${organisationNumber} is not registered at this access point`,
  };
}
