import { randomUUID } from 'node:crypto';
import { ErrorCode, LANGUAGE_HEADER, PaymentStatus, RoleId } from '@bilag/contracts';
import { addDays, ore, todayIsoDate } from '@bilag/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, paymentBasketApprovals, paymentBaskets, paymentInitiations } from '../../db/schema';
import { productJobs } from '../../jobs';
import { runJobsUntilIdle } from '../../platform/jobs';
import { createProviders } from '../../providers';
import { givenAccountNumber, givenBankAccount, givenTenancy, givenUser, login } from '../../test/fixtures';
import { givenSandbox, type RunningSandbox } from '../../test/sandbox';
import { createTestApp } from '../../test/test-app';
import { addCompanyUser } from '../companies';
import { callAs, givenPaymentRow, givenPaymentUser, type Person } from './payment.fixtures';
import type { PaymentRow } from './payment.table';
import { requirePaymentAccess } from './payment-access';
import { recordBasketApproval } from './payment-basket.service';

const PUBLIC_URL = 'http://localhost:3000';
const ORGANISATION_NUMBER = '923456783';
const KARI = '12857910093';
const OLA = '03878510096';
const REJECTS = '21919010182';
const TIMES_OUT = '30827210060';
const OPERATING_ACCOUNT = '15030123457';
const TAX_ACCOUNT = '15039876547';

const BASKETS = '/api/main/payments/baskets';
const UPDATE_STATUS = '/api/main/payments/update-status';
const payNowUrl = (basketUuid: string) => `${BASKETS}/${basketUuid}/pay-now`;
const scaCallbackUrl = (flowId: string) => `/api/main/v2/voucher-payments/ztl/sca/${flowId}`;
const cancelCallbackUrl = (flowId: string) => `/api/main/v2/voucher-payments/ztl/cancel/${flowId}`;
const cancelAtBankUrl = (id: number) => `/api/main/v2/voucher-payments/cancel-at-bank/${id}`;
const settingsUrl = (companyId: number) => `/api/main/payments/settings/${companyId}`;

type Signer = Person;
type Basket = {
  currentBasketUUID: string;
  State: string;
  RequiredApprovals: number;
  Approvals: { UserId: number }[];
  PaymentsCount: number;
  Message: string | null;
};
type Started = { flowId: string; basketUUID: string; scaRedirectUrl: string };
type BankPayment = {
  paymentId: string;
  status: string;
  psuId: string | null;
  lines: { endToEndId: string }[];
};

const today = () => todayIsoDate('Europe/Oslo');

