import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, type Sandbox } from '../app';

const KEY = { authorization: 'Bearer sk_test_sandbox' };
const FORM = { ...KEY, 'content-type': 'application/x-www-form-urlencoded' };
const VALID = 'amount=149000&currency=nok&return_url=https%3A%2F%2Fshop.example%2Fpaid';

describe('the card provider (PaymentIntents style)', () => {
  let app: Sandbox;
  beforeAll(async () => {
    app = await buildSandbox();
  });
  afterAll(() => app.close());

  const create = (payload: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/card/v1/payment_intents',
      headers: { ...FORM, ...headers },
      payload,
    });

  it('answers only the account’s secret key, as the provider does', async () => {
    const missing = await app.inject({ method: 'GET', url: '/card/v1/webhook_endpoints' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.type).toBe('authentication_error');
    const wrong = await app.inject({
      method: 'GET',
      url: '/card/v1/webhook_endpoints',
      headers: { authorization: 'Bearer sk_test_other' },
    });
    expect(wrong.statusCode).toBe(401);
    // The hosted pages are the person's, reached by the client secret, not the key.
    expect((await app.inject({ method: 'GET', url: '/card/checkout/pi_x?client_secret=y' })).statusCode).toBe(
      404,
    );
  });

  it('reads bracket keys into metadata and hands out links under the address it was reached at', async () => {
    const response = await create(
      `${VALID}&metadata[companyId]=42&metadata%5Bpackage%5D=standard&metadata[empty]=`,
      {
        host: 'card.sandbox.test:3001',
      },
    );
    expect(response.statusCode).toBe(200);
    const intent = response.json();
    expect(intent).toMatchObject({
      object: 'payment_intent',
      amount: 149000,
      currency: 'nok',
      status: 'requires_payment_method',
      metadata: { companyId: '42', package: 'standard' },
      description: null,
      last_payment_error: null,
      next_action: null,
    });
    expect(intent.checkout_url).toBe(
      `http://card.sandbox.test:3001/card/checkout/${intent.id}?client_secret=${intent.client_secret}`,
    );
  });

  it.each([
    {
      payload: 'amount=99&currency=nok&return_url=https://x.example',
      code: 'amount_too_small',
      param: 'amount',
    },
    {
      payload: 'amount=100000000&currency=nok&return_url=https://x.example',
      code: 'amount_too_large',
      param: 'amount',
    },
    {
      payload: 'amount=12.50&currency=nok&return_url=https://x.example',
      code: 'parameter_invalid_integer',
      param: 'amount',
    },
    { payload: 'currency=nok&return_url=https://x.example', code: 'parameter_missing', param: 'amount' },
    {
      payload: 'amount=100&currency=sek&return_url=https://x.example',
      code: 'parameter_invalid',
      param: 'currency',
    },
    { payload: 'amount=100&currency=nok', code: 'parameter_missing', param: 'return_url' },
    {
      payload: 'amount=100&currency=nok&return_url=javascript:alert(1)',
      code: 'url_invalid',
      param: 'return_url',
    },
    { payload: 'amount=100&currency=nok&return_url=/relative', code: 'url_invalid', param: 'return_url' },
    { payload: `${VALID}&description=${'x'.repeat(501)}`, code: 'parameter_invalid', param: 'description' },
    {
      payload: `${VALID}&metadata[${'k'.repeat(41)}]=v`,
      code: 'parameter_invalid',
      param: `metadata[${'k'.repeat(41)}]`,
    },
    { payload: `${VALID}&metadata[k]=${'v'.repeat(501)}`, code: 'parameter_invalid', param: 'metadata[k]' },
    { payload: `${VALID}&metadata[__proto__]=x`, code: 'parameter_invalid', param: 'metadata[__proto__]' },
    { payload: `${VALID}&metadata=x`, code: 'parameter_invalid', param: 'metadata' },
    { payload: `${VALID}&amount=200`, code: 'parameter_invalid', param: 'amount' },
    { payload: `${VALID}&receipt_email=not-an-address`, code: 'email_invalid', param: 'receipt_email' },
    { payload: `${VALID}&confirm=true`, code: 'parameter_unknown', param: 'confirm' },
    { payload: `${VALID}&a[b][c]=1`, code: 'parameter_unknown', param: 'a[b][c]' },
  ])('refuses it with $code on $param', async ({ payload, code, param }) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ type: 'invalid_request_error', code, param });
  });

  it('refuses more than 20 metadata keys and a JSON body, in its own error shape', async () => {
    const keys = Array.from({ length: 21 }, (_, index) => `metadata[k${index}]=v`).join('&');
    const tooMany = await create(`${VALID}&${keys}`);
    expect(tooMany.json().error).toMatchObject({ code: 'parameter_invalid', param: 'metadata' });
    const json = await app.inject({
      method: 'POST',
      url: '/card/v1/payment_intents',
      headers: { ...KEY, 'content-type': 'application/json' },
      payload: { amount: 100, currency: 'nok' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toContain('form-encoded');
  });

  it('replays an idempotent create without acting twice, and does not remember a refused one', async () => {
    const refused = await create('amount=1', { 'idempotency-key': 'order-17' });
    expect(refused.statusCode).toBe(400);
    const first = await create(VALID, { 'idempotency-key': 'order-17' });
    const repeat = await create(VALID, { 'idempotency-key': 'order-17' });
    expect(repeat.json().id).toBe(first.json().id);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    const other = await create(VALID.replace('149000', '149001'), { 'idempotency-key': 'order-17' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.type).toBe('idempotency_error');
    const tooLong = await create(VALID, { 'idempotency-key': 'k'.repeat(256) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('remembers a card decline under its idempotency key, so a repeat does not try the card again', async () => {
    const intent = (await create(VALID)).json();
    const confirm = () =>
      app.inject({
        method: 'POST',
        url: `/card/v1/payment_intents/${intent.id}/confirm`,
        headers: { ...FORM, 'idempotency-key': `confirm-${intent.id}` },
        payload: 'payment_method=pm_card_chargeDeclined',
      });
    const declined = await confirm();
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    expect(declined.json().error.payment_intent.status).toBe('requires_payment_method');
    const repeated = await confirm();
    expect(repeated.statusCode).toBe(402);
    expect(repeated.headers['idempotent-replayed']).toBe('true');
  });

  it('mails its receipt to the receipt_email once a payment succeeds, in the checkout language, and only then', async () => {
    const email = `kari+${Date.now()}@bakeri.example`;
    const intent = (
      await create(
        `${VALID}&description=${encodeURIComponent('Betaling Standard – Nordlys Bakeri AS')}&receipt_email=${encodeURIComponent(email)}&locale=nb`,
      )
    ).json();
    const confirm = (paymentMethod: string) =>
      app.inject({
        method: 'POST',
        url: `/card/v1/payment_intents/${intent.id}/confirm`,
        headers: { ...FORM, 'idempotency-key': `${paymentMethod}-${intent.id}` },
        payload: `payment_method=${paymentMethod}`,
      });
    const mailTo = async () =>
      (await app.inject({ method: 'GET', url: `/mail/api/messages?to=${encodeURIComponent(email)}` })).json();

    expect((await confirm('pm_card_chargeDeclined')).statusCode).toBe(402);
    expect((await mailTo()).total).toBe(0);
    expect((await confirm('pm_card_visa')).json().status).toBe('succeeded');
    const listed = (
      await app.inject({
        method: 'GET',
        url: `/mail/api/messages?to=${encodeURIComponent(email)}&waitMs=2000`,
      })
    ).json();
    expect(listed.total).toBe(1);
    const mail = (
      await app.inject({ method: 'GET', url: `/mail/api/messages/${listed.messages[0].id}` })
    ).json();
    expect(mail.subject).toBe('Kvittering: Betaling Standard – Nordlys Bakeri AS');
    expect(mail.text).toContain('Betalt: kr 1 490,00');
    expect(mail.text).toContain('Kort: Visa •••• 4242');
    expect(mail.text).toContain(`Betaling: ${intent.id}`);
  });

  it('declines any card on a confirmation that asks for the card-declined fault', async () => {
    const intent = (await create(VALID)).json();
    const declined = await app.inject({
      method: 'POST',
      url: `/card/v1/payment_intents/${intent.id}/confirm`,
      headers: { ...FORM, 'x-sandbox-fault': 'card-declined' },
      payload: 'payment_method=pm_card_visa',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
  });

  it('answers 404 for a payment intent or webhook endpoint it does not have', async () => {
    const intent = await app.inject({
      method: 'GET',
      url: '/card/v1/payment_intents/pi_nothing',
      headers: KEY,
    });
    expect(intent.statusCode).toBe(404);
    expect(intent.json().error).toMatchObject({ code: 'resource_missing', param: 'intent' });
    const endpoint = await app.inject({
      method: 'DELETE',
      url: '/card/v1/webhook_endpoints/we_nothing',
      headers: KEY,
    });
    expect(endpoint.statusCode).toBe(404);
  });

  it('keeps the webhook endpoints in bounds: known events, web URLs, at most 16', async () => {
    const register = (payload: string) =>
      app.inject({ method: 'POST', url: '/card/v1/webhook_endpoints', headers: FORM, payload });
    expect(
      (await register('url=https://shop.example/hooks&enabled_events[]=charge.succeeded')).json().error,
    ).toMatchObject({ param: 'enabled_events[0]' });
    expect((await register('url=ftp://shop.example&enabled_events[]=*')).json().error.code).toBe(
      'url_invalid',
    );
    expect((await register('url=https://shop.example/hooks')).json().error.code).toBe('parameter_missing');
    const answers = [];
    for (let index = 0; index < 17; index += 1) {
      // Nothing listens on port 9: the events of later tests are not sent out of the machine.
      answers.push(await register(`url=http://127.0.0.1:9/hooks/${index}&enabled_events[]=*`));
    }
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(16);
    expect(answers.at(-1)?.statusCode).toBe(400);
    for (const answer of answers.slice(0, 16)) {
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/card/v1/webhook_endpoints/${answer.json().id}`,
        headers: KEY,
      });
      expect(deleted.json()).toMatchObject({ object: 'webhook_endpoint', deleted: true });
    }
    const list = await app.inject({ method: 'GET', url: '/card/v1/webhook_endpoints', headers: KEY });
    expect(list.json()).toMatchObject({ object: 'list', data: [] });
  });

  describe('the hosted checkout', () => {
    it('escapes what the API caller wrote, and speaks the locale the intent was created with', async () => {
      const intent = (
        await create(`${VALID}&locale=nb&description=%3Cscript%3Ealert(1)%3C%2Fscript%3E`)
      ).json();
      const page = await app.inject({
        method: 'GET',
        url: new URL(intent.checkout_url).pathname + new URL(intent.checkout_url).search,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page.body).not.toContain('<script>');
      expect(page.body).toContain('lang="nb"');
      expect(page.body).toContain('Betal kr 1 490,00');
      expect(page.body).toContain('data-sandbox-banner');
    });

    it('never sends the person anywhere but the return_url the API caller gave', async () => {
      const intent = (await create(VALID)).json();
      const paid = await app.inject({
        method: 'POST',
        url: `/card/checkout/${intent.id}?return_url=https://evil.example/`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          client_secret: intent.client_secret,
          card_number: '4242424242424242',
          expiry: '12/34',
          cvc: '123',
          cardholder_name: 'Kari',
          return_url: 'https://evil.example/',
        }).toString(),
      });
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toMatch(/^https:\/\/shop\.example\/paid\?payment_intent=pi_/);
    });

    it('answers hostile or broken form posts with a page, never a 500', async () => {
      const intent = (await create(VALID)).json();
      const post = (payload: string) =>
        app.inject({
          method: 'POST',
          url: `/card/checkout/${intent.id}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        });
      const statuses = [
        (await post('client_secret=wrong')).statusCode,
        (await post(`client_secret=${intent.client_secret}&client_secret=again`)).statusCode,
        (await post(`client_secret=${intent.client_secret}&card_number=${'4'.repeat(5000)}`)).statusCode,
        (await post(`client_secret=${intent.client_secret}&card_number=%3Cb%3E&expiry=99/99&cvc=abc`))
          .statusCode,
      ];
      expect(statuses).toEqual([404, 400, 400, 400]);
      const withHtml = await post(
        `client_secret=${intent.client_secret}&card_number=%3Cb%3Ex&cardholder_name=%22%3E%3Cimg%3E`,
      );
      expect(withHtml.body).toContain('value="&lt;b&gt;x"');
      expect(withHtml.body).toContain('value="&quot;&gt;&lt;img&gt;"');
    });

    it('takes a card that settles later through processing to succeeded', async () => {
      const intent = (await create(VALID)).json();
      const processing = await app.inject({
        method: 'POST',
        url: `/card/checkout/${intent.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `client_secret=${intent.client_secret}&card_number=4000000000001257&expiry=12/34&cvc=123&cardholder_name=Kari`,
      });
      expect(processing.headers.location).toContain('redirect_status=processing');
      const read = () =>
        app.inject({ method: 'GET', url: `/card/v1/payment_intents/${intent.id}`, headers: KEY });
      expect((await read()).json().status).toBe('processing');
      await app.inject({ method: 'PUT', url: '/sandbox/clock', payload: { offsetDays: 1 } });
      expect((await read()).json()).toMatchObject({ status: 'succeeded', amount_received: 149000 });
      await app.inject({ method: 'PUT', url: '/sandbox/clock', payload: { offsetDays: 0 } });
    });

    it('declines every card when the card-declined fault is planned for the checkout', async () => {
      const intent = (await create(VALID)).json();
      await app.inject({
        method: 'POST',
        url: '/sandbox/faults',
        payload: { pathPrefix: `/card/checkout/${intent.id}`, fault: 'card-declined', times: 1 },
      });
      const declined = await app.inject({
        method: 'POST',
        url: `/card/checkout/${intent.id}?lang=en`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `client_secret=${intent.client_secret}&card_number=4242424242424242&expiry=12/34&cvc=123&cardholder_name=Kari`,
      });
      expect(declined.headers.location).toContain(`/card/checkout/${intent.id}?`);
      const page = await app.inject({
        method: 'GET',
        url:
          new URL(declined.headers.location as string).pathname +
          new URL(declined.headers.location as string).search,
      });
      expect(page.body).toContain('The card was declined.');
    });
  });
});
