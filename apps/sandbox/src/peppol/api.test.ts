import { createHmac } from 'node:crypto';
import { parseEhf } from '@bilag/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, type Sandbox } from '../app';
import { DEFAULT_CREDENTIALS } from '../platform/context';
import { EXAMPLE_DOCUMENTS } from './documents';
import { BILLING_CUSTOMIZATION } from './identifiers';
import { givenReceiver } from './test-receiver';

const KEY = { 'x-api-key': DEFAULT_CREDENTIALS.peppolApiKey };
const BAKERY = { organisationNumber: '923456783', name: 'Nordlys Bakeri AS' };
const BUILDER = { organisationNumber: '934567897', name: 'Fjelltopp Bygg AS' };
const FISHERY = { organisationNumber: '812345672', name: 'Havblikk Fiskeri AS' };
const INVOICE_ONLY_RECEIVER = '996718557';
const NEVER_REGISTERED = '974760673';

function example(id: string, receiver: { organisationNumber: string; name: string }, sequence = 1) {
  const document = EXAMPLE_DOCUMENTS.find((entry) => entry.id === id);
  if (!document) throw new Error(`no example ${id}`);
  return document.write({ receiver, today: '2025-11-27', sequence, sent: [] });
}

/** The UBL document inside an SBDH envelope, as a receiver takes it out. */
function documentIn(envelope: string): string {
  const headerEnd =
    envelope.indexOf('</StandardBusinessDocumentHeader>') + '</StandardBusinessDocumentHeader>'.length;
  return envelope.slice(headerEnd, envelope.lastIndexOf('</StandardBusinessDocument>')).trim();
}

function signatureMatches(header: string | string[] | undefined, body: string, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!match) return false;
  return createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex') === match[2];
}

