import { createKid, ore } from '@bilag/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { givenSandbox, moveClock, noWait, type RunningSandbox } from '../../test/sandbox';
import { createBankClients } from './http-client';
import type { BankClient, PaymentOrder, PaymentRequest } from './interface';
import {
  accountOf,
  approvedConsent,
  authoriseAtBank,
  BAKERY,
  BAKERY_OPERATING,
  byNumber,
  failureOf,
  KARI,
  messagesFor,
  osloDay,
  RETURN_URLS,
} from './test-support';

const nok = (kroner: number) => ({ amount: ore(Math.round(kroner * 100)), currency: 'NOK' });
const BUILDER_OPERATING = accountOf('sparebank1', 'Driftskonto');
/** An account the sandbox knows as closed: payments to it are rejected when they execute (AC04). */
const CLOSED_ACCOUNT = '12075550004';

describe('the bank client: payments the person approves at the bank', () => {
  let sandbox: RunningSandbox;
  let dnb: BankClient;
  let consentId: string;
  let operatingId: string;

  beforeAll(async () => {
    sandbox = await givenSandbox();
    const client = createBankClients(sandbox.providers, { sleep: noWait }).forGroup('dnb');
    if (!client) throw new Error('no client for DNB');
    dnb = client;
    consentId = await approvedConsent(dnb);
    const accounts = await dnb.listAccounts({ consentId });
    operatingId =
      accounts.find((account) => account.accountNumber === BAKERY_OPERATING.bban)?.accountId ?? '';
  });
  afterAll(() => sandbox.close());
  afterEach(() => moveClock(sandbox, 0));

  const toBuilder = (overrides: Partial<PaymentOrder> = {}): PaymentOrder => ({
    amount: nok(1250.5),
    creditor: { name: 'Fjelltopp Bygg AS', account: byNumber(BUILDER_OPERATING) },
    remittance: { kid: createKid('2025110042', 'MOD10') },
    endToEndId: `E2E-${crypto.randomUUID().slice(0, 8)}`,
    ...overrides,
  });

  const domestic = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
    kind: 'domestic',
    debtorAccount: byNumber(BAKERY_OPERATING),
    onBehalfOf: { nationalIdentityNumber: KARI, organisationNumber: BAKERY },
    idempotencyKey: crypto.randomUUID(),
    ...RETURN_URLS,
    ...toBuilder(),
    ...overrides,
  });

  async function bookedOnOperating(endToEndId: string) {
    const { booked } = await dnb.listTransactions({ consentId }, operatingId, { dateFrom: osloDay(-1) });
    return booked.filter((transaction) => transaction.endToEndId === endToEndId);
  }

  it('pays a domestic invoice with KID on its date: received, authorised, then carried out and booked', async () => {
    const request = domestic({ requestedExecutionDate: osloDay(1) });
    const initiated = await dnb.initiatePayment(request);
    expect(initiated).toMatchObject({ kind: 'domestic', bulk: false, status: 'RCVD' });
    expect(initiated.scaRedirectUrl.startsWith(`${sandbox.url}/psd2/dnb/`)).toBe(true);
    expect(await dnb.listPaymentAuthorisations(initiated)).toEqual([initiated.authorisationId]);
    expect(await dnb.getPaymentScaStatus(initiated, initiated.authorisationId)).toBe('received');

    expect(await authoriseAtBank(initiated.scaRedirectUrl, KARI)).toBe(RETURN_URLS.returnUrl);

    expect(await dnb.getPaymentScaStatus(initiated, initiated.authorisationId)).toBe('finalised');
    expect(await dnb.getPaymentStatus(initiated)).toEqual({ status: 'ACTC', rejection: undefined });
    expect(await dnb.getPayment(initiated)).toEqual({
      paymentId: initiated.paymentId,
      kind: 'domestic',
      bulk: false,
      status: 'ACTC',
      debtorAccount: byNumber(BAKERY_OPERATING),
      requestedExecutionDate: osloDay(1),
      batchBooking: undefined,
      payments: [
        {
          amount: request.amount,
          creditor: request.creditor,
          remittance: request.remittance,
          endToEndId: request.endToEndId,
        },
      ],
    });

    await moveClock(sandbox, 1);
    expect((await dnb.getPaymentStatus(initiated)).status).toBe('ACSC');
    const [booked] = await bookedOnOperating(request.endToEndId ?? '');
    expect(booked).toMatchObject({
      bookingDate: osloDay(1),
      amount: { amount: -125_050, currency: 'NOK' },
      creditorName: 'Fjelltopp Bygg AS',
      creditorAccount: byNumber(BUILDER_OPERATING),
      kid: request.remittance && 'kid' in request.remittance ? request.remittance.kid : 'no KID',
    });
  });

  it('pays in euro by SEPA to an IBAN with a message, carried out the same day', async () => {
    const initiated = await dnb.initiatePayment({
      ...domestic(),
      kind: 'sepa',
      amount: { amount: ore(1000), currency: 'EUR' },
      creditor: { name: 'Bäckerei Müller GmbH', account: { iban: 'DE89370400440532013000' } },
      remittance: { message: 'Rechnung 2025-117' },
    });
    await authoriseAtBank(initiated.scaRedirectUrl, KARI);

    const payment = await dnb.getPayment(initiated);
    expect(payment).toMatchObject({ kind: 'sepa', status: 'ACSC' });
    expect(payment.payments[0]).toMatchObject({
      amount: { amount: 1000, currency: 'EUR' },
      creditor: { account: { iban: 'DE89370400440532013000' } },
      remittance: { message: 'Rechnung 2025-117' },
    });
  });

  it('pays across borders to an account with the creditor’s bank and country', async () => {
    const creditor = {
      name: 'Hudson Flour Inc.',
      account: { accountNumber: '000123456789' },
      bic: 'CHASUS33',
      address: { street: 'Madison Avenue 383', town: 'New York', postCode: '10179', country: 'US' },
    };
    const initiated = await dnb.initiatePayment({
      ...domestic(),
      kind: 'crossBorder',
      amount: { amount: ore(2500), currency: 'USD' },
      creditor,
      remittance: { message: 'Invoice 8812' },
    });
    await authoriseAtBank(initiated.scaRedirectUrl, KARI);

    const payment = await dnb.getPayment(initiated);
    expect(payment).toMatchObject({ kind: 'crossBorder', status: 'ACSC' });
    expect(payment.payments[0]?.creditor).toEqual(creditor);
  });

  it('pays a bulk of invoices with one approval and one entry on the statement', async () => {
    const orders = [
      toBuilder({ amount: nok(100) }),
      toBuilder({ amount: nok(200.25) }),
      toBuilder({ amount: nok(300) }),
    ];
    const initiated = await dnb.initiateBulkPayment({
      kind: 'domestic',
      debtorAccount: byNumber(BAKERY_OPERATING),
      batchBooking: true,
      payments: orders,
      onBehalfOf: { organisationNumber: BAKERY },
      idempotencyKey: crypto.randomUUID(),
      ...RETURN_URLS,
    });
    expect(initiated).toMatchObject({ kind: 'domestic', bulk: true, status: 'RCVD' });
    await authoriseAtBank(initiated.scaRedirectUrl, KARI);

    const payment = await dnb.getPayment(initiated);
    expect(payment).toMatchObject({ bulk: true, status: 'ACSC', batchBooking: true });
    expect(payment.payments.map((order) => order.endToEndId)).toEqual(
      orders.map((order) => order.endToEndId),
    );
    expect(await dnb.listPaymentAuthorisations(initiated)).toEqual([initiated.authorisationId]);
    expect(await dnb.getPaymentScaStatus(initiated, initiated.authorisationId)).toBe('finalised');

    const { booked } = await dnb.listTransactions({ consentId }, operatingId, {
      dateFrom: osloDay(0),
      bookingStatus: 'booked',
    });
    expect(booked.some((transaction) => transaction.amount.amount === -60_025)).toBe(true);

    const report = await dnb.getPaymentStatusReport(initiated);
    expect(report.status).toBe('ACSC');
    expect(report.transactions.map((transaction) => transaction.endToEndId)).toEqual(
      orders.map((order) => order.endToEndId),
    );
  });

  it('reads the rejection of a payment the account cannot cover (AM04), as status and as pain.002', async () => {
    const request = domestic({ amount: nok(13.13) });
    const initiated = await dnb.initiatePayment(request);
    await authoriseAtBank(initiated.scaRedirectUrl, KARI);

    const status = await dnb.getPaymentStatus(initiated);
    expect(status.status).toBe('RJCT');
    expect(status.rejection?.reasonCode).toBe('AM04');
    expect(status.rejection?.text).toMatch(/funds/i);

    const report = await dnb.getPaymentStatusReport(initiated);
    expect(report.status).toBe('RJCT');
    expect(report.reasonCodes).toContain('AM04');
    expect(report.transactions).toEqual([
      { endToEndId: request.endToEndId, status: 'RJCT', reasonCodes: ['AM04'], amount: nok(13.13) },
    ]);
    expect(await bookedOnOperating(request.endToEndId ?? '')).toEqual([]);
  });

  it.each([
    ['an amount above the bank’s limit', { amount: nok(1_000_000.01) }, 'AM02'],
    [
      'a closed creditor account',
      { creditor: { name: 'Kafé Nedlagt AS', account: { accountNumber: CLOSED_ACCOUNT } } },
      'AC04',
    ],
  ])('reads the rejection of a payment with %s when it executes', async (_case, overrides, reasonCode) => {
    const initiated = await dnb.initiatePayment(domestic(overrides));
    await authoriseAtBank(initiated.scaRedirectUrl, KARI);
    expect(await dnb.getPaymentStatus(initiated)).toMatchObject({
      status: 'RJCT',
      rejection: { reasonCode },
    });
  });

  it('reads a payment the person rejected at the bank as rejected', async () => {
    const initiated = await dnb.initiatePayment(domestic());
    expect(await authoriseAtBank(initiated.scaRedirectUrl, KARI, 'reject')).toBe(
      RETURN_URLS.returnUrlOnRejection,
    );
    expect(await dnb.getPaymentScaStatus(initiated, initiated.authorisationId)).toBe('failed');
    expect((await dnb.getPaymentStatus(initiated)).status).toBe('RJCT');
  });

  it('reports a received and an authorised payment in a pain.002 before it is carried out', async () => {
    const request = domestic({ requestedExecutionDate: osloDay(3) });
    const initiated = await dnb.initiatePayment(request);
    const received = await dnb.getPaymentStatusReport(initiated);
    expect(received.status).toBe('RCVD');
    expect(received.transactions[0]).toMatchObject({ endToEndId: request.endToEndId, status: 'PDNG' });
    expect(received.messageId).toBeDefined();

    await authoriseAtBank(initiated.scaRedirectUrl, KARI);
    expect((await dnb.getPaymentStatusReport(initiated)).status).toBe('ACTC');
  });

  it('reads a payment without an end-to-end id as having none in the pain.002', async () => {
    const initiated = await dnb.initiatePayment(domestic({ endToEndId: undefined }));
    const report = await dnb.getPaymentStatusReport(initiated);
    expect(report.transactions).toHaveLength(1);
    expect(report.transactions[0]?.endToEndId).toBeUndefined();
    expect((await dnb.getPayment(initiated)).payments[0]?.endToEndId).toBeUndefined();
  });

  it('cancels a payment before it is carried out, and not after', async () => {
    const waitingForApproval = await dnb.initiatePayment(domestic());
    await dnb.cancelPayment(waitingForApproval);
    expect((await dnb.getPaymentStatus(waitingForApproval)).status).toBe('CANC');

    const dated = await dnb.initiatePayment(domestic({ requestedExecutionDate: osloDay(5) }));
    await authoriseAtBank(dated.scaRedirectUrl, KARI);
    await dnb.cancelPayment(dated);
    expect((await dnb.getPaymentStatus(dated)).status).toBe('CANC');
    const again = await failureOf(dnb.cancelPayment(dated));
    expect(again).toMatchObject({ failure: 'rejected', status: 405, partyCode: 'CANCELLATION_INVALID' });

    const carriedOut = await dnb.initiatePayment(domestic());
    await authoriseAtBank(carriedOut.scaRedirectUrl, KARI);
    const tooLate = await failureOf(dnb.cancelPayment(carriedOut));
    expect(tooLate).toMatchObject({
      failure: 'rejected',
      status: 405,
      partyCode: 'CANCELLATION_INVALID',
      reasonKey: 'bankCancellationInvalid',
    });
    expect(messagesFor(tooLate)).toEqual({
      en: 'The bank refused the request: The payment can no longer be cancelled: the bank has already carried it out or rejected it.',
      no: 'Banken avviste forespørselen: Betalingen kan ikke lenger kanselleres: banken har allerede gjennomført eller avvist den.',
    });
    expect((await dnb.getPaymentStatus(carriedOut)).status).toBe('ACSC');
  });

  it('answers a retried initiation with the first payment, never a second one', async () => {
    const request = domestic({ amount: nok(77) });
    const first = await dnb.initiatePayment(request);
    const retried = await dnb.initiatePayment(request);
    expect(retried.paymentId).toBe(first.paymentId);
    expect(retried.authorisationId).toBe(first.authorisationId);

    await authoriseAtBank(first.scaRedirectUrl, KARI);
    expect(await bookedOnOperating(request.endToEndId ?? '')).toHaveLength(1);

    const sameKeyOtherPayment = await failureOf(dnb.initiatePayment({ ...request, amount: nok(78) }));
    expect(sameKeyOtherPayment).toMatchObject({
      failure: 'rejected',
      status: 409,
      partyCode: 'STATUS_INVALID',
      reasonKey: 'bankStatusInvalid',
    });
  });

  it('refuses a payment the bank cannot accept, and says what was wrong', async () => {
    const badKid = await failureOf(dnb.initiatePayment(domestic({ remittance: { kid: '1234567891' } })));
    expect(badKid).toMatchObject({
      failure: 'rejected',
      status: 400,
      partyCode: 'FORMAT_ERROR',
      reasonKey: 'bankRequestInvalid',
    });
    expect(badKid.partyText).toMatch(/KID/);
    expect(messagesFor(badKid)).toEqual({
      en: 'The bank refused the request: The bank did not accept the details that were sent (for example an account number, amount, KID or date). Check them and try again.',
      no: 'Banken avviste forespørselen: Banken godtok ikke opplysningene som ble sendt (for eksempel et kontonummer, beløp, KID eller en dato). Kontroller dem og prøv igjen.',
    });

    const sepaInKroner = await failureOf(
      dnb.initiatePayment({
        ...domestic(),
        kind: 'sepa',
        creditor: { name: 'X', account: { iban: 'DE89370400440532013000' } },
      }),
    );
    expect(sepaInKroner).toMatchObject({ partyCode: 'FORMAT_ERROR' });
    expect(sepaInKroner.partyText).toMatch(/EUR/);

    const otherBanksAccount = await failureOf(
      dnb.initiatePayment(domestic({ debtorAccount: byNumber(BUILDER_OPERATING) })),
    );
    expect(otherBanksAccount).toMatchObject({ partyCode: 'FORMAT_ERROR' });

    const past = await failureOf(dnb.initiatePayment(domestic({ requestedExecutionDate: osloDay(-1) })));
    expect(past.partyText).toMatch(/requestedExecutionDate/);
  });

  it('reports a payment the bank does not know', async () => {
    const unknown = { paymentId: crypto.randomUUID(), kind: 'domestic', bulk: false } as const;
    const failure = await failureOf(dnb.getPaymentStatus(unknown));
    expect(failure).toMatchObject({ failure: 'rejected', status: 404, partyCode: 'RESOURCE_UNKNOWN' });

    // A single payment is not found among the bulks, nor under another product.
    const single = await dnb.initiatePayment(domestic());
    await expect(dnb.getPayment({ ...single, bulk: true })).rejects.toMatchObject({
      partyCode: 'RESOURCE_UNKNOWN',
    });
    await expect(dnb.getPayment({ ...single, kind: 'sepa' })).rejects.toMatchObject({
      partyCode: 'RESOURCE_UNKNOWN',
    });
  });
});
