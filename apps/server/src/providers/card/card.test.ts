import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ore } from '@bilag/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../config';
import { givenSandbox, noWait, type RunningSandbox } from '../../test/sandbox';
import { ProviderError } from '../provider-error';
import { signWebhook } from '../webhook-signature';
import { createCardClient } from './http-client';
import {
  CARD_SIGNATURE_HEADER,
  type CardClient,
  type CardPayment,
  type CreateCardPayment,
} from './interface';

const RETURN_URL = 'https://bilag.example/payment-packages?package=standard';

let sandbox: RunningSandbox;
let card: CardClient;

beforeAll(async () => {
  sandbox = await givenSandbox();
  card = createCardClient(sandbox.providers, { sleep: noWait });
});
afterAll(() => sandbox.close());

function aPayment(overrides: Partial<CreateCardPayment> = {}): CreateCardPayment {
  return {
    amount: ore(149_000),
    currency: 'NOK',
    description: 'Betalingspakke Standard',
    metadata: { companyId: '42', packageId: 'standard' },
    returnUrl: RETURN_URL,
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ProviderError);
  return outcome as ProviderError;
}

async function planFault(pathPrefix: string, fault: string, times = 1) {
  const response = await fetch(`${sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pathPrefix, fault, times }),
  });
  expect(response.status).toBe(201);
}

async function moveSandboxClock(offsetDays: number) {
  await fetch(`${sandbox.url}/sandbox/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetDays }),
  });
}

/** A browser's view of the provider's pages: no redirects followed, so each hop can be checked. */
const browser = {
  async open(url: string) {
    const response = await fetch(url, { redirect: 'manual' });
    return {
      status: response.status,
      html: await response.text(),
      location: response.headers.get('location'),
    };
  },
  /** Submits the page's form as a person would: its action, its hidden fields, and what they typed. */
  async submit(pageHtml: string, typed: Record<string, string>) {
    const action = /<form method="post" action="([^"]+)"/.exec(pageHtml)?.[1]?.replaceAll('&amp;', '&');
    const clientSecret = /name="client_secret" value="([^"]+)"/.exec(pageHtml)?.[1];
    expect(action, 'the page has a form').toBeDefined();
    const response = await fetch(action ?? '', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: clientSecret ?? '', ...typed }).toString(),
    });
    return {
      status: response.status,
      html: await response.text(),
      location: response.headers.get('location'),
    };
  },
};

const CARD_FORM = { expiry: '12/34', cvc: '123', cardholder_name: 'Kari Nordmann' };

function returnParameters(location: string | null) {
  expect(location, 'a redirect').toBeTruthy();
  const url = new URL(location ?? '');
  return {
    base: `${url.origin}${url.pathname}`,
    package: url.searchParams.get('package'),
    paymentIntent: url.searchParams.get('payment_intent'),
    clientSecret: url.searchParams.get('payment_intent_client_secret'),
    redirectStatus: url.searchParams.get('redirect_status'),
  };
}

