import { oreFromDecimal, parsePain002 } from '@bilag/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app';
import {
  approvedConsent,
  BAKERY_OPERATING,
  BAKERY_TAX,
  BUILDER_OPERATING,
  daysFromToday,
  givenSandbox,
  initiation,
  KARI,
  moveClock,
  NOK_URI,
  OK_URI,
  OLA,
  postForm,
  RITA_REJECTS,
  readAccounts,
  scaPathOf,
  tpp,
  VERA_TIMES_OUT_AT_BANK,
  walkSca,
} from './test-support';

const DOMESTIC = 'norwegian-domestic-credit-transfers';
const SUPPLIER_ACCOUNT = '97101234561';
const CLOSED_ACCOUNT = '12075550004';
const VALID_KID = '1234567890003';

type Body = Record<string, unknown>;

const domesticPayment = (overrides: Body = {}): Body => ({
  endToEndIdentification: `E2E-${crypto.randomUUID().slice(0, 8)}`,
  debtorAccount: { bban: BAKERY_OPERATING },
  instructedAmount: { currency: 'NOK', amount: '1250.50' },
  creditorAccount: { bban: SUPPLIER_ACCOUNT },
  creditorName: 'Vestlandsmel AS',
  remittanceInformationStructured: { reference: VALID_KID, referenceType: 'SCOR' },
  ...overrides,
});

