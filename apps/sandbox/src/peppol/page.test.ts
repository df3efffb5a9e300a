import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, type Sandbox } from '../app';
import { DEFAULT_CREDENTIALS } from '../platform/context';
import { listPublicSamples } from './public-samples';
import { givenReceiver } from './test-receiver';

const KEY = { 'x-api-key': DEFAULT_CREDENTIALS.peppolApiKey };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the PEPPOL access point page', () => {
  let app: Sandbox;
  beforeAll(async () => {
    app = await buildSandbox({ logger: false });
  });
  afterAll(() => app.close());

  const post = (fields: Record<string, string>, language = 'en') =>
    app.inject({
      method: 'POST',
      url: `/peppol/send?lang=${language}`,
      headers: FORM,
      payload: new URLSearchParams(fields).toString(),
    });

  it('lists the receivers and the example documents in both languages, as a sandbox', async () => {
    const english = await app.inject({ method: 'GET', url: '/peppol?lang=en' });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('data-sandbox-banner');
    expect(english.body).toContain('Send and receive EHF');
    expect(english.body).toContain('The product has not registered any company at this access point yet.');
    expect(english.body).toContain('Kraftlaget Vest AS');
    expect(english.body).toContain('value="example:conference-invoice"');
    expect(english.body).toMatch(/<input id="receiver"[^>]*autofocus/);
    const norwegian = await app.inject({
      method: 'GET',
      url: '/peppol',
      headers: { 'accept-language': 'nb-NO' },
    });
    expect(norwegian.body).toContain('lang="nb"');
    expect(norwegian.body).toContain('Send og motta EHF');
    expect(norwegian.body).toContain('Mottakerens organisasjonsnummer');
  });

  it.skipIf(listPublicSamples().length === 0)(
    'offers the public samples beside the repository by file name',
    async () => {
      const page = await app.inject({ method: 'GET', url: '/peppol?lang=en' });
      for (const name of listPublicSamples()) expect(page.body).toContain(`value="sample:${name}"`);
    },
  );

  it('sends an example to a registered receiver and shows that it was delivered', async () => {
    const receiver = await givenReceiver();
    try {
      await app.inject({
        method: 'POST',
        url: '/peppol/api/v1/participants',
        headers: KEY,
        payload: { organisationNumber: '923456783', name: 'Nordlys Bakeri AS', webhookUrl: receiver.url },
      });
      const sent = await post({
        receiver: '923 456 783',
        document: 'example:office-supplies-invoice',
        xml: '',
      });
      expect(sent.statusCode).toBe(303);
      const location = sent.headers.location ?? '';
      expect(location).toMatch(/^\/peppol\?lang=en&sent=[0-9a-f-]{36}#outcome$/);
      const page = await app.inject({ method: 'GET', url: location });
      expect(page.body).toContain('data-outcome="delivered"');
      expect(page.body).toContain(
        `Delivered: the webhook ${receiver.url} answered HTTP 200 after 1 attempt.`,
      );
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('shows honestly that a delivery failed after its attempts', async () => {
    await app.inject({
      method: 'POST',
      url: '/peppol/api/v1/participants',
      headers: KEY,
      // Nothing listens on port 9 (discard), so every attempt fails to connect.
      payload: {
        organisationNumber: '812345672',
        name: 'Havblikk Fiskeri AS',
        webhookUrl: 'http://127.0.0.1:9/inbound',
      },
    });
    const sent = await post({ receiver: '812345672', document: 'example:electricity-invoice' }, 'no');
    const page = await app.inject({ method: 'GET', url: sent.headers.location ?? '' });
    expect(page.body).toContain('data-outcome="not-delivered"');
    expect(page.body).toContain(
      'Ikke levert: webhooken http://127.0.0.1:9/inbound kunne ikke nås på 4 forsøk.',
    );
  }, 15_000);

  it('tells why when the receiver is not registered, the number is wrong or no document is chosen', async () => {
    const unregistered = await post({ receiver: '974760673', document: 'example:electricity-invoice' });
    expect(unregistered.statusCode).toBe(404);
    expect(unregistered.body).toContain('974 760 673 is not registered in the SMP');
    expect(unregistered.body).toContain('value="974760673"');
    const wrongNumber = await post({ receiver: '12345', document: 'example:electricity-invoice' }, 'no');
    expect(wrongNumber.statusCode).toBe(422);
    expect(wrongNumber.body).toContain('Skriv mottakeren som et norsk organisasjonsnummer');
    const nothingPasted = await post({ receiver: '996718557', document: 'pasted', xml: '  ' });
    expect(nothingPasted.body).toContain('Paste the XML');
    const outsideTheFolder = await post({ receiver: '996718557', document: 'sample:../../../../etc/passwd' });
    expect(outsideTheFolder.statusCode).toBe(422);
    expect(outsideTheFolder.body).toContain('Choose a document to send.');
    const notAForm = await app.inject({
      method: 'POST',
      url: '/peppol/send',
      payload: { receiver: ['a', 'b'] },
    });
    expect(notAForm.statusCode).toBe(422);
  });

  it('escapes whatever is pasted, and explains why it is not an EHF document', async () => {
    const hostile = '<script>alert("x")</script>';
    const response = await post({ receiver: '996718557', document: 'pasted', xml: hostile });
    expect(response.statusCode).toBe(422);
    expect(response.body).not.toContain(hostile);
    expect(response.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(response.body).toContain('is not an EHF invoice or credit note');
  });
});
