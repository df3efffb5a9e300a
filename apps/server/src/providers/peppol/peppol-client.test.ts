import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseEhf } from '@bilag/domain';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../config';
import { givenSandbox, noWait, type RunningSandbox } from '../../test/sandbox';
import { ProviderError } from '../provider-error';
import { signWebhook } from '../webhook-signature';
import { createPeppolClient } from './http-client';
import type { EhfDeliveryReading, IncomingEhfDelivery, PeppolClient } from './interface';

const BAKERY = { organisationNumber: '923456783', name: 'Nordlys Bakeri AS' };
const BUILDER = { organisationNumber: '934567897', name: 'Fjelltopp Bygg AS' };
/** Served by another access point on the network, and takes invoices only. */
const INVOICE_ONLY = { organisationNumber: '996718557', name: 'Solberg Eiendom AS' };
const NEVER_REGISTERED = '974760673';

type Arrival = { incoming: IncomingEhfDelivery; headers: IncomingHttpHeaders; reading: EhfDeliveryReading };

/**
 * The product's inbound webhook, played by the test: it reads each delivery with the client and
 * answers the access point as the product will (200, or the refusal's status).
 */
async function givenProductWebhook(client: () => PeppolClient) {
  const arrivals: Arrival[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const incoming = {
        signatureHeader: header('sandbox-signature'),
        messageIdHeader: header('x-peppol-message-id'),
        rawBody: Buffer.concat(chunks),
      };
      const reading = client().readDelivery(incoming);
      arrivals.push({ incoming, headers: request.headers, reading });
      response.statusCode = reading.accepted ? 200 : reading.refusal.httpStatus;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/ehf/inbound`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the PEPPOL client against the sandbox access point', () => {
  let sandbox: RunningSandbox;
  let client: PeppolClient;
  let webhook: Awaited<ReturnType<typeof givenProductWebhook>>;
  beforeAll(async () => {
    sandbox = await givenSandbox();
    client = createPeppolClient(sandbox.providers, { sleep: noWait });
    webhook = await givenProductWebhook(() => client);
  });
  afterAll(async () => {
    await webhook.close();
    await sandbox.close();
  });
  afterEach(async () => {
    await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
  });

  const clientWith = (peppol: Partial<ProviderSettings['peppol']>, timeoutMs = sandbox.providers.timeoutMs) =>
    createPeppolClient(
      { ...sandbox.providers, timeoutMs, peppol: { ...sandbox.providers.peppol, ...peppol } },
      { sleep: noWait },
    );
  const planFault = (pathPrefix: string, fault: string, times: number) =>
    fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pathPrefix, fault, times }),
    });
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  /** A person sends one of the sandbox's example documents from its page. */
  async function sendExampleFromPage(receiver: string, example: string) {
    const response = await fetch(`${sandbox.url}/peppol/send?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ receiver, document: `example:${example}` }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const arrival = webhook.arrivals.at(-1);
    if (!arrival) throw new Error('nothing arrived at the webhook');
    return arrival;
  }

  /** An arrival's body changed and signed again with the right secret, to test what is past the signature. */
  function resigned(
    arrival: Arrival,
    change: (body: string) => string,
    messageIdHeader = arrival.incoming.messageIdHeader,
  ) {
    const rawBody = change(arrival.incoming.rawBody.toString());
    const signatureHeader = signWebhook(
      sandbox.providers.peppol.webhookSecret,
      rawBody,
      Math.floor(Date.now() / 1000),
    );
    return client.readDelivery({ rawBody, signatureHeader, messageIdHeader });
  }

  describe('receiver registry', () => {
    it('registers a company, reads it back, changes it and unregisters it', async () => {
      const registered = await client.registerReceiver({
        ...BUILDER,
        webhookUrl: 'https://bilag.example/api/ehf/inbound',
      });
      expect(registered).toMatchObject({ ...BUILDER, documentTypes: ['invoice', 'creditnote'] });
      expect(await client.getReceiver(BUILDER.organisationNumber)).toEqual(registered);
      const changed = await client.registerReceiver({
        ...BUILDER,
        webhookUrl: 'https://bilag.example/other',
        documentTypes: ['invoice'],
      });
      expect(changed).toMatchObject({
        webhookUrl: 'https://bilag.example/other',
        documentTypes: ['invoice'],
      });
      expect(changed.registeredAt).toBe(registered.registeredAt);
      expect((await client.listReceivers()).map((receiver) => receiver.organisationNumber)).toContain(
        BUILDER.organisationNumber,
      );

      expect(await client.unregisterReceiver(BUILDER.organisationNumber)).toBe(true);
      expect(await client.unregisterReceiver(BUILDER.organisationNumber)).toBe(false);
      const failure = await failureOf(client.getReceiver(BUILDER.organisationNumber));
      expect(failure).toBeInstanceOf(ProviderError);
      expect(failure).toMatchObject({
        failure: 'rejected',
        status: 404,
        partyCode: 'PARTICIPANT_NOT_FOUND',
        reasonKey: 'peppolReceiverNotRegistered',
      });
    });

    it('is told when another access point already serves the company', async () => {
      const failure = await failureOf(
        client.registerReceiver({ ...INVOICE_ONLY, webhookUrl: 'https://bilag.example/in' }),
      );
      expect(failure).toMatchObject({
        failure: 'rejected',
        status: 409,
        reasonKey: 'peppolRegisteredElsewhere',
      });
    });

    it("is refused in the party's words for a registration the access point cannot take", async () => {
      const failure = await failureOf(
        client.registerReceiver({ ...BUILDER, webhookUrl: 'ftp://bilag.example/in' }),
      );
      expect(failure).toMatchObject({ failure: 'rejected', status: 400, partyCode: 'INVALID_REQUEST' });
    });
  });

  describe('SMP look-up', () => {
    it('finds a registered company with its name and document types', async () => {
      await client.registerReceiver({ ...BAKERY, webhookUrl: webhook.url });
      expect(await client.lookupParticipant(BAKERY.organisationNumber)).toEqual({
        registered: true,
        name: BAKERY.name,
        documentTypes: ['invoice', 'creditnote'],
      });
      expect(await client.lookupParticipant(INVOICE_ONLY.organisationNumber)).toEqual({
        registered: true,
        name: INVOICE_ONLY.name,
        documentTypes: ['invoice'],
      });
    });

    it('tells that an unknown company cannot receive EHF', async () => {
      expect(await client.lookupParticipant(NEVER_REGISTERED)).toEqual({
        registered: false,
        documentTypes: [],
      });
    });
  });

  describe('delivery to the product', () => {
    it('reads a delivered invoice end to end: signature, envelope, identifiers, and the UBL with its PDF', async () => {
      await client.registerReceiver({ ...BAKERY, webhookUrl: webhook.url });
      const arrival = await sendExampleFromPage(BAKERY.organisationNumber, 'office-supplies-invoice');
      expect(arrival.headers['content-type']).toBe('application/xml');
      if (!arrival.reading.accepted) throw new Error(`refused: ${arrival.reading.refusal.detail}`);
      const { delivery } = arrival.reading;
      expect(delivery).toMatchObject({
        messageId: arrival.incoming.messageIdHeader,
        sender: { scheme: '0192', identifier: '915734022', organisationNumber: '915734022' },
        receiver: { scheme: '0192', organisationNumber: BAKERY.organisationNumber },
        documentType: 'invoice',
        customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
        processId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
      });
      const invoice = parseEhf(delivery.document);
      expect(invoice.problems).toEqual([]);
      expect(invoice.customer.orgNumber).toBe(BAKERY.organisationNumber);
      expect(invoice.supplier.name).toBe('Kontorkompaniet Nord AS');
      const [attachment] = invoice.attachments;
      expect(attachment?.mimeType).toBe('application/pdf');
      const pdf = await PDFDocument.load(attachment?.bytes() ?? new Uint8Array());
      expect(pdf.getPageCount()).toBe(1);
    });

    it('reads a credit note and gives the invoice it refers to', async () => {
      await client.registerReceiver({ ...BAKERY, webhookUrl: webhook.url });
      const invoice = await sendExampleFromPage(BAKERY.organisationNumber, 'electricity-invoice');
      const creditNote = await sendExampleFromPage(BAKERY.organisationNumber, 'electricity-credit-note');
      if (!invoice.reading.accepted || !creditNote.reading.accepted)
        throw new Error('a delivery was refused');
      expect(creditNote.reading.delivery.documentType).toBe('creditnote');
      const credited = parseEhf(creditNote.reading.delivery.document);
      expect(credited.billingReference).toBe(parseEhf(invoice.reading.delivery.document).id);
    });

    it('sends a document through the outbox and learns how its delivery went', async () => {
      await client.registerReceiver({ ...BAKERY, webhookUrl: webhook.url });
      const earlier = await sendExampleFromPage(BAKERY.organisationNumber, 'conference-invoice');
      if (!earlier.reading.accepted) throw new Error('refused');
      const arrivalsBefore = webhook.arrivals.length;

      const sent = await client.sendDocument({
        receiver: BAKERY.organisationNumber,
        document: earlier.reading.delivery.document,
      });
      expect(sent).toMatchObject({
        sender: { scheme: '0192', organisationNumber: '928456137' },
        receiver: BAKERY.organisationNumber,
        documentType: 'invoice',
        documentId: parseEhf(earlier.reading.delivery.document).id,
        delivery: { delivered: true, attempts: 1, lastStatus: 200 },
      });
      expect(webhook.arrivals).toHaveLength(arrivalsBefore + 1);
      expect(webhook.arrivals.at(-1)?.incoming.messageIdHeader).toBe(sent.messageId);
      expect((await client.listSentDocuments())[0]).toEqual(sent);

      const again = await client.sendDocument({
        receiver: BAKERY.organisationNumber,
        document: earlier.reading.delivery.document,
        idempotencyKey: `once-${sent.messageId}`,
      });
      const repeated = await client.sendDocument({
        receiver: BAKERY.organisationNumber,
        document: earlier.reading.delivery.document,
        idempotencyKey: `once-${sent.messageId}`,
      });
      expect(repeated.messageId).toBe(again.messageId);
      expect(webhook.arrivals).toHaveLength(arrivalsBefore + 2);
    });

    it('refuses a tampered body and a stale timestamp', async () => {
      await client.registerReceiver({ ...BAKERY, webhookUrl: webhook.url });
      const arrival = await sendExampleFromPage(BAKERY.organisationNumber, 'electricity-invoice');
      expect(arrival.reading.accepted).toBe(true);
      const tampered = client.readDelivery({
        ...arrival.incoming,
        rawBody: arrival.incoming.rawBody.toString().replace('<cbc:PaymentID>', '<cbc:PaymentID>9'),
      });
      expect(tampered).toEqual({
        accepted: false,
        refusal: expect.objectContaining({ reason: 'signature-mismatch', httpStatus: 401 }),
      });
      const stale = client.readDelivery({
        ...arrival.incoming,
        signatureHeader: signWebhook(
          sandbox.providers.peppol.webhookSecret,
          arrival.incoming.rawBody,
          Math.floor(Date.now() / 1000) - 600,
        ),
      });
      expect(stale).toMatchObject({ accepted: false, refusal: { reason: 'signature-stale' } });
      const unsigned = client.readDelivery({ ...arrival.incoming, signatureHeader: undefined });
      expect(unsigned).toMatchObject({ accepted: false, refusal: { reason: 'signature-missing' } });
    });

    it('refuses a delivery signed with a wrong secret (fault bad-signature), and the access point reports it undelivered', async () => {
      await client.registerReceiver({ ...BAKERY, webhookUrl: webhook.url });
      const earlier = await sendExampleFromPage(BAKERY.organisationNumber, 'electricity-invoice');
      if (!earlier.reading.accepted) throw new Error('refused');
      await planFault('/peppol/api/v1/outbox', 'bad-signature', 1);
      const sent = await client.sendDocument({
        receiver: BAKERY.organisationNumber,
        document: earlier.reading.delivery.document,
      });
      expect(webhook.arrivals.at(-1)?.reading).toMatchObject({
        accepted: false,
        refusal: { reason: 'signature-mismatch' },
      });
      expect(sent.delivery).toEqual({ delivered: false, attempts: 1, lastStatus: 401 });
    });

    it('refuses what is not an SBDH envelope of a BIS Billing 3 document for a valid receiver', async () => {
      await client.registerReceiver({ ...BAKERY, webhookUrl: webhook.url });
      const arrival = await sendExampleFromPage(BAKERY.organisationNumber, 'electricity-invoice');
      const reasonOf = (reading: EhfDeliveryReading) =>
        reading.accepted ? 'accepted' : reading.refusal.reason;

      expect(reasonOf(resigned(arrival, (body) => body))).toBe('accepted');
      expect(
        reasonOf(
          resigned(
            arrival,
            () => '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
          ),
        ),
      ).toBe('not-sbdh');
      expect(reasonOf(resigned(arrival, () => 'plain text'))).toBe('not-sbdh');
      expect(
        reasonOf(
          resigned(arrival, (body) =>
            body.replace(
              '<StandardBusinessDocument ',
              '<!DOCTYPE x [<!ENTITY a "a">]><StandardBusinessDocument ',
            ),
          ),
        ),
      ).toBe('not-sbdh');
      expect(
        reasonOf(
          resigned(arrival, (body) =>
            body.replaceAll('::Invoice##', '::Order##').replace('<Type>Invoice</Type>', '<Type>Order</Type>'),
          ),
        ),
      ).toBe('unknown-document-type');
      expect(
        reasonOf(
          resigned(arrival, (body) => body.replace('<Type>Invoice</Type>', '<Type>CreditNote</Type>')),
        ),
      ).toBe('unknown-document-type');
      expect(
        reasonOf(
          resigned(arrival, (body) =>
            body.replace('billing:3.0::2.1', 'billing:3.0#conformant#urn:example:other::2.1'),
          ),
        ),
      ).toBe('unknown-document-type');
      expect(reasonOf(resigned(arrival, (body) => body.replace('0192:923456783', '0192:923456784')))).toBe(
        'invalid-participant',
      );
      expect(
        reasonOf(resigned(arrival, (body) => body.replace('0192:923456783', '0088:7300010000001'))),
      ).toBe('invalid-participant');
      expect(reasonOf(resigned(arrival, (body) => body, 'another-message'))).toBe('message-id-mismatch');
      expect(
        reasonOf(
          resigned(arrival, (body) =>
            body.replace(
              '</StandardBusinessDocument>',
              `<!--${'x'.repeat(11 * 1024 * 1024)}--></StandardBusinessDocument>`,
            ),
          ),
        ),
      ).toBe('oversized');
    });
  });

  describe('refusals of the outbox', () => {
    it('names an unknown receiver, a document type the receiver does not take, an unreadable and an oversized document', async () => {
      await client.registerReceiver({ ...BAKERY, webhookUrl: webhook.url });
      const creditNote = await sendExampleFromPage(BAKERY.organisationNumber, 'electricity-credit-note');
      if (!creditNote.reading.accepted) throw new Error('refused');
      const document = creditNote.reading.delivery.document;

      expect(await failureOf(client.sendDocument({ receiver: NEVER_REGISTERED, document }))).toMatchObject({
        failure: 'rejected',
        status: 404,
        reasonKey: 'peppolReceiverUnknown',
      });
      expect(
        await failureOf(client.sendDocument({ receiver: INVOICE_ONLY.organisationNumber, document })),
      ).toMatchObject({
        failure: 'rejected',
        status: 422,
        reasonKey: 'peppolDocumentTypeNotAccepted',
      });
      const unreadable = await failureOf(
        client.sendDocument({ receiver: BAKERY.organisationNumber, document: '<Order/>' }),
      );
      expect(unreadable).toMatchObject({
        failure: 'rejected',
        status: 422,
        reasonKey: 'peppolDocumentInvalid',
      });
      expect((unreadable as ProviderError).partyText).toContain('Order');
      const oversized = document.replace('<cbc:Note>', `<cbc:Note>${'x'.repeat(10 * 1024 * 1024)}`);
      expect(
        await failureOf(client.sendDocument({ receiver: BAKERY.organisationNumber, document: oversized })),
      ).toMatchObject({
        failure: 'rejected',
        status: 413,
        reasonKey: 'peppolDocumentTooLarge',
      });
    });
  });

  describe('faults', () => {
    it('retries a 5xx from the SMP until it answers, and gives up as unavailable when it does not', async () => {
      await planFault('/peppol/smp/', 'server-error', 2);
      expect((await client.lookupParticipant(INVOICE_ONLY.organisationNumber)).registered).toBe(true);
      await planFault('/peppol/smp/', 'server-error', 3);
      expect(await failureOf(client.lookupParticipant(INVOICE_ONLY.organisationNumber))).toMatchObject({
        party: 'peppol',
        failure: 'unavailable',
        status: 500,
      });
    });

    it('waits out a 429 on the API and answers', async () => {
      await planFault('/peppol/api/v1/participants', 'rate-limit;retry-after=1', 1);
      expect(Array.isArray(await client.listReceivers())).toBe(true);
    });

    it('gives up on a party slower than its timeout', async () => {
      await planFault('/peppol/smp/', 'slow=400', 3);
      const impatient = clientWith({}, 100);
      expect(await failureOf(impatient.lookupParticipant(INVOICE_ONLY.organisationNumber))).toMatchObject({
        failure: 'unavailable',
        status: undefined,
      });
    });

    it('reports a wrong API key as a credentials failure', async () => {
      const wrongKey = clientWith({ apiKey: 'not-the-key' });
      expect(await failureOf(wrongKey.listReceivers())).toMatchObject({
        failure: 'credentials',
        status: 401,
      });
      expect(
        await failureOf(wrongKey.registerReceiver({ ...BAKERY, webhookUrl: webhook.url })),
      ).toMatchObject({
        failure: 'credentials',
      });
    });

    it('refuses a delivery signed with another secret than its own', async () => {
      await client.registerReceiver({ ...BAKERY, webhookUrl: webhook.url });
      const arrival = await sendExampleFromPage(BAKERY.organisationNumber, 'electricity-invoice');
      const otherSecret = clientWith({ webhookSecret: 'another-webhook-secret-value' });
      expect(otherSecret.readDelivery(arrival.incoming)).toMatchObject({
        accepted: false,
        refusal: { reason: 'signature-mismatch' },
      });
    });
  });
});