describe('bank payment initiation', () => {
  let app: Sandbox;
  beforeAll(async () => {
    app = await givenSandbox();
  });
  afterEach(() => moveClock(app, 0));
  afterAll(() => app.close());

  const initiate = (body: Body, product = DOMESTIC, headers: Record<string, string> = {}, bankId = 'dnb') =>
    app.inject({
      method: 'POST',
      url: `/psd2/${bankId}/v1/payments/${product}`,
      headers: initiation(headers),
      payload: body,
    });
  const initiateBulk = (body: Body, product = DOMESTIC) =>
    app.inject({
      method: 'POST',
      url: `/psd2/dnb/v1/bulk-payments/${product}`,
      headers: initiation(),
      payload: body,
    });
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/psd2/dnb${path}`, headers: tpp(headers) });
  const statusOf = async (answer: { _links: { status: { href: string } } }) =>
    (await get(answer._links.status.href)).json();
  const pain002Of = async (answer: { _links: { status: { href: string } } }) => {
    const report = await get(answer._links.status.href, { accept: 'application/xml' });
    expect(report.headers['content-type']).toContain('application/xml');
    return parsePain002(report.body);
  };

  /** A payment initiated and approved by Kari on the SCA page. */
  async function approvedPayment(body: Body, product = DOMESTIC) {
    const created = await initiate(body, product);
    expect(created.statusCode).toBe(201);
    const answer = created.json();
    expect((await walkSca(app, scaPathOf(answer), KARI)).headers.location).toBe(OK_URI);
    return answer;
  }

  async function bookedOnBakery(endToEndId: string) {
    const consentId = await approvedConsent(app);
    const accounts = (await readAccounts(app, consentId, '/accounts')).json().accounts;
    const resourceId = accounts.find(
      (account: { bban: string }) => account.bban === BAKERY_OPERATING,
    ).resourceId;
    const today = daysFromToday(0);
    const page = (
      await readAccounts(
        app,
        consentId,
        `/accounts/${resourceId}/transactions?bookingStatus=booked&dateFrom=${today}`,
      )
    ).json();
    return page.transactions.booked.filter(
      (transaction: { endToEndId?: string }) => transaction.endToEndId === endToEndId,
    );
  }

  it('accepts a domestic payment as RCVD, with its SCA page and resources', async () => {
    const created = await initiate(domesticPayment());
    expect(created.statusCode).toBe(201);
    const answer = created.json();
    expect(answer.transactionStatus).toBe('RCVD');
    const self = `/v1/payments/${DOMESTIC}/${answer.paymentId}`;
    expect(answer._links.self.href).toBe(self);
    expect(answer._links.status.href).toBe(`${self}/status`);
    expect(answer._links.scaStatus.href).toMatch(new RegExp(`^${self}/authorisations/[0-9a-f-]{36}$`));
    expect(answer._links.scaRedirect.href).toMatch(/\/psd2\/dnb\/sca\/[0-9a-f-]{36}$/);
    expect(await statusOf(answer)).toEqual({ transactionStatus: 'RCVD' });
    const payment = (await get(self)).json();
    expect(payment).toMatchObject({
      debtorAccount: { bban: BAKERY_OPERATING },
      instructedAmount: { currency: 'NOK', amount: '1250.50' },
      creditorName: 'Vestlandsmel AS',
      transactionStatus: 'RCVD',
    });
    expect((await get(answer._links.scaStatus.href)).json()).toEqual({ scaStatus: 'received' });
    const authorisations = (await get(`${self}/authorisations`)).json();
    expect(authorisations.authorisationIds).toEqual([answer._links.scaStatus.href.split('/').at(-1)]);
  });

  it('shows the payment on the SCA page, executes it today once approved, and books it with its end-to-end id and KID', async () => {
    const body = domesticPayment({ instructedAmount: { currency: 'NOK', amount: '777.00' } });
    const created = (await initiate(body)).json();
    const page = await app.inject({ method: 'GET', url: `${scaPathOf(created)}?lang=en` });
    expect(page.body).toContain('Approve payment');
    expect(page.body).toContain('Vestlandsmel AS');
    expect(page.body).toContain('9710.12.34561');
    expect(page.body.replaceAll('\u00a0', ' ')).toContain('NOK 777.00');
    expect(page.body).toContain(VALID_KID);
    expect(page.body).toContain('As soon as possible');

    expect((await walkSca(app, scaPathOf(created), KARI)).headers.location).toBe(OK_URI);
    expect(await statusOf(created)).toEqual({ transactionStatus: 'ACSC' });
    const [booked] = await bookedOnBakery(body.endToEndIdentification as string);
    expect(booked).toMatchObject({
      bookingDate: daysFromToday(0),
      transactionAmount: { currency: 'NOK', amount: '-777.00' },
      creditorName: 'Vestlandsmel AS',
      creditorAccount: { bban: SUPPLIER_ACCOUNT },
      remittanceInformationStructured: { reference: VALID_KID, referenceType: 'SCOR' },
    });
  });

  it('credits the payee when the creditor is another sandbox account', async () => {
    const endToEndId = `E2E-${crypto.randomUUID().slice(0, 8)}`;
    await approvedPayment(
      domesticPayment({
        endToEndIdentification: endToEndId,
        creditorAccount: { bban: BUILDER_OPERATING },
        creditorName: 'Fjelltopp Bygg AS',
        remittanceInformationStructured: undefined,
        remittanceInformationUnstructured: 'Faktura 2041',
      }),
    );
    const consent = await app.inject({
      method: 'POST',
      url: '/psd2/sparebank1/v1/consents',
      headers: initiation(),
      payload: {
        access: { allPsd2: 'allAccounts' },
        recurringIndicator: true,
        validUntil: '2099-12-31',
        frequencyPerDay: 4,
        combinedServiceIndicator: false,
      },
    });
    await walkSca(app, scaPathOf(consent.json()), KARI);
    const consentId = consent.json().consentId;
    const accounts = (await readAccounts(app, consentId, '/accounts', {}, 'sparebank1')).json().accounts;
    const resourceId = accounts.find(
      (account: { bban: string }) => account.bban === BUILDER_OPERATING,
    ).resourceId;
    const page = (
      await readAccounts(
        app,
        consentId,
        `/accounts/${resourceId}/transactions?bookingStatus=booked&dateFrom=${daysFromToday(0)}`,
        {},
        'sparebank1',
      )
    ).json();
    const credit = page.transactions.booked.find(
      (transaction: { endToEndId?: string }) => transaction.endToEndId === endToEndId,
    );
    expect(credit).toMatchObject({
      transactionAmount: { currency: 'NOK', amount: '1250.50' },
      debtorName: 'Nordlys Bakeri AS',
      debtorAccount: { bban: BAKERY_OPERATING },
      remittanceInformationUnstructured: 'Faktura 2041',
    });
  });

  it('keeps a dated payment ACTC until its day, then executes it', async () => {
    const created = await approvedPayment(domesticPayment({ requestedExecutionDate: daysFromToday(3) }));
    expect(await statusOf(created)).toEqual({ transactionStatus: 'ACTC' });
    await moveClock(app, 2);
    expect(await statusOf(created)).toEqual({ transactionStatus: 'ACTC' });
    await moveClock(app, 3);
    expect(await statusOf(created)).toEqual({ transactionStatus: 'ACSC' });
  });

  it.each([
    ['13.13', 'AM04'],
    ['1000000.01', 'AM02'],
  ])('rejects %s at execution with %s', async (amount, reasonCode) => {
    const created = await approvedPayment(domesticPayment({ instructedAmount: { currency: 'NOK', amount } }));
    const status = await statusOf(created);
    expect(status.transactionStatus).toBe('RJCT');
    expect(status.reasonCode).toBe(reasonCode);
    expect(status.tppMessages[0]).toMatchObject({ category: 'ERROR', code: 'PAYMENT_FAILED', reasonCode });
    expect(status.tppMessages[0].text.length).toBeGreaterThan(10);
  });

  it('rejects a payment to a closed account at execution with AC04', async () => {
    const created = await approvedPayment(domesticPayment({ creditorAccount: { bban: CLOSED_ACCOUNT } }));
    expect(await statusOf(created)).toMatchObject({ transactionStatus: 'RJCT', reasonCode: 'AC04' });
  });

  it('rejects a payment the account cannot carry, so the balance stays above zero', async () => {
    const consentId = await approvedConsent(app);
    const availableOnTaxAccount = async () => {
      const accounts = (await readAccounts(app, consentId, '/accounts?withBalance=true')).json().accounts;
      const tax = accounts.find((account: { bban: string }) => account.bban === BAKERY_TAX);
      return tax.balances.find(
        (balance: { balanceType: string }) => balance.balanceType === 'interimAvailable',
      ).balanceAmount.amount as string;
    };
    const available = await availableOnTaxAccount();
    const oneKroneTooMuch = ((oreFromDecimal(available) + 1_00) / 100).toFixed(2);
    const created = await approvedPayment(
      domesticPayment({
        debtorAccount: { bban: BAKERY_TAX },
        instructedAmount: { currency: 'NOK', amount: oneKroneTooMuch },
      }),
    );
    expect(await statusOf(created)).toMatchObject({ transactionStatus: 'RJCT', reasonCode: 'AM04' });
    expect(await availableOnTaxAccount()).toBe(available);
  });

  it('rejects a payment whose SCA was rejected, and one the person may not pay from', async () => {
    const created = (await initiate(domesticPayment())).json();
    const refused = await app.inject({
      method: 'POST',
      url: `${scaPathOf(created)}/login`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ssn=${RITA_REJECTS}`,
    });
    expect(refused.body).toContain('Rejected in BankID');
    expect(await statusOf(created)).toMatchObject({ transactionStatus: 'RJCT', reasonCode: 'CUST' });

    const tax = (await initiate(domesticPayment({ debtorAccount: { bban: '15039876547' } }))).json();
    const notAllowed = await walkSca(app, scaPathOf(tax), OLA);
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.body).toContain('You may not act on the accounts this request is for.');
    expect(await statusOf(tax)).toEqual({ transactionStatus: 'RCVD' });

    const declined = (await initiate(domesticPayment())).json();
    expect((await walkSca(app, scaPathOf(declined), KARI, 'reject')).headers.location).toBe(NOK_URI);
    expect(await statusOf(declined)).toMatchObject({ transactionStatus: 'RJCT', reasonCode: 'CUST' });
  });

  it('rejects with NOAS a payment whose named payer signs with BankID elsewhere but never answers at the bank', async () => {
    const created = (
      await initiate(domesticPayment(), DOMESTIC, { 'psu-id': VERA_TIMES_OUT_AT_BANK })
    ).json();
    const page = await app.inject({ method: 'GET', url: `${scaPathOf(created)}?lang=en` });
    expect(page.body).toMatch(
      new RegExp(`<input id="ssn"[^>]*value="${VERA_TIMES_OUT_AT_BANK}"[^>]*readonly`, 's'),
    );
    expect(page.body).toContain(`<li><code>${VERA_TIMES_OUT_AT_BANK}</code> Vera Ventetid: times out</li>`);

    const login = await postForm(app, `${scaPathOf(created)}/login?lang=en`, { ssn: VERA_TIMES_OUT_AT_BANK });
    expect(login.statusCode).toBe(303);
    const waiting = await app.inject({ method: 'GET', url: login.headers.location as string });
    expect(waiting.body).toContain('Waiting for BankID');
    expect(await statusOf(created)).toEqual({ transactionStatus: 'RCVD' });

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const timedOut = await app.inject({ method: 'GET', url: login.headers.location as string });
    expect(timedOut.headers.location).toBe(NOK_URI);
    expect(await statusOf(created)).toMatchObject({ transactionStatus: 'RJCT', reasonCode: 'NOAS' });
  });

  it('cancels a payment before SCA and a dated one before its day, but not one executed or rejected', async () => {
    const remove = (answer: { _links: { self: { href: string } } }) =>
      app.inject({ method: 'DELETE', url: `/psd2/dnb${answer._links.self.href}`, headers: tpp() });
    const waiting = (await initiate(domesticPayment())).json();
    expect((await remove(waiting)).statusCode).toBe(204);
    expect(await statusOf(waiting)).toEqual({ transactionStatus: 'CANC' });
    const page = await app.inject({ method: 'GET', url: `${scaPathOf(waiting)}?lang=en` });
    expect(page.body).toContain('This request is finished');

    const dated = await approvedPayment(domesticPayment({ requestedExecutionDate: daysFromToday(5) }));
    expect((await remove(dated)).statusCode).toBe(204);
    await moveClock(app, 6);
    expect(await statusOf(dated)).toEqual({ transactionStatus: 'CANC' });
    await moveClock(app, 0);

    const executed = await approvedPayment(domesticPayment());
    const refused = await remove(executed);
    expect(refused.statusCode).toBe(405);
    expect(refused.json().tppMessages[0].code).toBe('CANCELLATION_INVALID');
    const rejected = await approvedPayment(
      domesticPayment({ instructedAmount: { currency: 'NOK', amount: '13.13' } }),
    );
    expect((await remove(rejected)).statusCode).toBe(405);
    expect((await remove(waiting)).statusCode).toBe(405);
  });

  it('answers a repeated Idempotency-Key with the same payment, so a retry never pays twice', async () => {
    const key = crypto.randomUUID();
    const body = domesticPayment();
    const first = await initiate(body, DOMESTIC, { 'idempotency-key': key });
    const again = await initiate(body, DOMESTIC, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    await walkSca(app, scaPathOf(first.json()), KARI);
    expect(await bookedOnBakery(body.endToEndIdentification as string)).toHaveLength(1);
  });

  it.each([
    ['an amount of 0', { instructedAmount: { currency: 'NOK', amount: '0.00' } }, 'instructedAmount'],
    ['three decimals', { instructedAmount: { currency: 'NOK', amount: '10.005' } }, 'instructedAmount'],
    ['a negative amount', { instructedAmount: { currency: 'NOK', amount: '-10.00' } }, 'instructedAmount'],
    ['a decimal comma', { instructedAmount: { currency: 'NOK', amount: '10,50' } }, 'instructedAmount'],
    ['EUR in a domestic payment', { instructedAmount: { currency: 'EUR', amount: '10.00' } }, 'NOK'],
    ['a wrong check digit', { creditorAccount: { bban: '97101234562' } }, 'check digit'],
    ['an IBAN in a domestic payment', { creditorAccount: { iban: 'NO9386011117947' } }, 'bban'],
    [
      'a KID that fails MOD10 and MOD11',
      { remittanceInformationStructured: { reference: '1234567890004', referenceType: 'SCOR' } },
      'KID',
    ],
    ['a KID and a message', { remittanceInformationUnstructured: 'Faktura 1' }, 'not both'],
    [
      'a message of 141 characters',
      { remittanceInformationStructured: undefined, remittanceInformationUnstructured: 'x'.repeat(141) },
      'remittanceInformationUnstructured',
    ],
    ['an empty creditor name', { creditorName: '' }, 'creditorName'],
    ['a creditor name of 71 characters', { creditorName: 'x'.repeat(71) }, 'creditorName'],
    ['a date in the past', { requestedExecutionDate: daysFromToday(-1) }, 'past'],
    ['a date more than a year ahead', { requestedExecutionDate: daysFromToday(400) }, 'year'],
    ['another bank’s debtor account', { debtorAccount: { bban: BUILDER_OPERATING } }, BUILDER_OPERATING],
    ['a BIC that is not one', { creditorAgent: 'NOT A BIC' }, 'creditorAgent'],
  ])('refuses %s with FORMAT_ERROR', async (_case, overrides, mentioned) => {
    const refused = await initiate(domesticPayment(overrides));
    expect(refused.statusCode).toBe(400);
    const [message] = refused.json().tppMessages;
    expect(message.code).toBe('FORMAT_ERROR');
    expect(message.text).toContain(mentioned);
  });

  it('takes a SEPA payment in EUR to an IBAN and a cross-border one with BIC and country', async () => {
    const sepa = {
      debtorAccount: { iban: 'NO3815030123457' },
      instructedAmount: { currency: 'EUR', amount: '100.00' },
      creditorAccount: { iban: 'DE89370400440532013000' },
      creditorName: 'Mühle Berlin GmbH',
      remittanceInformationUnstructured: 'Rechnung 55',
    };
    expect((await initiate(sepa, 'sepa-credit-transfers')).statusCode).toBe(201);
    const sepaInNok = await initiate(
      { ...sepa, instructedAmount: { currency: 'NOK', amount: '1.00' } },
      'sepa-credit-transfers',
    );
    expect(sepaInNok.json().tppMessages[0].text).toContain('EUR');
    const badIban = await initiate(
      { ...sepa, creditorAccount: { iban: 'DE89370400440532013001' } },
      'sepa-credit-transfers',
    );
    expect(badIban.json().tppMessages[0].text).toContain('IBAN');

    const crossBorder = {
      debtorAccount: { bban: BAKERY_OPERATING },
      instructedAmount: { currency: 'USD', amount: '250.00' },
      creditorAccount: { bban: '000123456789' },
      creditorName: 'Maple Flour Inc.',
      creditorAgent: 'CHASUS33',
      creditorAddress: { townName: 'New York', country: 'US' },
    };
    const accepted = await approvedPayment(crossBorder, 'cross-border-credit-transfers');
    expect(await statusOf(accepted)).toEqual({ transactionStatus: 'ACSC' });
    const withoutAgent = await initiate(
      { ...crossBorder, creditorAgent: undefined },
      'cross-border-credit-transfers',
    );
    expect(withoutAgent.json().tppMessages[0].text).toContain('creditorAgent');
  });

  it('knows no other payment product, and no payment of another bank or product', async () => {
    const unknown = await initiate(domesticPayment(), 'instant-credit-transfers');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().tppMessages[0].code).toBe('PRODUCT_UNKNOWN');
    const created = (await initiate(domesticPayment())).json();
    for (const url of [
      `/psd2/sparebank1/v1/payments/${DOMESTIC}/${created.paymentId}`,
      `/psd2/dnb/v1/payments/sepa-credit-transfers/${created.paymentId}`,
      `/psd2/dnb/v1/bulk-payments/${DOMESTIC}/${created.paymentId}`,
      `/psd2/dnb/v1/payments/${DOMESTIC}/${crypto.randomUUID()}/status`,
    ]) {
      const answer = await app.inject({ method: 'GET', url, headers: tpp() });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
    }
  });

  it('reports the status as pain.002.001.03, readable by parsePain002', async () => {
    const waiting = (await initiate(domesticPayment())).json();
    const received = await pain002Of(waiting);
    expect(received.version).toBe('001.03');
    expect(received.groupStatus).toBe('RCVD');
    expect(received.originalMessageId).toBe(waiting.paymentId.replaceAll('-', ''));

    const body = domesticPayment();
    const executed = await approvedPayment(body);
    const report = await pain002Of(executed);
    expect(report.groupStatus).toBe('ACSC');
    const [block] = report.paymentInfos;
    expect(block?.transactions).toHaveLength(1);
    expect(block?.transactions[0]).toMatchObject({
      originalEndToEndId: body.endToEndIdentification,
      status: 'ACSC',
      amount: 125050,
      currency: 'NOK',
    });
    expect((report.messageId ?? '').length).toBeLessThanOrEqual(35);

    const rejected = await approvedPayment(
      domesticPayment({ instructedAmount: { currency: 'NOK', amount: '13.13' } }),
    );
    const refusal = await pain002Of(rejected);
    expect(refusal.groupStatus).toBe('RJCT');
    expect(refusal.groupReasons.map((reason) => reason.code)).toEqual(['AM04']);
    expect(refusal.paymentInfos[0]?.transactions[0]?.reasons[0]?.code).toBe('AM04');

    await app.inject({ method: 'DELETE', url: `/psd2/dnb${waiting._links.self.href}`, headers: tpp() });
    const cancelled = await pain002Of(waiting);
    expect(cancelled.groupStatus).toBe('RJCT');
    expect(cancelled.groupReasons[0]?.code).toBe('DS02');
  });

  describe('bulk', () => {
    const line = (amount: string, endToEndIdentification: string, overrides: Body = {}) => ({
      endToEndIdentification,
      instructedAmount: { currency: 'NOK', amount },
      creditorAccount: { bban: SUPPLIER_ACCOUNT },
      creditorName: 'Vestlandsmel AS',
      remittanceInformationUnstructured: `Faktura ${endToEndIdentification}`,
      ...overrides,
    });

    it('approves a bulk with one SCA, executes it as one, and books each payment', async () => {
      const ids = [`B1-${crypto.randomUUID().slice(0, 8)}`, `B2-${crypto.randomUUID().slice(0, 8)}`];
      const created = await initiateBulk({
        batchBookingPreferred: false,
        debtorAccount: { bban: BAKERY_OPERATING },
        payments: [line('100.00', ids[0] ?? ''), line('200.00', ids[1] ?? '')],
      });
      expect(created.statusCode).toBe(201);
      const answer = created.json();
      expect(answer._links.self.href).toBe(`/v1/bulk-payments/${DOMESTIC}/${answer.paymentId}`);
      const page = await app.inject({ method: 'GET', url: `${scaPathOf(answer)}?lang=en` });
      expect(page.body).toContain('Approve payments');
      expect(page.body.replaceAll('\u00a0', ' ')).toContain('NOK 300.00');
      await walkSca(app, scaPathOf(answer), KARI);
      expect(await statusOf(answer)).toEqual({ transactionStatus: 'ACSC' });
      expect((await get(answer._links.self.href)).json().payments).toHaveLength(2);
      for (const id of ids) expect(await bookedOnBakery(id)).toHaveLength(1);
      const report = await pain002Of(answer);
      expect(report.paymentInfos[0]?.transactions.map((transaction) => transaction.status)).toEqual([
        'ACSC',
        'ACSC',
      ]);
    });

    it('books a bulk as one sum when batch booking is preferred', async () => {
      const created = await initiateBulk({
        batchBookingPreferred: true,
        debtorAccount: { bban: BAKERY_OPERATING },
        payments: [line('10.00', 'SUM-1'), line('20.00', 'SUM-2')],
      });
      await walkSca(app, scaPathOf(created.json()), KARI);
      const consentId = await approvedConsent(app);
      const accounts = (await readAccounts(app, consentId, '/accounts')).json().accounts;
      const resourceId = accounts.find(
        (account: { bban: string }) => account.bban === BAKERY_OPERATING,
      ).resourceId;
      const booked = (
        await readAccounts(
          app,
          consentId,
          `/accounts/${resourceId}/transactions?bookingStatus=booked&dateFrom=${daysFromToday(0)}`,
        )
      ).json().transactions.booked;
      const sum = booked.filter(
        (transaction: { proprietaryBankTransactionCode: string }) =>
          transaction.proprietaryBankTransactionCode === 'Samlebetaling',
      );
      expect(
        sum.map(
          (transaction: { transactionAmount: { amount: string } }) => transaction.transactionAmount.amount,
        ),
      ).toContain('-30.00');
    });

    it('rejects the whole bulk when one payment is refused, with that payment’s reason', async () => {
      const created = await initiateBulk({
        debtorAccount: { bban: BAKERY_OPERATING },
        payments: [
          line('100.00', 'OK-1'),
          line('50.00', 'CLOSED-1', { creditorAccount: { bban: CLOSED_ACCOUNT } }),
        ],
      });
      await walkSca(app, scaPathOf(created.json()), KARI);
      expect(await statusOf(created.json())).toMatchObject({ transactionStatus: 'RJCT', reasonCode: 'AC04' });
      const report = await pain002Of(created.json());
      const [first, second] = report.paymentInfos[0]?.transactions ?? [];
      expect(first).toMatchObject({ originalEndToEndId: 'OK-1', status: 'RJCT', reasons: [] });
      expect(second?.reasons[0]?.code).toBe('AC04');
    });

    it('takes 1 to 500 payments and checks each one', async () => {
      const many = Array.from({ length: 501 }, (_, index) => line('1.00', `M-${index}`));
      expect(
        (await initiateBulk({ debtorAccount: { bban: BAKERY_OPERATING }, payments: many })).statusCode,
      ).toBe(400);
      expect(
        (await initiateBulk({ debtorAccount: { bban: BAKERY_OPERATING }, payments: [] })).statusCode,
      ).toBe(400);
      const bad = await initiateBulk({
        debtorAccount: { bban: BAKERY_OPERATING },
        payments: [line('1.00', 'A'), line('1.00', 'B', { creditorAccount: { bban: '97101234562' } })],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().tppMessages[0].text).toContain('payments[1]');
    });
  });
});