describe('card payments', () => {
  it('creates a payment awaiting a card, with its checkout page, and reads it back as created', async () => {
    const created = await card.createPaymentIntent(aPayment({ receiptEmail: 'kari@example.no' }));
    expect(created).toMatchObject({
      status: 'awaiting-card',
      amount: 149_000,
      currency: 'NOK',
      description: 'Betalingspakke Standard',
      metadata: { companyId: '42', packageId: 'standard' },
      receiptEmail: 'kari@example.no',
      authenticationUrl: undefined,
      lastFailure: undefined,
    });
    expect(created.id).toMatch(/^pi_/);
    expect(created.clientSecret).toContain(created.id);
    expect(created.checkoutUrl.startsWith(`${sandbox.url}/card/checkout/${created.id}?`)).toBe(true);
    expect(Math.abs(Date.parse(created.createdAt) - Date.now())).toBeLessThan(60_000);

    expect(await card.getPaymentIntent(created.id)).toEqual(created);
  });

  it('gives the same payment for a repeat with the same idempotency key, and refuses the key with other details', async () => {
    const payment = aPayment();
    const first = await card.createPaymentIntent(payment);
    const repeat = await card.createPaymentIntent(payment);
    expect(repeat.id).toBe(first.id);

    const changed = await failureOf(card.createPaymentIntent({ ...payment, amount: ore(99_000) }));
    expect(changed).toMatchObject({
      failure: 'rejected',
      status: 409,
      partyCode: 'idempotency_error',
      reasonKey: 'cardIdempotencyConflict',
    });
  });

  it('passes on the provider’s refusal of details outside its bounds, with its code', async () => {
    const tooSmall = await failureOf(card.createPaymentIntent(aPayment({ amount: ore(50) })));
    expect(tooSmall).toMatchObject({ failure: 'rejected', status: 400, partyCode: 'amount_too_small' });
    expect(tooSmall.partyText).toContain('amount');

    const tooManyKeys = Object.fromEntries(
      Array.from({ length: 21 }, (_, index) => [`key${index}`, 'value']),
    );
    const metadata = await failureOf(card.createPaymentIntent(aPayment({ metadata: tooManyKeys })));
    expect(metadata).toMatchObject({ failure: 'rejected', status: 400, partyCode: 'parameter_invalid' });
  });

  it('says so in the product’s words when the payment is not known', async () => {
    const unknown = await failureOf(card.getPaymentIntent('pi_000000000000000000000000'));
    expect(unknown).toMatchObject({
      failure: 'rejected',
      status: 404,
      partyCode: 'resource_missing',
      reasonKey: 'cardPaymentNotFound',
    });
  });

  it('takes EUR and the checkout language', async () => {
    const created = await card.createPaymentIntent(
      aPayment({ currency: 'EUR', amount: ore(12_50_00), language: 'no' }),
    );
    expect(created).toMatchObject({ currency: 'EUR', amount: 125_000 });
    const page = await browser.open(created.checkoutUrl);
    expect(page.html).toContain('lang="nb"');
    expect(page.html).toContain('EUR 1 250,00');
  });
});

describe('server-side confirmation with each test payment method', () => {
  it.each([
    ['pm_card_visa', 'paid'],
    ['pm_card_mastercard', 'paid'],
  ])('%s pays at once', async (paymentMethod, status) => {
    const created = await card.createPaymentIntent(aPayment());
    const confirmed = await card.confirmPaymentIntent(created.id, paymentMethod);
    expect(confirmed.status).toBe(status);
    expect((await card.getPaymentIntent(created.id)).status).toBe('paid');
  });

  it.each([
    ['pm_card_chargeDeclined', 'generic_decline', 'card_declined', 'cardDeclined'],
    [
      'pm_card_chargeDeclinedInsufficientFunds',
      'insufficient_funds',
      'card_declined',
      'cardInsufficientFunds',
    ],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'expired_card', 'cardExpired'],
  ])(
    '%s is refused with %s, and the payment awaits another card',
    async (paymentMethod, declineCode, code, reasonKey) => {
      const created = await card.createPaymentIntent(aPayment());
      const refusal = await failureOf(card.confirmPaymentIntent(created.id, paymentMethod));
      expect(refusal).toMatchObject({
        party: 'card',
        failure: 'rejected',
        status: 402,
        partyCode: declineCode,
        reasonKey,
      });
      expect(refusal.partyText).toBeTruthy();

      const after = await card.getPaymentIntent(created.id);
      expect(after.status).toBe('awaiting-card');
      expect(after.lastFailure).toMatchObject({ code, declineCode, reasonKey });

      // The person may try another card on the same payment.
      expect((await card.confirmPaymentIntent(created.id, 'pm_card_visa')).status).toBe('paid');
    },
  );

  it('pm_card_threeDSecureRequired waits for 3-D Secure, completed on the issuer’s page', async () => {
    const created = await card.createPaymentIntent(aPayment());
    const confirmed = await card.confirmPaymentIntent(created.id, 'pm_card_threeDSecureRequired');
    expect(confirmed.status).toBe('awaiting-authentication');
    expect(confirmed.authenticationUrl?.startsWith(`${sandbox.url}/card/authenticate/${created.id}?`)).toBe(
      true,
    );

    const page = await browser.open(`${confirmed.authenticationUrl}&lang=en`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Complete authentication');
    expect(page.html).toContain('NOK 1,490.00');
    const answered = await browser.submit(page.html, { outcome: 'complete' });
    expect(answered.status).toBe(303);
    expect(returnParameters(answered.location)).toEqual({
      base: 'https://bilag.example/payment-packages',
      package: 'standard',
      paymentIntent: created.id,
      clientSecret: created.clientSecret,
      redirectStatus: 'succeeded',
    });
    expect((await card.getPaymentIntent(created.id)).status).toBe('paid');
  });

  it('pm_card_threeDSecureRequired with a failed authentication sends the person back failed, to the return URL given', async () => {
    const created = await card.createPaymentIntent(aPayment());
    const otherReturn = 'https://bilag.example/payment-packages/3ds-return';
    const confirmed = await card.confirmPaymentIntent(created.id, 'pm_card_threeDSecureRequired', {
      returnUrl: otherReturn,
    });
    const page = await browser.open(confirmed.authenticationUrl ?? '');
    const answered = await browser.submit(page.html, { outcome: 'fail' });
    expect(returnParameters(answered.location)).toMatchObject({
      base: otherReturn,
      redirectStatus: 'failed',
    });

    const after = await card.getPaymentIntent(created.id);
    expect(after.status).toBe('awaiting-card');
    expect(after.lastFailure).toMatchObject({
      code: 'payment_intent_authentication_failure',
      reasonKey: 'cardAuthenticationFailed',
    });
  });

  it('pm_card_settlesLater is processing first, then paid', async () => {
    const created = await card.createPaymentIntent(aPayment());
    expect((await card.confirmPaymentIntent(created.id, 'pm_card_settlesLater')).status).toBe('processing');
    await moveSandboxClock(1);
    try {
      expect((await card.getPaymentIntent(created.id)).status).toBe('paid');
    } finally {
      await moveSandboxClock(0);
    }
  });

  it('refuses a payment method the provider does not know', async () => {
    const created = await card.createPaymentIntent(aPayment());
    const refusal = await failureOf(card.confirmPaymentIntent(created.id, 'pm_card_unknown'));
    expect(refusal).toMatchObject({ failure: 'rejected', status: 400, partyCode: 'resource_missing' });
  });

  it('declines any card when the card-declined fault is planned for the confirmation', async () => {
    const created = await card.createPaymentIntent(aPayment());
    await planFault(`/card/v1/payment_intents/${created.id}/confirm`, 'card-declined');
    const refusal = await failureOf(card.confirmPaymentIntent(created.id, 'pm_card_visa'));
    expect(refusal).toMatchObject({ status: 402, partyCode: 'generic_decline', reasonKey: 'cardDeclined' });
    expect((await card.confirmPaymentIntent(created.id, 'pm_card_visa')).status).toBe('paid');
  });
});

