import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CompanyPaymentPackages,
  ErrorCode,
  type LoginData,
  PackageCheckout,
  type PackagePurchase,
  PackageReceipt,
  PaymentPackage,
  RoleId,
} from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, packagePurchases } from '../../db/schema';
import { createProviders } from '../../providers';
import { signWebhook } from '../../providers/webhook-signature';
import { bearer, givenCompany, givenUser, login } from '../../test/fixtures';
import { givenSandbox, planFault, type RunningSandbox } from '../../test/sandbox';
import { createTestApp } from '../../test/test-app';
import { periodEndOf } from './payment-package.service';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const WEBHOOK_URL = '/api/main/card/webhook';

describe('payment packages bought by card', () => {
  let sandbox: RunningSandbox;
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let publicUrl: string;
  let companyId: number;
  let companyAlias: string;
  let outsiderCompanyId: number;
  let ceoEmail: string;
  let ceo: LoginData;
  let accountant: LoginData;
  let receiptsOnly: LoginData;
  let outsiderCeo: LoginData;
  let catalogue: PaymentPackage[];

  const card = () => createProviders(sandbox.providers).card;

  beforeAll(async () => {
    sandbox = await givenSandbox();
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    context = await createTestApp({ providers: sandbox.providers, publicUrl });
    // The card provider delivers its webhooks to the product over HTTP, as it does in production.
    await context.app.listen({ port, host: '127.0.0.1' });
    const ceoUser = await givenUser(context.db, { roleId: RoleId.CEO });
    const accountantUser = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT });
    const receiptsUser = await givenUser(context.db, { roleId: RoleId.HR_COMPANY_A });
    const outsiderUser = await givenUser(context.db, { roleId: RoleId.CEO });
    const company = await givenCompany(context.db, {
      memberIds: [ceoUser.id, accountantUser.id, receiptsUser.id],
    });
    companyId = company.id;
    companyAlias = company.alias;
    outsiderCompanyId = (await givenCompany(context.db, { memberIds: [outsiderUser.id] })).id;
    ceoEmail = ceoUser.email;
    ceo = await login(context.app, ceoUser.email);
    accountant = await login(context.app, accountantUser.email);
    receiptsOnly = await login(context.app, receiptsUser.email);
    outsiderCeo = await login(context.app, outsiderUser.email);
    const listed = await call('GET', '/api/main/payment-packages', undefined, accountant);
    catalogue = PaymentPackage.array().parse(listed.json().data);
  });
  afterAll(async () => {
    await context.close();
    await sandbox.close();
  });

  function call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    as: LoginData = ceo,
    headers: Record<string, string> = {},
  ) {
    return context.app.inject({
      method,
      url,
      headers: { ...bearer(as), ...headers },
      ...(payload ? { payload } : {}),
    });
  }

  function packageOf(code: string): PaymentPackage {
    const found = catalogue.find((item) => item.code === code);
    if (!found) throw new Error(`the catalogue has no ${code}`);
    return found;
  }

  async function buy(
    code = 'payments-standard',
    options: { as?: LoginData; key?: string; company?: number; path?: string } = {},
  ) {
    const response = await call(
      'POST',
      options.path ?? '/api/main/company-payment-packages/add',
      { companyId: options.company ?? companyId, packageId: packageOf(code).id },
      options.as ?? ceo,
      { 'idempotency-key': options.key ?? randomUUID() },
    );
    return response;
  }

  async function bought(code = 'payments-standard') {
    const response = await buy(code);
    expect(response.statusCode, response.body).toBe(200);
    const checkout = PackageCheckout.parse(response.json().data);
    const paymentId = new URL(checkout.checkoutUrl ?? '').pathname.split('/').at(-1) ?? '';
    return { ...checkout, paymentId };
  }

  async function purchasesOf(as: LoginData = ceo, company = companyId) {
    const response = await call('GET', `/api/main/company-payment-packages/${company}`, undefined, as);
    expect(response.statusCode, response.body).toBe(200);
    return CompanyPaymentPackages.parse(response.json().data);
  }

  async function purchase(id: number): Promise<PackagePurchase> {
    const found = (await purchasesOf()).purchases.find((item) => item.id === id);
    if (!found) throw new Error(`purchase ${id} is not listed`);
    return found;
  }

  /** The purchase once the provider's webhooks have brought it to the status, waited for. */
  async function purchaseWhen(id: number, status: PackagePurchase['status']): Promise<PackagePurchase> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const current = await purchase(id);
      if (current.status === status || Date.now() > deadline) return current;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function auditActions(purchaseId: number) {
    const rows = await context.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, companyId),
          eq(auditLog.entity, 'package-purchase'),
          eq(auditLog.entityId, String(purchaseId)),
        ),
      );
    return rows.map((row) => row.action);
  }

  /** The card payment as the provider's API answers it, to make an event of it as the provider does. */
  async function providerIntent(paymentId: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${sandbox.url}/card/v1/payment_intents/${paymentId}`, {
      headers: { authorization: `Bearer ${sandbox.providers.card.secretKey}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  function deliver(body: string, signature?: string) {
    return context.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined
          ? {
              'sandbox-signature': signWebhook(
                sandbox.providers.card.webhookSecret,
                body,
                Math.floor(Date.now() / 1000),
              ),
            }
          : { 'sandbox-signature': signature }),
      },
      payload: body,
    });
  }

  async function eventAbout(paymentId: string, type = 'payment_intent.succeeded') {
    return JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: await providerIntent(paymentId) },
    });
  }

  /** Stops the provider's own deliveries to the product, so a test alone decides what arrives. */
  async function withoutProviderWebhooks() {
    const client = card();
    for (const endpoint of await client.listWebhookEndpoints())
      await client.deleteWebhookEndpoint(endpoint.id);
  }

  describe('the catalogue', () => {
    it('lists the packages on sale to every role that may see packages, with the VAT inside each price', async () => {
      expect(catalogue.map((item) => item.code)).toEqual([
        'payments-start',
        'payments-standard',
        'payments-pro',
        'remittance-100',
        'remittance-500',
        'integration-bank',
      ]);
      expect(packageOf('payments-standard')).toMatchObject({
        kind: 'payments',
        names: { en: 'Payments Standard', no: 'Betaling Standard' },
        priceOre: 149_000,
        vatOre: 29_800,
        vatRatePercent: 25,
        currency: 'NOK',
        quantity: 100,
        months: 12,
      });

      const remittances = await call('GET', '/api/main/payment-packages?kind=remittance', undefined, ceo);
      expect(remittances.json().data.map((item: PaymentPackage) => item.code)).toEqual([
        'remittance-100',
        'remittance-500',
      ]);
      const refused = await call('GET', '/api/main/payment-packages', undefined, receiptsOnly);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(ErrorCode.ROLE_FORBIDS);
      const unknownKind = await call('GET', '/api/main/payment-packages?kind=cheese', undefined, ceo);
      expect(unknownKind.statusCode).toBe(400);
    });
  });

  describe('buying', () => {
    it('makes a purchase and its card payment, and sends the buyer to the provider’s checkout', async () => {
      const { purchase: made, checkoutUrl, paymentId } = await bought();
      expect(made).toMatchObject({
        status: 'pending',
        names: { en: 'Payments Standard', no: 'Betaling Standard' },
        priceOre: 149_000,
        failure: null,
        paidAt: null,
        receiptNumber: null,
        buyerName: 'Test Person',
      });
      expect(checkoutUrl?.startsWith(`${sandbox.url}/card/checkout/pi_`)).toBe(true);

      const intent = await card().getPaymentIntent(paymentId);
      expect(intent).toMatchObject({
        status: 'awaiting-card',
        amount: 149_000,
        currency: 'NOK',
        receiptEmail: ceoEmail,
        metadata: { companyId: String(companyId), purchaseId: String(made.id) },
      });
      expect(intent.description).toContain('Payments Standard');
      expect(await auditActions(made.id)).toEqual(['create', 'card-payment']);
      // The provider sends the person back to the company's packages page, naming the purchase.
      const page = await fetch(checkoutUrl ?? '');
      expect(page.status).toBe(200);
      const endpoints = await card().listWebhookEndpoints();
      expect(endpoints.map((endpoint) => endpoint.url)).toContain(`${publicUrl}${WEBHOOK_URL}`);
      const stored = await providerIntent(paymentId);
      expect(stored.checkout_url).toBe(checkoutUrl);
      const returned = await fetch(`${checkoutUrl}&lang=en`)
        .then((response) => response.text())
        .then((html) =>
          /href="([^"]+redirect_status=canceled[^"]*)"/.exec(html)?.[1]?.replaceAll('&amp;', '&'),
        );
      expect(returned?.startsWith(`${publicUrl}/${companyAlias}/payment-packages?purchase=${made.id}&`)).toBe(
        true,
      );
    });

    it('sells each kind of package through its own call of the catalogue', async () => {
      const remittance = await buy('remittance-100', { path: '/api/main/companyBankServices/buyRemittance' });
      expect(remittance.statusCode, remittance.body).toBe(200);
      expect(remittance.json().data.purchase).toMatchObject({ kind: 'remittance', quantity: 100 });
      const integration = await buy('integration-bank', {
        path: '/api/main/card/create-payment-for-rgb-packages',
      });
      expect(integration.statusCode, integration.body).toBe(200);
      expect(integration.json().data.purchase).toMatchObject({ kind: 'integration', priceOre: 238_800 });

      for (const [path, code] of [
        ['/api/main/company-payment-packages/add', 'remittance-100'],
        ['/api/main/companyBankServices/buyRemittance', 'payments-start'],
        ['/api/main/card/create-payment-for-rgb-packages', 'payments-start'],
      ] as const) {
        const wrongKind = await buy(code, { path });
        expect(wrongKind.statusCode, path).toBe(400);
        expect(wrongKind.json().message).toContain('cannot be bought here');
      }
      const unknown = await call(
        'POST',
        '/api/main/company-payment-packages/add',
        { companyId, packageId: 999_999 },
        ceo,
        { 'idempotency-key': randomUUID(), language: 'no' },
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Fant ikke pakken, eller den er ikke lenger til salgs.');
    });

    it('refuses every purchase call to a role without packages.buy, and makes nothing', async () => {
      const { purchase: made } = await bought();
      const before = await context.db
        .select()
        .from(packagePurchases)
        .where(eq(packagePurchases.companyId, companyId));
      const standard = packageOf('payments-standard').id;
      for (const [method, url, payload] of [
        ['POST', '/api/main/company-payment-packages/add', { companyId, packageId: standard }],
        ['POST', '/api/main/companyBankServices/buyRemittance', { companyId, packageId: standard }],
        ['POST', '/api/main/card/create-payment-for-rgb-packages', { companyId, packageId: standard }],
        ['POST', '/api/main/card/create-payment-intent', { companyId, purchaseId: made.id }],
        ['PUT', `/api/main/company-payment-packages/${made.id}`, { companyId }],
      ] as const) {
        for (const as of [accountant, receiptsOnly]) {
          const response = await call(method, url, payload, as, { 'idempotency-key': randomUUID() });
          expect(response.statusCode, url).toBe(403);
          expect(response.json().code).toBe(ErrorCode.ROLE_FORBIDS);
        }
      }
      const after = await context.db
        .select()
        .from(packagePurchases)
        .where(eq(packagePurchases.companyId, companyId));
      expect(after.length).toBe(before.length);

      // Seeing the company's packages needs packages.view only: accountants have it, receipt-only roles do not.
      expect((await purchasesOf(accountant)).purchases.map((item) => item.id)).toContain(made.id);
      const hidden = await call(
        'GET',
        `/api/main/company-payment-packages/${companyId}`,
        undefined,
        receiptsOnly,
      );
      expect(hidden.statusCode).toBe(403);
    });

    it('makes one purchase and one card payment for concurrent requests with the same Idempotency-Key', async () => {
      const key = randomUUID();
      const answers = await Promise.all([1, 2, 3].map(() => buy('payments-start', { key })));
      const succeeded = answers.filter((response) => response.statusCode === 200);
      expect(succeeded.length).toBeGreaterThanOrEqual(1);
      for (const response of answers) expect([200, 409], response.body).toContain(response.statusCode);
      const rows = await context.db
        .select()
        .from(packagePurchases)
        .where(and(eq(packagePurchases.companyId, companyId), eq(packagePurchases.requestKey, key)));
      expect(rows.length).toBe(1);
      const ids = new Set(succeeded.map((response) => response.json().data.purchase.id));
      expect(ids).toEqual(new Set([rows[0]?.id]));

      const again = await buy('payments-start', { key });
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data.purchase.id).toBe(rows[0]?.id);
      const otherPackage = await buy('payments-pro', { key });
      expect(otherPackage.statusCode).toBe(422);
      expect(otherPackage.json().code).toBe(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    });

    it('keeps the purchase when the provider does not answer, and a retry with the same key pays for that one', async () => {
      const key = randomUUID();
      await planFault(sandbox, '/card/v1/payment_intents', 'unavailable', 3);
      const failed = await buy('payments-start', { key });
      expect(failed.statusCode).toBe(503);
      expect(failed.json().code).toBe(ErrorCode.PROVIDER_UNAVAILABLE);
      const [kept] = await context.db
        .select()
        .from(packagePurchases)
        .where(and(eq(packagePurchases.companyId, companyId), eq(packagePurchases.requestKey, key)));
      expect(kept).toMatchObject({ status: 'pending', cardPaymentId: null });

      const retried = await buy('payments-start', { key });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().data.purchase.id).toBe(kept?.id);
      expect(retried.json().data.checkoutUrl).toContain('/card/checkout/pi_');
    });
  });

  describe('paying', () => {
    it('activates the purchase when the provider’s webhook says it is paid: in force for its months, with a receipt number', async () => {
      const { purchase: made, paymentId } = await bought();
      await card().confirmPaymentIntent(paymentId, 'pm_card_visa');
      const paid = await purchaseWhen(made.id, 'active');
      const today = todayIsoDate('Europe/Oslo');
      expect(paid).toMatchObject({
        status: 'active',
        periodStart: today,
        periodEnd: periodEndOf(today, 12),
        failure: null,
      });
      expect(paid.receiptNumber).toMatch(/^\d{6}$/);
      expect(paid.paidAt).not.toBeNull();
      expect(await auditActions(made.id)).toContain('paid');

      const listed = await purchasesOf();
      expect(listed.paymentAllowance).toMatchObject({ usedThisMonth: 0 });
      expect(listed.paymentAllowance?.perMonth).toBeGreaterThanOrEqual(100);

      const again = await call(
        'POST',
        '/api/main/card/create-payment-intent',
        { companyId, purchaseId: made.id },
        ceo,
        {
          'idempotency-key': randomUUID(),
        },
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This package is paid already.');
    });

    it('activates once when the same webhook is delivered twice at the same time', async () => {
      const { purchase: made, paymentId } = await bought();
      await withoutProviderWebhooks();
      await card().confirmPaymentIntent(paymentId, 'pm_card_visa');
      const event = await eventAbout(paymentId);
      const [first, second] = await Promise.all([deliver(event), deliver(event)]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect([first.json().data.outcome, second.json().data.outcome].sort()).toEqual(['applied', 'ignored']);
      const third = await deliver(event);
      expect(third.json().data).toEqual({ eventId: JSON.parse(event).id, outcome: 'ignored' });
      // Another event telling the same (a provider's retry under a new id) changes nothing either.
      expect((await deliver(await eventAbout(paymentId))).json().data.outcome).toBe('ignored');

      const paid = await purchase(made.id);
      expect(paid.status).toBe('active');
      expect((await auditActions(made.id)).filter((action) => action === 'paid')).toHaveLength(1);
      const [row] = await context.db
        .select({ receiptNumber: packagePurchases.receiptNumber })
        .from(packagePurchases)
        .where(and(eq(packagePurchases.companyId, companyId), eq(packagePurchases.id, made.id)));
      expect(paid.receiptNumber).toBe(String(row?.receiptNumber).padStart(6, '0'));
    });

    it('activates once when the return page and the webhook arrive together', async () => {
      const { purchase: made, paymentId } = await bought();
      await card().confirmPaymentIntent(paymentId, 'pm_card_mastercard');
      const event = await eventAbout(paymentId);
      const [returned, delivered] = await Promise.all([
        call('PUT', `/api/main/company-payment-packages/${made.id}`, { companyId }),
        deliver(event),
      ]);
      expect(returned.statusCode, returned.body).toBe(200);
      expect(returned.json().data.status).toBe('active');
      expect(delivered.statusCode).toBe(200);
      await purchaseWhen(made.id, 'active');
      // The provider's own delivery arrives as well, by now or soon: it finds the purchase paid.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await auditActions(made.id)).filter((action) => action === 'paid')).toHaveLength(1);
    });

    it('keeps the provider’s message and code of a refused card, shows it on return, and lets the buyer try again', async () => {
      const { purchase: made, paymentId, checkoutUrl } = await bought('payments-pro');
      await card()
        .confirmPaymentIntent(paymentId, 'pm_card_chargeDeclinedInsufficientFunds')
        .catch(() => undefined);
      const refused = await call('PUT', `/api/main/company-payment-packages/${made.id}`, { companyId });
      expect(refused.statusCode).toBe(200);
      expect(refused.json().data).toMatchObject({
        status: 'failed',
        failure: {
          messageCode: 'insufficient_funds',
          message: 'The card has insufficient funds.',
          reasonKey: 'cardInsufficientFunds',
        },
      });
      expect((await purchaseWhen(made.id, 'failed')).failure?.messageCode).toBe('insufficient_funds');
      expect(await auditActions(made.id)).toContain('card-refused');

      const retry = await call(
        'POST',
        '/api/main/card/create-payment-intent',
        { companyId, purchaseId: made.id },
        ceo,
        { 'idempotency-key': randomUUID() },
      );
      expect(retry.statusCode, retry.body).toBe(200);
      // The same card payment still takes another card, at the same checkout.
      expect(retry.json().data.checkoutUrl).toBe(checkoutUrl);
      await card()
        .confirmPaymentIntent(paymentId, 'pm_card_chargeDeclined')
        .catch(() => undefined);
      const declined = await purchaseWhen(made.id, 'failed');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await purchase(made.id)).failure).toMatchObject({
        messageCode: 'generic_decline',
        message: 'The card was declined.',
        reasonKey: 'cardDeclined',
      });
      expect(declined.status).toBe('failed');

      await card().confirmPaymentIntent(paymentId, 'pm_card_visa');
      const paid = await purchaseWhen(made.id, 'active');
      expect(paid.failure).toBeNull();
    });

    it('waits for 3-D Secure as pending, and activates once the issuer has confirmed', async () => {
      const { purchase: made, paymentId } = await bought('payments-start');
      const waiting = await card().confirmPaymentIntent(paymentId, 'pm_card_threeDSecureRequired');
      const returned = await call('PUT', `/api/main/company-payment-packages/${made.id}`, { companyId });
      expect(returned.json().data.status).toBe('pending');

      const issuerPage = await fetch(`${waiting.authenticationUrl}&lang=en`).then((response) =>
        response.text(),
      );
      const action = /<form method="post" action="([^"]+)"/.exec(issuerPage)?.[1]?.replaceAll('&amp;', '&');
      const secret = /name="client_secret" value="([^"]+)"/.exec(issuerPage)?.[1] ?? '';
      const answered = await fetch(action ?? '', {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_secret: secret, outcome: 'complete' }).toString(),
      });
      expect(answered.headers.get('location')).toContain(
        `/${companyAlias}/payment-packages?purchase=${made.id}`,
      );
      const back = await call('PUT', `/api/main/company-payment-packages/${made.id}`, { companyId });
      expect(back.json().data.status).toBe('active');
    });

    it('makes a new card payment for a purchase whose last one the provider canceled', async () => {
      const { purchase: made, paymentId } = await bought('payments-start');
      await card().cancelPaymentIntent(paymentId, 'abandoned');
      expect((await purchaseWhen(made.id, 'canceled')).status).toBe('canceled');

      const retry = await call(
        'POST',
        '/api/main/card/create-payment-intent',
        { companyId, purchaseId: made.id },
        ceo,
        { 'idempotency-key': randomUUID() },
      );
      expect(retry.statusCode, retry.body).toBe(200);
      const renewed = PackageCheckout.parse(retry.json().data);
      expect(renewed.purchase.status).toBe('pending');
      const newPaymentId = new URL(renewed.checkoutUrl ?? '').pathname.split('/').at(-1) ?? '';
      expect(newPaymentId).not.toBe(paymentId);
      await card().confirmPaymentIntent(newPaymentId, 'pm_card_visa');
      expect((await purchaseWhen(made.id, 'active')).status).toBe('active');
    });
  });

  describe('the card provider’s webhook', () => {
    it('refuses a delivery whose signature does not hold with 400, and changes nothing', async () => {
      const { purchase: made, paymentId } = await bought('payments-start');
      await withoutProviderWebhooks();
      await card().confirmPaymentIntent(paymentId, 'pm_card_visa');
      const event = await eventAbout(paymentId);
      const now = Math.floor(Date.now() / 1000);
      for (const signature of [
        '',
        'v1=nonsense',
        signWebhook('whsec_someone_else', event, now),
        signWebhook(sandbox.providers.card.webhookSecret, event, now - 3600),
        signWebhook(sandbox.providers.card.webhookSecret, event.replace('"amount":49000', '"amount":1'), now),
      ]) {
        const refused = await deliver(event, signature);
        expect(refused.statusCode, signature).toBe(400);
        expect(refused.json().code).toBe(ErrorCode.VALIDATION_FAILED);
      }
      const notAnEvent = JSON.stringify({ object: 'charge', id: 'ch_1' });
      expect((await deliver(notAnEvent)).statusCode).toBe(400);
      const asText = await context.app.inject({
        method: 'POST',
        url: WEBHOOK_URL,
        headers: { 'content-type': 'text/plain' },
        payload: event,
      });
      expect(asText.statusCode).toBeGreaterThanOrEqual(400);
      expect(asText.statusCode).toBeLessThan(500);
      expect((await purchase(made.id)).status).toBe('pending');

      expect((await deliver(event)).json().data.outcome).toBe('applied');
      expect((await purchase(made.id)).status).toBe('active');
    });

    it('takes an event about a payment that is no purchase of the product, and does nothing with it', async () => {
      const other = await card().createPaymentIntent({
        amount: 149_000 as never,
        currency: 'NOK',
        description: 'Noe annet',
        metadata: { order: '42' },
        returnUrl: `${publicUrl}/elsewhere`,
        idempotencyKey: randomUUID(),
      });
      const answer = await deliver(await eventAbout(other.id, 'payment_intent.canceled'));
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.outcome).toBe('ignored');
    });
  });

  describe('receipts', () => {
    it('gives a paid purchase its receipt, with the VAT inside the price, to those who may see packages', async () => {
      const { purchase: made, paymentId } = await bought();
      await card().confirmPaymentIntent(paymentId, 'pm_card_visa');
      const paid = await purchaseWhen(made.id, 'active');
      const response = await call(
        'GET',
        `/api/main/company-payment-packages/${made.id}/receipt?companyId=${companyId}`,
        undefined,
        accountant,
      );
      expect(response.statusCode, response.body).toBe(200);
      const receipt = PackageReceipt.parse(response.json().data);
      expect(receipt).toMatchObject({
        receiptNumber: paid.receiptNumber,
        purchaseId: made.id,
        paymentReference: paymentId,
        buyer: { name: 'Test Person', email: ceoEmail, organisationNumber: '923456783' },
        names: { en: 'Payments Standard', no: 'Betaling Standard' },
        periodStart: paid.periodStart,
        periodEnd: paid.periodEnd,
        netOre: 119_200,
        vatOre: 29_800,
        vatRatePercent: 25,
        totalOre: 149_000,
        currency: 'NOK',
      });
      expect(receipt.seller.name).toBe('Bilag AS');
    });

    it('has no receipt for a purchase that is not paid', async () => {
      const { purchase: made } = await bought();
      const response = await call(
        'GET',
        `/api/main/company-payment-packages/${made.id}/receipt?companyId=${companyId}`,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('The purchase has no receipt: it is not paid.');
    });
  });

  describe('another company', () => {
    it('answers 404 for another company’s purchases and purchase, and leaves them as they were', async () => {
      const { purchase: made } = await bought();
      const asOutsider = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        call(method, url, payload, outsiderCeo, { 'idempotency-key': randomUUID() });

      for (const response of [
        await asOutsider('GET', `/api/main/company-payment-packages/${companyId}`),
        await asOutsider('PUT', `/api/main/company-payment-packages/${made.id}`, { companyId }),
        await asOutsider('POST', '/api/main/card/create-payment-intent', { companyId, purchaseId: made.id }),
        await asOutsider(
          'GET',
          `/api/main/company-payment-packages/${made.id}/receipt?companyId=${companyId}`,
        ),
        await asOutsider('POST', '/api/main/company-payment-packages/add', {
          companyId,
          packageId: packageOf('payments-start').id,
        }),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().code).toBe(ErrorCode.COMPANY_NOT_FOUND);
      }
      // Named through the outsider's own company, the purchase is simply not there.
      for (const response of [
        await asOutsider('PUT', `/api/main/company-payment-packages/${made.id}`, {
          companyId: outsiderCompanyId,
        }),
        await asOutsider('POST', '/api/main/card/create-payment-intent', {
          companyId: outsiderCompanyId,
          purchaseId: made.id,
        }),
        await asOutsider(
          'GET',
          `/api/main/company-payment-packages/${made.id}/receipt?companyId=${outsiderCompanyId}`,
        ),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().code).toBe(ErrorCode.NOT_FOUND);
      }
      expect((await purchasesOf(outsiderCeo, outsiderCompanyId)).purchases).toEqual([]);
      expect(await auditActions(made.id)).toEqual(['create', 'card-payment']);
    });
  });
});