describe('the PEPPOL access point', () => {
  let app: Sandbox;
  beforeAll(async () => {
    app = await buildSandbox({ logger: false });
  });
  afterAll(() => app.close());

  const register = (payload: Record<string, unknown>, headers: Record<string, string> = KEY) =>
    app.inject({ method: 'POST', url: '/peppol/api/v1/participants', headers, payload });
  const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/peppol/api/v1/outbox', headers: { ...KEY, ...headers }, payload });

  describe('credentials', () => {
    it('refuses its API without the API key, or with a wrong one', async () => {
      const missing = await app.inject({ method: 'GET', url: '/peppol/api/v1/participants' });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      const wrong = await register(
        { ...BAKERY, webhookUrl: 'http://127.0.0.1:9/x' },
        { 'x-api-key': 'guess' },
      );
      expect(wrong.statusCode).toBe(401);
      const lookup = await app.inject({
        method: 'GET',
        url: `/peppol/api/v1/lookup/${BAKERY.organisationNumber}`,
      });
      expect(lookup.statusCode).toBe(401);
    });

    it('answers the SMP without credentials, as the network does', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/peppol/smp/iso6523-actorid-upis::0192:915734022',
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('participant registry', () => {
    it('registers a company with both document types by default, and changes it when asked again', async () => {
      const created = await register({ ...BUILDER, webhookUrl: 'https://bilag.example/api/ehf/inbound' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        participantId: 'iso6523-actorid-upis::0192:934567897',
        organisationNumber: BUILDER.organisationNumber,
        name: BUILDER.name,
        webhookUrl: 'https://bilag.example/api/ehf/inbound',
        documentTypes: ['invoice', 'creditnote'],
      });
      const changed = await register({
        ...BUILDER,
        organisationNumber: '934 567 897',
        webhookUrl: 'https://bilag.example/other',
        documentTypes: ['invoice'],
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({
        webhookUrl: 'https://bilag.example/other',
        documentTypes: ['invoice'],
      });
      expect(changed.json().registeredAt).toBe(created.json().registeredAt);

      const read = await app.inject({
        method: 'GET',
        url: `/peppol/api/v1/participants/${BUILDER.organisationNumber}`,
        headers: KEY,
      });
      expect(read.json()).toMatchObject({ webhookUrl: 'https://bilag.example/other' });
      const list = await app.inject({ method: 'GET', url: '/peppol/api/v1/participants', headers: KEY });
      expect(
        list.json().participants.map((entry: { organisationNumber: string }) => entry.organisationNumber),
      ).toContain(BUILDER.organisationNumber);
    });

    it('unregisters a company, after which it is unknown to the registry and the SMP', async () => {
      await register({ ...FISHERY, webhookUrl: 'https://bilag.example/inbound' });
      const removed = await app.inject({
        method: 'DELETE',
        url: `/peppol/api/v1/participants/${FISHERY.organisationNumber}`,
        headers: KEY,
      });
      expect(removed.statusCode).toBe(204);
      const again = await app.inject({
        method: 'DELETE',
        url: `/peppol/api/v1/participants/${FISHERY.organisationNumber}`,
        headers: KEY,
      });
      expect(again.statusCode).toBe(404);
      const read = await app.inject({
        method: 'GET',
        url: `/peppol/api/v1/participants/${FISHERY.organisationNumber}`,
        headers: KEY,
      });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ code: 'PARTICIPANT_NOT_FOUND' });
      const smp = await app.inject({
        method: 'GET',
        url: `/peppol/smp/iso6523-actorid-upis::0192:${FISHERY.organisationNumber}`,
      });
      expect(smp.statusCode).toBe(404);
    });

    it('refuses a number that fails mod 11, a webhook that is not http(s), and unknown document types', async () => {
      const badNumber = await register({
        organisationNumber: '923456784',
        name: 'X AS',
        webhookUrl: 'https://x.example',
      });
      expect(badNumber.statusCode).toBe(400);
      expect(badNumber.json()).toMatchObject({ code: 'INVALID_REQUEST' });
      for (const webhookUrl of ['ftp://x.example/in', 'javascript:alert(1)', 'not a url']) {
        expect((await register({ ...BAKERY, webhookUrl })).statusCode).toBe(400);
      }
      expect(
        (await register({ ...BAKERY, webhookUrl: 'https://x.example', documentTypes: ['order'] })).statusCode,
      ).toBe(400);
      expect(
        (await register({ ...BAKERY, webhookUrl: 'https://x.example', documentTypes: [] })).statusCode,
      ).toBe(400);
      const badPath = await app.inject({
        method: 'GET',
        url: '/peppol/api/v1/participants/123',
        headers: KEY,
      });
      expect(badPath.statusCode).toBe(400);
    });

    it('refuses a company another access point serves (409)', async () => {
      const response = await register({
        organisationNumber: '915734022',
        name: 'Mine AS',
        webhookUrl: 'https://x.example',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'PARTICIPANT_REGISTERED_ELSEWHERE' });
    });
  });

  describe('SMP and look-up', () => {
    it('answers the ServiceGroup of a registered company with the BIS Billing 3 document types it receives', async () => {
      await register({ ...BAKERY, webhookUrl: 'https://bilag.example/in', documentTypes: ['invoice'] });
      const response = await app.inject({
        method: 'GET',
        url: '/peppol/smp/ISO6523-ACTORID-UPIS::0192:923456783',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/xml');
      expect(response.body).toContain(
        '<id:ParticipantIdentifier scheme="iso6523-actorid-upis">0192:923456783</id:ParticipantIdentifier>',
      );
      const hrefs = [...response.body.matchAll(/href="([^"]+)"/g)].map((match) =>
        decodeURIComponent(match[1] ?? ''),
      );
      expect(hrefs).toEqual([
        `http://localhost:80/peppol/smp/iso6523-actorid-upis::0192:923456783/services/busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##${BILLING_CUSTOMIZATION}::2.1`,
      ]);
    });

    it('answers 404 for a number nobody registered, another scheme, or no identifier at all', async () => {
      for (const id of [
        `iso6523-actorid-upis::0192:${NEVER_REGISTERED}`,
        'iso6523-actorid-upis::0088:7300010000001',
        'nonsense',
      ]) {
        const response = await app.inject({ method: 'GET', url: `/peppol/smp/${encodeURIComponent(id)}` });
        expect(response.statusCode).toBe(404);
      }
    });

    it("gives a participant's name in its PEPPOL Directory business card", async () => {
      const card = await app.inject({
        method: 'GET',
        url: '/peppol/smp/businesscard/iso6523-actorid-upis::0192:813774240',
      });
      expect(card.statusCode).toBe(200);
      expect(card.body).toContain('<Name>Kraftlaget Vest AS</Name>');
      const unknown = await app.inject({
        method: 'GET',
        url: `/peppol/smp/businesscard/iso6523-actorid-upis::0192:${NEVER_REGISTERED}`,
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('tells by JSON whether a company can receive, here or at another access point', async () => {
      const lookup = (number: string) =>
        app.inject({ method: 'GET', url: `/peppol/api/v1/lookup/${number}`, headers: KEY });
      expect((await lookup(INVOICE_ONLY_RECEIVER)).json()).toEqual({
        participantId: `iso6523-actorid-upis::0192:${INVOICE_ONLY_RECEIVER}`,
        registered: true,
        name: 'Solberg Eiendom AS',
        documentTypes: ['invoice'],
      });
      expect((await lookup(NEVER_REGISTERED)).json()).toEqual({
        participantId: `iso6523-actorid-upis::0192:${NEVER_REGISTERED}`,
        registered: false,
        name: null,
        documentTypes: [],
      });
    });
  });

  describe('outbox and delivery', () => {
    it('delivers an SBDH envelope with the UBL inside, signed, to the receiver webhook', async () => {
      const receiver = await givenReceiver();
      try {
        await register({ ...BAKERY, webhookUrl: receiver.url });
        const response = await send({
          receiver: BAKERY.organisationNumber,
          document: example('conference-invoice', BAKERY),
        });
        expect(response.statusCode).toBe(201);
        const message = response.json();
        expect(message).toMatchObject({
          senderId: 'iso6523-actorid-upis::0192:928456137',
          receiver: BAKERY.organisationNumber,
          documentType: 'invoice',
          delivery: {
            via: 'webhook',
            delivered: true,
            attempts: 1,
            lastStatus: 200,
            signedWithWrongSecret: false,
          },
        });
        expect(receiver.received).toHaveLength(1);
        const [delivery] = receiver.received;
        expect(delivery?.headers['content-type']).toBe('application/xml');
        expect(delivery?.headers['x-peppol-message-id']).toBe(message.messageId);
        expect(
          signatureMatches(
            delivery?.headers['sandbox-signature'],
            delivery?.body ?? '',
            DEFAULT_CREDENTIALS.peppolWebhookSecret,
          ),
        ).toBe(true);
        const envelope = delivery?.body ?? '';
        expect(envelope).toContain(
          '<Identifier Authority="iso6523-actorid-upis">0192:928456137</Identifier>',
        );
        expect(envelope).toContain(
          '<Identifier Authority="iso6523-actorid-upis">0192:923456783</Identifier>',
        );
        expect(envelope).toContain(`<InstanceIdentifier>${message.messageId}</InstanceIdentifier>`);
        expect(envelope).toContain('<Type>DOCUMENTID</Type>');
        expect(envelope).toContain('<Type>PROCESSID</Type>');
        const invoice = parseEhf(documentIn(envelope));
        expect(invoice.id).toBe(message.documentId);
        expect(invoice.customer.orgNumber).toBe(BAKERY.organisationNumber);

        const listed = await app.inject({
          method: 'GET',
          url: '/peppol/api/v1/outbox?limit=1',
          headers: KEY,
        });
        expect(listed.json().messages).toEqual([message]);
        const one = await app.inject({
          method: 'GET',
          url: `/peppol/api/v1/outbox/${message.messageId}`,
          headers: KEY,
        });
        expect(one.json()).toEqual(message);
      } finally {
        await receiver.close();
      }
    });

    it('retries a receiver that fails, and stops at once on a refusal', async () => {
      const flaky = await givenReceiver([503, 200]);
      const refusing = await givenReceiver([401]);
      try {
        await register({ ...BAKERY, webhookUrl: flaky.url });
        const retried = await send({
          receiver: BAKERY.organisationNumber,
          document: example('electricity-invoice', BAKERY),
        });
        expect(retried.json().delivery).toMatchObject({ delivered: true, attempts: 2, lastStatus: 200 });
        await register({ ...BAKERY, webhookUrl: refusing.url });
        const refused = await send({
          receiver: BAKERY.organisationNumber,
          document: example('electricity-invoice', BAKERY, 2),
        });
        expect(refused.statusCode).toBe(201);
        expect(refused.json().delivery).toMatchObject({ delivered: false, attempts: 1, lastStatus: 401 });
      } finally {
        await flaky.close();
        await refusing.close();
      }
    });

    it('signs the delivery with a wrong secret when the fault bad-signature is asked for', async () => {
      const receiver = await givenReceiver();
      try {
        await register({ ...BAKERY, webhookUrl: receiver.url });
        const response = await send(
          { receiver: BAKERY.organisationNumber, document: example('electricity-invoice', BAKERY) },
          { 'x-sandbox-fault': 'bad-signature' },
        );
        expect(response.json().delivery.signedWithWrongSecret).toBe(true);
        const [delivery] = receiver.received;
        expect(
          signatureMatches(
            delivery?.headers['sandbox-signature'],
            delivery?.body ?? '',
            DEFAULT_CREDENTIALS.peppolWebhookSecret,
          ),
        ).toBe(false);
      } finally {
        await receiver.close();
      }
    });

    it('sends once for one Idempotency-Key', async () => {
      const receiver = await givenReceiver();
      try {
        await register({ ...BAKERY, webhookUrl: receiver.url });
        const payload = {
          receiver: BAKERY.organisationNumber,
          document: example('office-supplies-invoice', BAKERY),
        };
        const first = await send(payload, { 'idempotency-key': 'send-once' });
        const second = await send(payload, { 'idempotency-key': 'send-once' });
        expect(first.statusCode).toBe(201);
        expect(second.statusCode).toBe(200);
        expect(second.json().messageId).toBe(first.json().messageId);
        expect(receiver.received).toHaveLength(1);
      } finally {
        await receiver.close();
      }
    });

    it("hands a document for a company served elsewhere to that company's access point", async () => {
      const response = await send({
        receiver: INVOICE_ONLY_RECEIVER,
        document: example('office-supplies-invoice', {
          organisationNumber: INVOICE_ONLY_RECEIVER,
          name: 'Solberg Eiendom AS',
        }),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().delivery).toMatchObject({ via: 'network', url: null, delivered: true });
    });

    it('refuses an unknown receiver (404), and a receiver without the document type (422)', async () => {
      const unknown = await send({
        receiver: NEVER_REGISTERED,
        document: example('electricity-invoice', BAKERY),
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'RECEIVER_NOT_FOUND' });
      const creditNote = await send({
        receiver: INVOICE_ONLY_RECEIVER,
        document: example('electricity-credit-note', {
          organisationNumber: INVOICE_ONLY_RECEIVER,
          name: 'Solberg Eiendom AS',
        }),
      });
      expect(creditNote.statusCode).toBe(422);
      expect(creditNote.json()).toMatchObject({ code: 'DOCUMENT_TYPE_NOT_ACCEPTED' });
    });

    it('refuses what is not a readable BIS Billing 3 invoice or credit note, saying why (422)', async () => {
      const valid = example('electricity-invoice', BAKERY);
      const cases: [string, RegExp][] = [
        ['not xml at all', /XML/],
        [
          '<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><ID>1</ID></Order>',
          /root element Order/,
        ],
        [valid.replace(BILLING_CUSTOMIZATION, 'urn:cen.eu:en16931:2017'), /CustomizationID/],
        [
          valid.replace('<cbc:PayableAmount currencyID="NOK">', '<cbc:PayableAmount currencyID="NOK">1'),
          /BR-CO-16/,
        ],
        [valid.replace(/<cbc:EndpointID schemeID="0192">813774240<\/cbc:EndpointID>/, ''), /EndpointID/],
        [
          `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "e">]>${valid.replace(/^<\?xml[^>]*>/, '')}`,
          /document type declaration/,
        ],
      ];
      for (const [document, reason] of cases) {
        const response = await send({ receiver: INVOICE_ONLY_RECEIVER, document });
        expect(response.statusCode, String(reason)).toBe(422);
        expect(response.json()).toMatchObject({ code: 'DOCUMENT_INVALID' });
        expect(response.json().message).toMatch(reason);
      }
    });

    it('refuses a document over 10 MB (413)', async () => {
      const valid = example('electricity-invoice', BAKERY);
      const padded = valid.replace('<cbc:Note>', `<cbc:Note>${'x'.repeat(10 * 1024 * 1024)}`);
      const response = await send({ receiver: INVOICE_ONLY_RECEIVER, document: padded });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'DOCUMENT_TOO_LARGE' });
    });

    it('answers the generic faults on its API as any party does', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/peppol/api/v1/participants',
        headers: { ...KEY, 'x-sandbox-fault': 'unavailable' },
      });
      expect(response.statusCode).toBe(503);
    });
  });
});