describe('cancelling', () => {
  it('cancels a payment awaiting a card, and then refuses to pay it', async () => {
    const created = await card.createPaymentIntent(aPayment());
    const canceled = await card.cancelPaymentIntent(created.id, 'abandoned');
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceledAt).toBeDefined();

    const confirm = await failureOf(card.confirmPaymentIntent(created.id, 'pm_card_visa'));
    expect(confirm).toMatchObject({
      status: 400,
      partyCode: 'payment_intent_unexpected_state',
      reasonKey: 'cardPaymentNotChangeable',
    });
  });

  it('refuses to cancel a paid payment', async () => {
    const created = await card.createPaymentIntent(aPayment());
    await card.confirmPaymentIntent(created.id, 'pm_card_visa');
    const refusal = await failureOf(card.cancelPaymentIntent(created.id));
    expect(refusal).toMatchObject({
      failure: 'rejected',
      status: 400,
      reasonKey: 'cardPaymentNotChangeable',
    });
    expect((await card.getPaymentIntent(created.id)).status).toBe('paid');
  });
});

describe('the hosted checkout, as a browser uses it', () => {
  let payment: CardPayment;
  beforeAll(async () => {
    payment = await card.createPaymentIntent(aPayment({ description: 'Pakke <Standard> & mer' }));
  });

  it('shows what is paid for and the amount in the page’s language, and lists the test cards', async () => {
    const english = await browser.open(`${payment.checkoutUrl}&lang=en`);
    expect(english.status).toBe(200);
    expect(english.html).toContain('NOK 1,490.00');
    expect(english.html).toContain('Pakke &lt;Standard&gt; &amp; mer');
    expect(english.html).toContain('4242 4242 4242 4242');
    expect(english.html).toContain('4000 0025 0000 3155');
    const norwegian = await browser.open(`${payment.checkoutUrl}&lang=no`);
    expect(norwegian.html).toContain('kr 1 490,00');
    expect(norwegian.html).toContain('Kortnummer');
  });

  it('refuses a link whose client secret does not match', async () => {
    const tampered = payment.checkoutUrl.replace(/client_secret=[^&]+/, 'client_secret=pi_x_secret_guess');
    const page = await browser.open(tampered);
    expect(page.status).toBe(404);
    expect(page.html).not.toContain('card_number');
  });

  it('checks the card number (Luhn), the expiry against the sandbox’s today, the CVC and the name', async () => {
    const page = await browser.open(`${payment.checkoutUrl}&lang=en`);
    const answered = await browser.submit(page.html, {
      card_number: '4242 4242 4242 4241',
      expiry: '01/20',
      cvc: '12',
      cardholder_name: ' ',
    });
    expect(answered.status).toBe(400);
    expect(answered.html.match(/aria-invalid="true"/g)).toHaveLength(4);
    expect(answered.html).toContain('The expiry date has passed.');
    expect((await card.getPaymentIntent(payment.id)).status).toBe('awaiting-card');

    await moveSandboxClock(3650);
    try {
      const later = await browser.submit(page.html, {
        ...CARD_FORM,
        card_number: '4242424242424242',
        expiry: '12/30',
      });
      expect(later.status).toBe(400);
      expect(later.html).toContain('The expiry date has passed.');
    } finally {
      await moveSandboxClock(0);
    }
  });

  it('shows a decline on the checkout page, lets the person try another card, and sends them back paid', async () => {
    const page = await browser.open(`${payment.checkoutUrl}&lang=en`);
    const declined = await browser.submit(page.html, { ...CARD_FORM, card_number: '4000 0000 0000 9995' });
    expect(declined.status).toBe(303);
    expect(declined.location?.startsWith(`${sandbox.url}/card/checkout/${payment.id}?`)).toBe(true);
    const again = await browser.open(declined.location ?? '');
    expect(again.html).toContain('The card has insufficient funds.');
    expect((await card.getPaymentIntent(payment.id)).lastFailure?.declineCode).toBe('insufficient_funds');

    const paid = await browser.submit(again.html, { ...CARD_FORM, card_number: '4242 4242 4242 4242' });
    expect(paid.status).toBe(303);
    expect(returnParameters(paid.location)).toEqual({
      base: 'https://bilag.example/payment-packages',
      package: 'standard',
      paymentIntent: payment.id,
      clientSecret: payment.clientSecret,
      redirectStatus: 'succeeded',
    });
    expect((await card.getPaymentIntent(payment.id)).status).toBe('paid');

    const revisited = await browser.open(`${payment.checkoutUrl}&lang=en`);
    expect(revisited.html).toContain('Payment complete');
    expect(revisited.html).not.toContain('name="card_number"');
  });

  it('takes the 3-D Secure card through the issuer’s page; a failed authentication returns to the checkout', async () => {
    const created = await card.createPaymentIntent(aPayment());
    const page = await browser.open(`${created.checkoutUrl}&lang=en`);
    const toIssuer = await browser.submit(page.html, { ...CARD_FORM, card_number: '4000002500003155' });
    expect(toIssuer.status).toBe(303);
    expect(toIssuer.location?.startsWith(`${sandbox.url}/card/authenticate/${created.id}?`)).toBe(true);
    expect((await card.getPaymentIntent(created.id)).status).toBe('awaiting-authentication');

    const issuer = await browser.open(toIssuer.location ?? '');
    expect(issuer.html).toContain('Visa •••• 3155');
    const failed = await browser.submit(issuer.html, { outcome: 'fail' });
    expect(failed.location?.startsWith(`${sandbox.url}/card/checkout/${created.id}?`)).toBe(true);
    const checkout = await browser.open(failed.location ?? '');
    expect(checkout.html).toContain('not confirmed with the card issuer');

    const retried = await browser.submit(checkout.html, { ...CARD_FORM, card_number: '4000002500003155' });
    const issuerAgain = await browser.open(retried.location ?? '');
    const completed = await browser.submit(issuerAgain.html, { outcome: 'complete' });
    expect(returnParameters(completed.location)).toMatchObject({
      paymentIntent: created.id,
      redirectStatus: 'succeeded',
    });
    expect((await card.getPaymentIntent(created.id)).status).toBe('paid');
  });

  it('offers a way back to the shop that leaves the payment open', async () => {
    const created = await card.createPaymentIntent(aPayment());
    const page = await browser.open(`${created.checkoutUrl}&lang=en`);
    const back = /<a href="([^"]+)">Back to the shop without paying<\/a>/
      .exec(page.html)?.[1]
      ?.replaceAll('&amp;', '&');
    expect(returnParameters(back ?? null)).toMatchObject({
      paymentIntent: created.id,
      redirectStatus: 'canceled',
    });
    expect((await card.getPaymentIntent(created.id)).status).toBe('awaiting-card');
  });
});