describe('payment baskets: signing, the bank and back', () => {
  let sandbox: RunningSandbox;
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let tenancy: Awaited<ReturnType<typeof givenTenancy>>;
  let companyId: number;
  let operating: { Id: number; AccountNumber: string };
  let tax: { Id: number; AccountNumber: string };
  let kari: Signer;

  beforeAll(async () => {
    sandbox = await givenSandbox();
    context = await createTestApp({ providers: sandbox.providers, publicUrl: PUBLIC_URL });
    tenancy = await givenTenancy(context);
    companyId = tenancy.companyId;
    operating = await givenBankAccount(context.app, tenancy.session, companyId, OPERATING_ACCOUNT);
    tax = await givenBankAccount(context.app, tenancy.session, companyId, TAX_ACCOUNT);
    kari = await givenSigner([operating.Id, tax.Id]);
  });
  afterAll(async () => {
    await context.close();
    await sandbox.close();
  });
  afterEach(async () => {
    await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
    await moveBankClock(0);
  });

  async function givenSigner(
    verified: number[],
    options: { isAllowPayments?: boolean } = {},
  ): Promise<Signer> {
    const user = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT });
    await addCompanyUser(context.db, companyId, user.id);
    await givenPaymentUser(context.db, companyId, user.id, { companyBankIds: verified, ...options });
    return { id: user.id, email: user.email, session: await login(context.app, user.email) };
  }

  function givenPayment(values: Partial<PaymentRow> = {}) {
    return givenPaymentRow(context.db, {
      companyId,
      debtorCompanyBankId: operating.Id,
      debtorAccountNumber: OPERATING_ACCOUNT,
      source: 2,
      dueDate: addDays(today(), 1),
      kid: null,
      message: 'Faktura 1001',
      ...values,
    });
  }

  const save = (person: Signer, paymentsIds: number[], forCompany = companyId) =>
    callAs(context.app, person, 'POST', BASKETS, { companyId: forCompany, paymentsIds });

  async function saved(person: Signer, paymentsIds: number[]): Promise<Basket> {
    const response = await save(person, paymentsIds);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  /** The approval a BankID signing records, given directly where the signing itself is not the point. */
  function approve(person: Signer, basketUuid: string, ssn: string) {
    const principal = { userId: person.id, roleId: RoleId.ACCOUNTANT, sessionId: randomUUID() };
    return context.db.transaction(async (tx) =>
      recordBasketApproval(tx, principal, await requirePaymentAccess(tx, principal, companyId, 'pay'), {
        basketUuid,
        ssn,
        signingRequestId: randomUUID(),
      }),
    );
  }

  const payNow = (person: Signer, basketUuid: string, key: string = randomUUID()) =>
    callAs(context.app, person, 'POST', payNowUrl(basketUuid), {}, { 'idempotency-key': key });

  async function paid(person: Signer, basketUuid: string): Promise<Started> {
    const response = await payNow(person, basketUuid);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  const callback = (url: string, query: Record<string, string> = {}) =>
    context.app.inject({ method: 'POST', url, payload: { query } });

  /** What the person's browser does on the bank's SCA page: log in with BankID, then decide. */
  async function onScaPage(scaRedirectUrl: string, ssn: string, decision?: 'approve' | 'reject') {
    const page = await fetch(scaRedirectUrl);
    expect(page.status).toBe(200);
    const login = await fetch(`${scaRedirectUrl}/login`, {
      method: 'POST',
      body: new URLSearchParams({ ssn }),
      redirect: 'manual',
    });
    if (!decision) return login;
    expect(login.status).toBe(303);
    const decided = await fetch(`${scaRedirectUrl}/decision`, {
      method: 'POST',
      body: new URLSearchParams({ decision }),
      redirect: 'manual',
    });
    expect(decided.status).toBe(303);
    return decided;
  }

  async function bankPayments(endToEndIds: string[]): Promise<BankPayment[]> {
    const answer = await fetch(`${sandbox.url}/sandbox/banks/dnb/payments`);
    const { payments } = (await answer.json()) as { payments: BankPayment[] };
    return payments.filter((payment) => payment.lines.some((line) => endToEndIds.includes(line.endToEndId)));
  }

  async function moveBankClock(offsetDays: number) {
    await fetch(`${sandbox.url}/sandbox/clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offsetDays }),
    });
  }

  const providers = () => createProviders(sandbox.providers);

  function runJobs(aheadMs = 60_000) {
    return runJobsUntilIdle(context.db, {
      ...productJobs({ db: context.db, providers: providers(), config: { publicUrl: PUBLIC_URL } }),
      dueBy: new Date(Date.now() + aheadMs),
    });
  }

  async function paymentsOf(ids: number[]) {
    const rows = [];
    for (const id of ids) {
      const response = await callAs(
        context.app,
        kari,
        'GET',
        `/api/main/payments/${id}?companyId=${companyId}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      rows.push(response.json().data);
    }
    return rows as {
      Id: number;
      Status: number;
      BankStatus: string | null;
      BankStatusReason: string | null;
      BankStatusText: string | null;
      BasketUuid: string | null;
      PaidReason: string | null;
    }[];
  }

  async function basketRow(uuid: string) {
    const [row] = await context.db
      .select()
      .from(paymentBaskets)
      .where(and(eq(paymentBaskets.companyId, companyId), eq(paymentBaskets.uuid, uuid)));
    return row;
  }

  async function initiationOf(basketUuid: string) {
    const [row] = await context.db
      .select()
      .from(paymentInitiations)
      .where(and(eq(paymentInitiations.companyId, companyId), eq(paymentInitiations.basketUuid, basketUuid)));
    return row;
  }

  /** A basket of these payments, signed by Kari and sent to the bank: the flow waits at the SCA page. */
  async function atScaPage(payments: PaymentRow[], ssn = KARI) {
    const basket = await saved(
      kari,
      payments.map((payment) => payment.id),
    );
    await approve(kari, basket.currentBasketUUID, ssn);
    return { basket, started: await paid(kari, basket.currentBasketUUID) };
  }

  /** A basket the bank accepted: signed, approved on the SCA page, and back through the callback. */
  async function accepted(payments: PaymentRow[]) {
    const { basket, started } = await atScaPage(payments);
    await onScaPage(started.scaRedirectUrl, KARI, 'approve');
    const back = await callback(scaCallbackUrl(started.flowId));
    expect(back.json().data.outcome).toBe('accepted');
    return { basket, started };
  }

  it('pays a basket from selection through BankID and the bank SCA to PAID, over HTTP', async () => {
    const first = await givenPayment({ amountOre: 125_050 });
    const second = await givenPayment({ amountOre: 40_000, kid: '1234567890003', message: null });
    const basket = await saved(kari, [first.id, second.id]);
    expect(basket).toMatchObject({
      State: 'open',
      BankGroup: 'dnb',
      DebtorAccountNumber: OPERATING_ACCOUNT,
      PaymentKind: 'domestic',
      PaymentsCount: 2,
      RequiredApprovals: 1,
      Totals: [{ Currency: 'NOK', AmountOre: 165_050 }],
      OrganisationNumber: ORGANISATION_NUMBER,
    });

    const start = await callAs(context.app, kari, 'POST', '/api/main/signing/auth/init', {
      companyId,
      basketUUID: basket.currentBasketUUID,
    });
    expect(start.statusCode, start.body).toBe(200);
    const signing = start.json().data;
    const page = await fetch(signing.AuthenticationUrl);
    const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const signed = await fetch(new URL(action.replaceAll('&amp;', '&'), signing.AuthenticationUrl), {
      method: 'POST',
      body: new URLSearchParams({ action: 'approve', ssn: KARI }),
      redirect: 'manual',
    });
    expect(signed.status).toBe(303);
    const authorised = await callAs(context.app, kari, 'POST', '/api/main/signing/authorize-company-banks', {
      assignUser: signing.assignUser,
      companyId,
      requestID: signing.RequestID,
      trackingID: signing.TrackingID,
      organisationNumber: ORGANISATION_NUMBER,
      companyBankIds: [operating.Id],
      accountNumbers: [OPERATING_ACCOUNT],
      basketUUID: basket.currentBasketUUID,
    });
    expect(authorised.statusCode, authorised.body).toBe(200);
    expect(authorised.json().data.basket.Approvals).toEqual([expect.objectContaining({ UserId: kari.id })]);

    const started = await paid(kari, basket.currentBasketUUID);
    expect(started.basketUUID).toBe(basket.currentBasketUUID);
    const back = new URL(
      (await onScaPage(started.scaRedirectUrl, KARI, 'approve')).headers.get('location') ?? '',
    );
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/ztl-payment/sca-callback`);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      flowId: started.flowId,
      basketUUID: basket.currentBasketUUID,
    });

    const result = await callback(scaCallbackUrl(started.flowId), Object.fromEntries(back.searchParams));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().data).toMatchObject({ outcome: 'accepted', basketUUID: basket.currentBasketUUID });
    expect((await paymentsOf([first.id, second.id])).map((row) => [row.Status, row.BankStatus])).toEqual([
      [PaymentStatus.PROCESSING, 'ACTC'],
      [PaymentStatus.PROCESSING, 'ACTC'],
    ]);
    const [atBank] = await bankPayments([first.endToEndId]);
    expect(atBank).toMatchObject({ status: 'ACTC', psuId: KARI });
    expect(atBank?.lines).toHaveLength(2);
    const shown = await callAs(context.app, kari, 'GET', `${BASKETS}/${basket.currentBasketUUID}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.basket.State).toBe('accepted');
    expect(shown.json().data.data).toHaveLength(2);
    const [approval] = await context.db
      .select()
      .from(paymentBasketApprovals)
      .where(eq(paymentBasketApprovals.basketUuid, basket.currentBasketUUID));
    expect(approval?.ssn).toBeNull();

    await runJobs(10_000);
    expect((await paymentsOf([first.id])).map((row) => row.Status)).toEqual([PaymentStatus.PROCESSING]);
    await moveBankClock(1);
    await runJobs(10 * 60_000);
    const settled = await paymentsOf([first.id, second.id]);
    expect(settled.map((row) => row.Status)).toEqual([PaymentStatus.PAID, PaymentStatus.PAID]);
    expect(settled[0]?.PaidReason).toContain('Bank report');
    expect((await initiationOf(basket.currentBasketUUID))?.state).toBe('finished');
  });

  it('fails a payment the bank refuses to carry out, with the bank’s reason', async () => {
    const noFunds = await givenPayment({ amountOre: 1_313 });
    await accepted([noFunds]);
    await moveBankClock(1);
    await runJobs(10 * 60_000);
    const [row] = await paymentsOf([noFunds.id]);
    expect(row).toMatchObject({ Status: PaymentStatus.FAILED, BankStatus: 'RJCT', BankStatusReason: 'AM04' });
  });

  it('puts the payments back to waiting, with the bank’s reason, when the person rejects at the bank', async () => {
    const payment = await givenPayment();
    const { basket, started } = await atScaPage([payment], REJECTS);
    await onScaPage(started.scaRedirectUrl, REJECTS);
    const result = await callback(scaCallbackUrl(started.flowId));
    expect(result.json().data).toMatchObject({ outcome: 'rejected' });
    expect(result.json().data.message).toContain('not approved at the bank');
    const [row] = await paymentsOf([payment.id]);
    expect(row).toMatchObject({
      Status: PaymentStatus.FOR_APPROVE,
      BasketUuid: null,
      BankStatus: 'RJCT',
      BankStatusReason: 'CUST',
    });
    expect(row?.BankStatusText).toContain('declined');
    expect((await basketRow(basket.currentBasketUUID))?.state).toBe('rejected');
    const gone = await callAs(context.app, kari, 'GET', `${BASKETS}/${basket.currentBasketUUID}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(ErrorCode.NOT_FOUND);
    // The payment is free for a new basket.
    expect((await save(kari, [payment.id])).statusCode).toBe(200);
  });

  it('puts the payments back to waiting when BankID at the bank times out', async () => {
    const payment = await givenPayment();
    const { started } = await atScaPage([payment], TIMES_OUT);
    const waiting = await onScaPage(started.scaRedirectUrl, TIMES_OUT);
    expect(waiting.status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const result = await callback(scaCallbackUrl(started.flowId));
    expect(result.json().data).toMatchObject({ outcome: 'rejected' });
    expect(result.json().data.message).toContain('timed out');
    const [row] = await paymentsOf([payment.id]);
    expect(row).toMatchObject({
      Status: PaymentStatus.FOR_APPROVE,
      BasketUuid: null,
      BankStatusReason: 'NOAS',
    });
  });

  it('sends a basket to the bank once, however often and however concurrently pay-now is called', async () => {
    const payments = [await givenPayment(), await givenPayment()];
    const basket = await saved(
      kari,
      payments.map((payment) => payment.id),
    );
    await approve(kari, basket.currentBasketUUID, KARI);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => payNow(kari, basket.currentBasketUUID)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const flowIds = new Set(answers.map((answer) => answer.json().data.flowId));
    expect(flowIds.size).toBe(1);
    const again = await paid(kari, basket.currentBasketUUID);
    expect(flowIds.has(again.flowId)).toBe(true);
    expect(await bankPayments(payments.map((payment) => payment.endToEndId))).toHaveLength(1);
  });

  it('changes nothing more when the bank’s callback comes again', async () => {
    const payment = await givenPayment();
    const { started } = await accepted([payment]);
    const audits = await context.db.select().from(auditLog).where(eq(auditLog.companyId, companyId));
    const replay = await callback(scaCallbackUrl(started.flowId), { flowId: started.flowId });
    expect(replay.json().data.outcome).toBe('accepted');
    const after = await context.db.select().from(auditLog).where(eq(auditLog.companyId, companyId));
    expect(after).toHaveLength(audits.length);
    const unknown = await callback(scaCallbackUrl(randomUUID()));
    expect(unknown.statusCode).toBe(404);
  });

  it('asks two different people to sign above the company’s limit', async () => {
    const settings = await callAs(context.app, tenancy, 'PUT', settingsUrl(companyId), {
      SecondApproverAboveOre: 100_000,
    });
    // The accountant member is neither owner, CEO nor administrator.
    expect(settings.statusCode).toBe(403);
    const owner = await givenUser(context.db, { roleId: RoleId.CEO });
    await addCompanyUser(context.db, companyId, owner.id);
    const ceo = { session: await login(context.app, owner.email) };
    const set = await callAs(context.app, ceo, 'PUT', settingsUrl(companyId), {
      SecondApproverAboveOre: 100_000,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await callAs(context.app, kari, 'GET', settingsUrl(companyId))).json().data).toMatchObject({
      SecondApproverAboveOre: 100_000,
      CanManage: false,
    });

    try {
      const small = await saved(kari, [(await givenPayment({ amountOre: 90_000 })).id]);
      expect(small.RequiredApprovals).toBe(1);
      const large = await saved(kari, [(await givenPayment({ amountOre: 150_000 })).id]);
      expect(large.RequiredApprovals).toBe(2);
      const uuid = large.currentBasketUUID;
      const ola = await givenSigner([operating.Id]);
      const nobody = await givenSigner([operating.Id]);

      await approve(kari, uuid, KARI);
      await expect(approve(kari, uuid, KARI)).rejects.toMatchObject({ messageKey: 'basketAlreadyApproved' });
      await expect(approve(ola, uuid, KARI)).rejects.toMatchObject({
        messageKey: 'basketSecondApproverSame',
      });
      const early = await payNow(kari, uuid);
      expect(early.statusCode).toBe(409);
      expect(early.json().data).toEqual({ missing: 1 });

      const both = await approve(ola, uuid, OLA);
      expect(both.Approvals.map((approval) => approval.UserId)).toEqual([kari.id, ola.id]);
      const stranger = await payNow(nobody, uuid);
      expect(stranger.statusCode).toBe(403);
      const started = await paid(ola, uuid);
      // The bank's page lets only the last signer approve.
      expect((await onScaPage(started.scaRedirectUrl, KARI)).status).toBe(400);
    } finally {
      await callAs(context.app, ceo, 'PUT', settingsUrl(companyId), { SecondApproverAboveOre: null });
    }
  });

  it('lets only people verified for the account put payments in a basket and sign it', async () => {
    const payment = await givenPayment();
    const unverified = await givenSigner([tax.Id]);
    const refused = await save(unverified, [payment.id]);
    expect(refused.statusCode).toBe(403);
    const notPaying = await givenSigner([operating.Id], { isAllowPayments: false });
    expect((await save(notPaying, [payment.id])).statusCode).toBe(403);
    const basket = await saved(kari, [payment.id]);
    await expect(approve(unverified, basket.currentBasketUUID, OLA)).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('refuses payments that cannot go together or are not waiting', async () => {
    const fromOperating = await givenPayment();
    const fromTax = await givenPayment({ debtorCompanyBankId: tax.Id, debtorAccountNumber: TAX_ACCOUNT });
    const mixed = await save(kari, [fromOperating.id, fromTax.id]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toContain('2 accounts');
    const euro = await givenPayment({
      type: 1,
      currency: 'EUR',
      creditorAccount: 'DE89370400440532013000',
      creditorCountry: 'DE',
    });
    expect((await save(kari, [fromOperating.id, euro.id])).statusCode).toBe(400);
    const euroBasket = await saved(kari, [euro.id]);
    expect(euroBasket).toMatchObject({ PaymentKind: 'sepa' });
    const ignored = await givenPayment({ status: PaymentStatus.IGNORED });
    expect((await save(kari, [ignored.id])).statusCode).toBe(400);
    const nordea = await givenBankAccount(
      context.app,
      tenancy.session,
      companyId,
      givenAccountNumber('6000', 1),
    );
    await givenPaymentUser(context.db, companyId, kari.id, { companyBankIds: [nordea.Id] });
    const elsewhere = await givenPayment({
      debtorCompanyBankId: nordea.Id,
      debtorAccountNumber: nordea.AccountNumber,
    });
    const notConnected = await save(kari, [elsewhere.id]);
    expect(notConnected.statusCode).toBe(400);
    expect(notConnected.json().message).toContain(nordea.AccountNumber);
  });

  it('moves a payment from an open basket to a new one, and keeps one at the bank where it is', async () => {
    const payment = await givenPayment();
    const first = await saved(kari, [payment.id]);
    const second = await saved(kari, [payment.id]);
    expect((await basketRow(first.currentBasketUUID))?.state).toBe('expired');
    expect((await paymentsOf([payment.id]))[0]?.BasketUuid).toBe(second.currentBasketUUID);
    await approve(kari, second.currentBasketUUID, KARI);
    await paid(kari, second.currentBasketUUID);
    const taken = await save(kari, [payment.id]);
    expect(taken.statusCode).toBe(409);
    const edit = await callAs(context.app, kari, 'POST', '/api/main/v2/voucher-payments/delete-list', {
      companyId,
      ids: [payment.id],
    });
    expect(edit.statusCode).toBe(409);
  });

  it("keeps another company's basket from its members and everyone else", async () => {
    const payment = await givenPayment();
    const basket = await saved(kari, [payment.id]);
    const outsider = { session: tenancy.outsiderSession };
    const uuid = basket.currentBasketUUID;
    for (const response of [
      await callAs(context.app, outsider, 'GET', `${BASKETS}/${uuid}`),
      await callAs(context.app, outsider, 'POST', payNowUrl(uuid), {}),
      await callAs(context.app, outsider, 'POST', UPDATE_STATUS, {
        basketUUID: uuid,
        statusText: 'CANCELED',
        statusID: 4001,
      }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(OPERATING_ACCOUNT);
    }
    expect((await save(kari, [payment.id], tenancy.outsiderCompanyId)).statusCode).toBe(404);
    expect((await callAs(context.app, outsider, 'GET', settingsUrl(companyId))).statusCode).toBe(404);
    expect((await basketRow(uuid))?.state).toBe('open');
  });

  describe('cancelling', () => {
    const cancel = (person: Signer, basketUuid: string) =>
      callAs(context.app, person, 'POST', UPDATE_STATUS, {
        basketUUID: basketUuid,
        statusText: 'CANCELED',
        statusID: 4001,
      });

    it('cancels an open basket and its payments, and answers a repeat the same', async () => {
      const payment = await givenPayment();
      const basket = await saved(kari, [payment.id]);
      const canceled = await cancel(kari, basket.currentBasketUUID);
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json().data.basket.State).toBe('canceled');
      expect(canceled.json().data.data.map((row: { Status: number }) => row.Status)).toEqual([
        PaymentStatus.CANCELED,
      ]);
      const again = await cancel(kari, basket.currentBasketUUID);
      expect(again.statusCode).toBe(200);
      const late = await payNow(kari, basket.currentBasketUUID);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('The basket is cancelled and can no longer be changed.');
      const lateInNorwegian = await callAs(
        context.app,
        kari,
        'POST',
        payNowUrl(basket.currentBasketUUID),
        {},
        { 'idempotency-key': randomUUID(), [LANGUAGE_HEADER]: 'no' },
      );
      expect(lateInNorwegian.json().message).toBe('Kurven er kansellert og kan ikke lenger endres.');
    });

    it('cancels a basket waiting at the bank’s SCA page at the bank first', async () => {
      const payment = await givenPayment();
      const { basket, started } = await atScaPage([payment]);
      const canceled = await cancel(kari, basket.currentBasketUUID);
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json().data.basket.State).toBe('canceled');
      expect((await bankPayments([payment.endToEndId]))[0]?.status).toBe('CANC');
      const back = await callback(scaCallbackUrl(started.flowId));
      expect(back.json().data.outcome).toBe('canceled');
    });

    it('leaves an accepted basket to be stopped at the bank, which stops the whole bulk', async () => {
      const payments = [await givenPayment(), await givenPayment()];
      const { basket, started } = await accepted(payments);
      const refused = await cancel(kari, basket.currentBasketUUID);
      expect(refused.statusCode).toBe(409);
      const byHand = await callAs(
        context.app,
        kari,
        'POST',
        `/api/main/v2/voucher-payments/cancel/${payments[0]?.id}`,
        {
          companyId,
        },
      );
      expect(byHand.statusCode).toBe(409);
      const stopped = await callAs(context.app, kari, 'POST', cancelAtBankUrl(payments[0]?.id ?? 0), {
        companyId,
      });
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json().data.rows.map((row: { Status: number }) => row.Status)).toEqual([
        PaymentStatus.CANCELED,
        PaymentStatus.CANCELED,
      ]);
      expect((await bankPayments([payments[0]?.endToEndId ?? '']))[0]?.status).toBe('CANC');
      const back = await callback(cancelCallbackUrl(started.flowId), { status: 'success' });
      expect(back.json().data.outcome).toBe('canceled');
    });

    it('refuses to stop a payment the bank has carried out', async () => {
      const payment = await givenPayment({ dueDate: today() });
      await accepted([payment]);
      const [row] = await paymentsOf([payment.id]);
      expect(row?.Status).toBe(PaymentStatus.PAID);
      const refused = await callAs(context.app, kari, 'POST', cancelAtBankUrl(payment.id), { companyId });
      expect(refused.statusCode).toBe(409);
    });
  });

  describe('jobs', () => {
    it('lets an open basket nobody signs expire, and its payments wait again', async () => {
      const payment = await givenPayment();
      const basket = await saved(kari, [payment.id]);
      await runJobs(31 * 60_000);
      expect((await basketRow(basket.currentBasketUUID))?.state).toBe('expired');
      const [row] = await paymentsOf([payment.id]);
      expect(row).toMatchObject({ Status: PaymentStatus.FOR_APPROVE, BasketUuid: null });
      expect(row?.BankStatusText).toContain('in time');
    });

    it('cancels at the bank a payment nobody approved on the SCA page before the basket expired', async () => {
      const payment = await givenPayment();
      const { basket } = await atScaPage([payment]);
      await runJobs(31 * 60_000);
      expect((await basketRow(basket.currentBasketUUID))?.state).toBe('expired');
      expect((await bankPayments([payment.endToEndId]))[0]?.status).toBe('CANC');
      expect((await paymentsOf([payment.id]))[0]).toMatchObject({
        Status: PaymentStatus.FOR_APPROVE,
        BasketUuid: null,
      });
    });

    it('finishes an initiation whose process died after the bank made the payment, with the same key', async () => {
      const payment = await givenPayment();
      const basket = await saved(kari, [payment.id]);
      await approve(kari, basket.currentBasketUUID, KARI);
      await fetch(`${sandbox.url}/sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pathPrefix: '/psd2/dnb/v1/payments', fault: 'unavailable', times: 10 }),
      });
      const down = await payNow(kari, basket.currentBasketUUID);
      expect(down.statusCode).toBe(503);
      await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
      const initiation = await initiationOf(basket.currentBasketUUID);
      expect(initiation?.state).toBe('initiating');

      // The bank got the payment; only the answer was lost on the way back.
      const bank = providers().banks.forGroup('dnb');
      const returnUrl = `${PUBLIC_URL}/ztl-payment/sca-callback?flowId=${initiation?.flowId}&basketUUID=${basket.currentBasketUUID}`;
      const made = await bank?.initiatePayment({
        kind: 'domestic',
        debtorAccount: { accountNumber: OPERATING_ACCOUNT },
        requestedExecutionDate: payment.dueDate,
        onBehalfOf: { nationalIdentityNumber: KARI, organisationNumber: ORGANISATION_NUMBER },
        returnUrl,
        returnUrlOnRejection: returnUrl,
        idempotencyKey: initiation?.idempotencyKey ?? '',
        amount: { amount: ore(payment.amountOre), currency: 'NOK' },
        creditor: { name: payment.creditorName, account: { accountNumber: payment.creditorAccount } },
        remittance: { message: payment.message ?? '' },
        endToEndId: payment.endToEndId,
      });

      await runJobs();
      const recorded = await initiationOf(basket.currentBasketUUID);
      expect(recorded).toMatchObject({ state: 'awaiting-sca', bankPaymentId: made?.paymentId });
      expect((await basketRow(basket.currentBasketUUID))?.state).toBe('awaiting-sca');
      expect(await bankPayments([payment.endToEndId])).toHaveLength(1);
      const answer = await paid(kari, basket.currentBasketUUID);
      expect(answer.scaRedirectUrl).toBe(made?.scaRedirectUrl);
    });

    it('queues the follow-up of a flow left without one', async () => {
      const payment = await givenPayment();
      const { basket, started } = await atScaPage([payment]);
      await context.db.delete(jobs).where(eq(jobs.singletonKey, `payments.flow-check:${started.flowId}`));
      await context.db
        .update(paymentBaskets)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(paymentBaskets.uuid, basket.currentBasketUUID));
      await context.db.insert(jobs).values({ name: 'payments.sweep', payload: {} });
      await runJobs(1_000);
      expect((await basketRow(basket.currentBasketUUID))?.state).toBe('expired');
    });
  });
});