describe('webhooks, received as the product receives them', () => {
  type Delivery = { signatureHeader: string | undefined; rawBody: string; answered: number };
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const header = request.headers[CARD_SIGNATURE_HEADER];
      const delivery = {
        signatureHeader: typeof header === 'string' ? header : undefined,
        rawBody: Buffer.concat(chunks).toString('utf8'),
      };
      const reading = card.readWebhook(delivery);
      const answered = reading.accepted ? 200 : 400;
      deliveries.push({ ...delivery, answered });
      response.writeHead(answered).end();
    });
  });
  let receiverUrl: string;
  let endpointId: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/card`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The events about one payment the product has received (and accepted) so far, waited for. */
  async function eventsAbout(paymentId: string, count: number) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const events = deliveries
        .map((delivery) => card.readWebhook(delivery))
        .flatMap((reading) => (reading.accepted ? [reading.event] : []))
        .filter((event) => event.payment.id === paymentId);
      if (events.length >= count || Date.now() > deadline) return events;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('registers an endpoint and lists it', async () => {
    const endpoint = await card.registerWebhookEndpoint(receiverUrl, [
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
      'payment_intent.canceled',
      'payment_intent.requires_action',
    ]);
    expect(endpoint).toMatchObject({ url: receiverUrl, enabled: true });
    expect(endpoint.id).toMatch(/^we_/);
    endpointId = endpoint.id;
    expect(await card.listWebhookEndpoints()).toContainEqual(endpoint);
  });

  it('tells the endpoint of a decline, a 3-D Secure request, a payment and a cancellation, signed', async () => {
    const paid = await card.createPaymentIntent(aPayment());
    await failureOf(card.confirmPaymentIntent(paid.id, 'pm_card_chargeDeclined'));
    await card.confirmPaymentIntent(paid.id, 'pm_card_threeDSecureRequired');
    const issuer = await browser.open((await card.getPaymentIntent(paid.id)).authenticationUrl ?? '');
    await browser.submit(issuer.html, { outcome: 'complete' });
    const canceled = await card.createPaymentIntent(aPayment());
    await card.cancelPaymentIntent(canceled.id, 'requested_by_customer');

    const aboutPaid = await eventsAbout(paid.id, 3);
    expect(aboutPaid.map((event) => [event.type, event.payment.status]).sort()).toEqual([
      ['payment_intent.payment_failed', 'awaiting-card'],
      ['payment_intent.requires_action', 'awaiting-authentication'],
      ['payment_intent.succeeded', 'paid'],
    ]);
    const failed = aboutPaid.find((event) => event.type === 'payment_intent.payment_failed');
    expect(failed?.payment.lastFailure).toMatchObject({
      declineCode: 'generic_decline',
      reasonKey: 'cardDeclined',
    });
    expect(failed?.id).toMatch(/^evt_/);
    const aboutCanceled = await eventsAbout(canceled.id, 1);
    expect(aboutCanceled.map((event) => event.type)).toEqual(['payment_intent.canceled']);
    // Only the types the endpoint asked for: not payment_intent.created.
    expect(deliveries.every((delivery) => !delivery.rawBody.includes('"payment_intent.created"'))).toBe(true);
    expect(deliveries.every((delivery) => delivery.answered === 200)).toBe(true);
  });

  it('refuses a changed body, an old delivery, another secret, and what is not a signed event', async () => {
    const genuine = deliveries[0];
    if (!genuine) throw new Error('no webhook was received');
    expect(card.readWebhook(genuine).accepted).toBe(true);

    const tampered = genuine.rawBody.replace('"amount":149000', '"amount":1');
    expect(tampered).not.toBe(genuine.rawBody);
    expect(card.readWebhook({ ...genuine, rawBody: tampered })).toEqual({
      accepted: false,
      reason: 'mismatch',
    });

    const tenMinutesLater = createCardClient(sandbox.providers, {
      now: () => new Date(Date.now() + 10 * 60_000),
    });
    expect(tenMinutesLater.readWebhook(genuine)).toEqual({ accepted: false, reason: 'stale' });

    const otherSecret: ProviderSettings = {
      ...sandbox.providers,
      card: { ...sandbox.providers.card, webhookSecret: 'whsec_another_receiver_secret' },
    };
    expect(createCardClient(otherSecret).readWebhook(genuine)).toEqual({
      accepted: false,
      reason: 'mismatch',
    });

    expect(card.readWebhook({ ...genuine, signatureHeader: undefined })).toEqual({
      accepted: false,
      reason: 'missing',
    });
    expect(card.readWebhook({ ...genuine, signatureHeader: 'v1=nonsense' })).toEqual({
      accepted: false,
      reason: 'malformed',
    });
    const secret = sandbox.providers.card.webhookSecret;
    const notAnEvent = JSON.stringify({ object: 'charge', id: 'ch_1' });
    expect(
      card.readWebhook({
        signatureHeader: signWebhook(secret, notAnEvent, Math.floor(Date.now() / 1000)),
        rawBody: notAnEvent,
      }),
    ).toEqual({ accepted: false, reason: 'not-an-event' });
    const notJson = 'payment_intent.succeeded';
    expect(
      card.readWebhook({
        signatureHeader: signWebhook(secret, notJson, Math.floor(Date.now() / 1000)),
        rawBody: notJson,
      }),
    ).toEqual({ accepted: false, reason: 'not-an-event' });
  });

  it('stops sending to a deleted endpoint', async () => {
    await card.deleteWebhookEndpoint(endpointId);
    expect((await card.listWebhookEndpoints()).map((endpoint) => endpoint.id)).not.toContain(endpointId);
    const created = await card.createPaymentIntent(aPayment());
    await card.confirmPaymentIntent(created.id, 'pm_card_visa');
    const log = (await (await fetch(`${sandbox.url}/sandbox/webhooks`)).json()) as {
      deliveries: { url: string; bodyPreview: string }[];
    };
    expect(log.deliveries.some((delivery) => delivery.bodyPreview.includes(created.id))).toBe(false);

    const again = await failureOf(card.deleteWebhookEndpoint(endpointId));
    expect(again).toMatchObject({ failure: 'rejected', status: 404, partyCode: 'resource_missing' });
  });
});

describe('when the provider has a bad day', () => {
  it('refuses wrong credentials as a credentials failure', async () => {
    const wrongKey: ProviderSettings = {
      ...sandbox.providers,
      card: { ...sandbox.providers.card, secretKey: 'sk_test_not_ours' },
    };
    const refusal = await failureOf(
      createCardClient(wrongKey, { sleep: noWait }).createPaymentIntent(aPayment()),
    );
    expect(refusal).toMatchObject({ party: 'card', failure: 'credentials', status: 401 });
  });

  it('retries a 500 and a 429 and then answers', async () => {
    const created = await card.createPaymentIntent(aPayment());
    await planFault(`/card/v1/payment_intents/${created.id}`, 'server-error');
    expect((await card.getPaymentIntent(created.id)).id).toBe(created.id);

    await planFault('/card/v1/payment_intents', 'rate-limit;retry-after=1');
    const waits: number[] = [];
    const patient = createCardClient(sandbox.providers, { sleep: async (ms) => void waits.push(ms) });
    const payment = aPayment();
    const retried = await patient.createPaymentIntent(payment);
    expect(waits).toEqual([1000]);
    // The retry carried the same idempotency key: one payment, not two.
    expect((await card.createPaymentIntent(payment)).id).toBe(retried.id);
  });

  it('is unavailable when the provider keeps failing or answers too slowly', async () => {
    const created = await card.createPaymentIntent(aPayment());
    await planFault(`/card/v1/payment_intents/${created.id}`, 'unavailable', 3);
    const unavailable = await failureOf(card.getPaymentIntent(created.id));
    expect(unavailable).toMatchObject({ failure: 'unavailable', status: 503 });

    await planFault(`/card/v1/payment_intents/${created.id}`, 'slow=1500', 3);
    const impatient = createCardClient({ ...sandbox.providers, timeoutMs: 200 }, { sleep: noWait });
    const slow = await failureOf(impatient.getPaymentIntent(created.id));
    expect(slow).toMatchObject({ failure: 'unavailable', status: undefined });
  });
});
