import { randomUUID } from 'node:crypto';
import { ErrorCode, type LoginData, RoleId } from '@bilag/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentBaskets, paymentUserBanks, paymentUsers, signingRequests } from '../../db/schema';
import {
  bearer,
  givenAccountNumber,
  givenBankAccount,
  givenTenancy,
  givenUser,
  type HttpMethod,
  login,
} from '../../test/fixtures';
import { givenSandbox, type RunningSandbox } from '../../test/sandbox';
import { createTestApp } from '../../test/test-app';
import { addCompanyUser } from '../companies';

const PUBLIC_URL = 'http://localhost:3000';
const ORGANISATION_NUMBER = '923456783';
const KARI = '12857910093';
const OLA = '03878510096';
const REFUSES = '21919010182';
const OPERATING_ACCOUNT = '15030123457';
const TAX_ACCOUNT = '15039876547';

const START = '/api/main/signing/auth/init';
const STATUS = '/api/main/signing/auth/status';
const AUTHORIZE = '/api/main/signing/authorize-company-banks';
const bankVerifyUrl = (companyId: number) => `/api/main/signing/bank-verify/${companyId}`;

/** Whoever makes a call: a signed-in person. */
type Caller = { session: LoginData };

type Started = { AuthenticationUrl: string; RequestID: string; TrackingID: string; assignUser: number };

/** What the person's browser does on the provider's BankID page: open it, fill in the form, post it. */
async function onBankIdPage(authenticationUrl: string, form: Record<string, string>): Promise<URL> {
  const page = await fetch(authenticationUrl);
  expect(page.status).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1];
  if (!action) throw new Error('the BankID page has no form');
  const answer = await fetch(new URL(action.replaceAll('&amp;', '&'), authenticationUrl), {
    method: 'POST',
    body: new URLSearchParams(form),
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}

describe('BankID signing and bank authorisation', () => {
  let sandbox: RunningSandbox;
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let tenancy: Awaited<ReturnType<typeof givenTenancy>>;
  let companyId: number;
  let operating: { Id: number; AccountNumber: string };
  let tax: { Id: number; AccountNumber: string };
  let nordea: { Id: number; AccountNumber: string };
  let outsiderAccount: { Id: number; AccountNumber: string };

  beforeAll(async () => {
    sandbox = await givenSandbox();
    context = await createTestApp({ providers: sandbox.providers, publicUrl: PUBLIC_URL });
    tenancy = await givenTenancy(context);
    companyId = tenancy.companyId;
    const { app } = context;
    const { session } = tenancy;
    operating = await givenBankAccount(app, session, companyId, OPERATING_ACCOUNT);
    tax = await givenBankAccount(app, session, companyId, TAX_ACCOUNT);
    nordea = await givenBankAccount(app, session, companyId, givenAccountNumber('6000', 1));
    outsiderAccount = await givenBankAccount(
      app,
      tenancy.outsiderSession,
      tenancy.outsiderCompanyId,
      OPERATING_ACCOUNT,
    );
  });
  afterAll(async () => {
    await context.close();
    await sandbox.close();
  });
  afterEach(async () => {
    await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
  });

  async function givenMember(): Promise<Caller & { id: number }> {
    const user = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT });
    await addCompanyUser(context.db, companyId, user.id);
    return { id: user.id, session: await login(context.app, user.email) };
  }

  async function givenPaymentUser(
    userId: number,
    options: { isAllowPayments?: boolean; verified?: number[] },
  ) {
    const isAllowPayments = options.isAllowPayments ?? true;
    await context.db
      .insert(paymentUsers)
      .values({ companyId, userId, isAllowPayments })
      .onConflictDoUpdate({
        target: [paymentUsers.companyId, paymentUsers.userId],
        set: { isAllowPayments },
      });
    for (const companyBankId of options.verified ?? [])
      await context.db
        .insert(paymentUserBanks)
        .values({ companyId, userId, companyBankId, verifiedBy: 'manual' });
  }

  /** A member of the company who is a payment user, with the accounts verified by hand that are given. */
  async function givenSigner(options: { isAllowPayments?: boolean; verified?: number[] } = {}) {
    const person = await givenMember();
    await givenPaymentUser(person.id, options);
    return person;
  }

  function callAs(caller: Caller, method: HttpMethod, url: string, payload?: object) {
    return context.app.inject({
      method,
      url,
      headers: bearer(caller.session),
      ...(payload ? { payload } : {}),
    });
  }

  const start = (person: Caller, body: object) => callAs(person, 'POST', START, { companyId, ...body });

  async function startOk(person: Caller, body: object): Promise<Started> {
    const response = await start(person, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  const statusOf = (person: Caller, started: Started) =>
    callAs(
      person,
      'GET',
      `${STATUS}?requestID=${encodeURIComponent(started.RequestID)}&trackingID=${encodeURIComponent(started.TrackingID)}`,
    );

  const authorize = (person: Caller, started: Started, body: object = {}) =>
    callAs(person, 'POST', AUTHORIZE, {
      assignUser: started.assignUser,
      companyId,
      requestID: started.RequestID,
      trackingID: started.TrackingID,
      organisationNumber: ORGANISATION_NUMBER,
      companyBankIds: [operating.Id, tax.Id],
      accountNumbers: [OPERATING_ACCOUNT, TAX_ACCOUNT],
      ...body,
    });

  /** Starts a signing for both DNB accounts and approves it on the BankID page as the given identity. */
  async function signedAs(person: Caller, ssn: string): Promise<Started> {
    const started = await startOk(person, { companyBankIds: [operating.Id, tax.Id] });
    await onBankIdPage(started.AuthenticationUrl, { action: 'approve', ssn });
    return started;
  }

  async function verificationsOf(person: Caller) {
    const response = await callAs(person, 'GET', bankVerifyUrl(companyId));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      OrganisationNumber: string;
      IsPaymentUser: boolean;
      rows: {
        AccountNumber: string;
        IsVerified: boolean;
        VerifiedBy: string | null;
        VerifiedAt: string | null;
      }[];
    };
  }

  async function givenOpenBasket(account: { Id: number; AccountNumber: string }) {
    const uuid = randomUUID();
    await context.db.insert(paymentBaskets).values({
      companyId,
      uuid,
      bankGroup: 'dnb',
      debtorCompanyBankId: account.Id,
      debtorAccountNumber: account.AccountNumber,
      paymentKind: 'domestic',
      expiresAt: new Date(Date.now() + 60 * 60_000),
    });
    return uuid;
  }

  it('verifies both accounts for a person the bank lets pay from all of them, and shows the number masked', async () => {
    const person = await givenSigner();
    const started = await startOk(person, { companyBankIds: [operating.Id, tax.Id] });
    expect(started).toMatchObject({ companyId, assignUser: person.id });
    expect(started.AuthenticationUrl.startsWith(`${sandbox.url}/signing/`)).toBe(true);

    const back = await onBankIdPage(started.AuthenticationUrl, { action: 'approve', ssn: KARI });
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/sign-next`);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      action: 'signant-auth',
      bankGroup: 'dnb',
      companyBankIds: `${operating.Id},${tax.Id}`,
      accountNumbers: `${OPERATING_ACCOUNT},${TAX_ACCOUNT}`,
      organisationNumber: ORGANISATION_NUMBER,
    });

    const status = await statusOf(person, started);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toMatchObject({ State: 'completed', UserSSN: '128579*****' });
    expect(status.body).not.toContain(KARI);

    const authorised = await authorize(person, started);
    expect(authorised.statusCode, authorised.body).toBe(200);
    expect(authorised.json().data).toEqual({
      accountNumbers: [OPERATING_ACCOUNT, TAX_ACCOUNT],
      authorizeData: [
        {
          accountNumber: OPERATING_ACCOUNT,
          companyBankId: operating.Id,
          authorised: true,
          outcome: 'authorised',
          resData: [{ approvalAccessIndicator: 'OK', statusCode: 200 }],
        },
        {
          accountNumber: TAX_ACCOUNT,
          companyBankId: tax.Id,
          authorised: true,
          outcome: 'authorised',
          resData: [{ approvalAccessIndicator: 'OK', statusCode: 200 }],
        },
      ],
      basket: null,
    });

    const verify = await verificationsOf(person);
    expect(verify).toMatchObject({ OrganisationNumber: ORGANISATION_NUMBER, IsPaymentUser: true });
    expect(verify.rows.map((row) => [row.AccountNumber, row.IsVerified, row.VerifiedBy])).toEqual([
      [OPERATING_ACCOUNT, true, 'bank-authorisation'],
      [TAX_ACCOUNT, true, 'bank-authorisation'],
    ]);
  });

  it('keeps only the account the bank confirms and removes the verification the bank refuses', async () => {
    const person = await givenSigner({ verified: [operating.Id, tax.Id] });
    const before = await verificationsOf(person);
    expect(before.rows.map((row) => row.VerifiedBy)).toEqual(['manual', 'manual']);

    const started = await signedAs(person, OLA);
    const authorised = await authorize(person, started);
    expect(authorised.statusCode, authorised.body).toBe(200);
    expect(
      authorised
        .json()
        .data.authorizeData.map((entry: { outcome: string; authorised: boolean }) => [
          entry.outcome,
          entry.authorised,
        ]),
    ).toEqual([
      ['authorised', true],
      ['not-authorised', false],
    ]);

    const after = await verificationsOf(person);
    expect(after.rows.map((row) => [row.AccountNumber, row.IsVerified, row.VerifiedBy])).toEqual([
      [OPERATING_ACCOUNT, true, 'bank-authorisation'],
      [TAX_ACCOUNT, false, null],
    ]);
    const taxRows = await context.db
      .select()
      .from(paymentUserBanks)
      .where(and(eq(paymentUserBanks.userId, person.id), eq(paymentUserBanks.companyBankId, tax.Id)));
    expect(taxRows).toEqual([]);
  });

  it('refuses to use a signing the person cancelled or refused, and says where it stands', async () => {
    const person = await givenSigner();
    const cancelled = await startOk(person, { companyBankIds: [operating.Id] });
    const back = await onBankIdPage(cancelled.AuthenticationUrl, { action: 'cancel' });
    expect(`${back.origin}${back.pathname}${back.search}`).toBe(
      `${PUBLIC_URL}/sign-cancel?action=signant-auth`,
    );
    expect((await statusOf(person, cancelled)).json().data).toMatchObject({ State: 'cancelled' });
    const refused = await authorize(person, cancelled, {
      companyBankIds: [operating.Id],
      accountNumbers: [OPERATING_ACCOUNT],
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: ErrorCode.CONFLICT, data: { State: 'cancelled' } });

    const rejected = await signedAs(person, REFUSES);
    const answer = await authorize(person, rejected);
    expect(answer.statusCode).toBe(409);
    expect((await verificationsOf(person)).rows.every((row) => !row.IsVerified)).toBe(true);
  });

  it('tells the status of a signing only to the person who started it', async () => {
    const owner = await givenSigner();
    const someoneElse = await givenSigner();
    const started = await signedAs(owner, KARI);

    const status = await statusOf(someoneElse, started);
    expect(status.statusCode).toBe(404);
    expect(status.body).not.toContain('128579');
    expect((await statusOf(tenancy, started)).statusCode).toBe(404);
    expect((await statusOf({ session: tenancy.outsiderSession }, started)).statusCode).toBe(404);
  });

  it("refuses somebody else's signing, even with their own person named", async () => {
    const owner = await givenSigner();
    const someoneElse = await givenSigner();
    const started = await signedAs(owner, KARI);

    const asOwner = await authorize(someoneElse, started, { assignUser: owner.id });
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json().message).toBe('The signing was started for another person.');
    const asThemselves = await authorize(someoneElse, { ...started, assignUser: someoneElse.id });
    expect(asThemselves.statusCode).toBe(404);
    expect(asThemselves.json().message).toBe(
      'This BankID signing is unknown, or it was started by someone else.',
    );
    expect((await verificationsOf(someoneElse)).rows.every((row) => !row.IsVerified)).toBe(true);
    expect((await authorize(owner, started)).statusCode).toBe(200);
  });

  it('uses a signing once, also when two authorisations race', async () => {
    const person = await givenSigner();
    const started = await signedAs(person, KARI);
    const answers = await Promise.all([authorize(person, started), authorize(person, started)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const again = await authorize(person, started);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This BankID signing has already been used. Sign again.');
    const [row] = await context.db
      .select()
      .from(signingRequests)
      .where(and(eq(signingRequests.companyId, companyId), eq(signingRequests.requestId, started.RequestID)));
    expect(row).toMatchObject({ state: 'completed', userId: person.id });
    expect(row?.usedAt).toBeInstanceOf(Date);
  });

  it("refuses accounts that are not the company's, not the ones signed for, or sent with the wrong number", async () => {
    const person = await givenSigner();
    const foreign = await start(person, { companyBankIds: [outsiderAccount.Id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(
      `Only accounts in SpareBank 1, DNB and Handelsbanken can be verified with the bank; ${outsiderAccount.Id} is not.`,
    );

    const started = await startOk(person, { companyBankIds: [operating.Id] });
    await onBankIdPage(started.AuthenticationUrl, { action: 'approve', ssn: KARI });
    for (const accounts of [
      { companyBankIds: [outsiderAccount.Id], accountNumbers: [OPERATING_ACCOUNT] },
      { companyBankIds: [operating.Id, tax.Id], accountNumbers: [OPERATING_ACCOUNT, TAX_ACCOUNT] },
      { companyBankIds: [operating.Id], accountNumbers: [TAX_ACCOUNT] },
      { companyBankIds: [operating.Id], accountNumbers: [OPERATING_ACCOUNT, TAX_ACCOUNT] },
      { companyBankIds: [tax.Id], accountNumbers: [TAX_ACCOUNT] },
    ]) {
      const refused = await authorize(person, started, accounts);
      expect(refused.statusCode, JSON.stringify(accounts)).toBe(400);
      expect(refused.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    }
    const otherCompany = await authorize(person, started, {
      companyBankIds: [operating.Id],
      accountNumbers: [OPERATING_ACCOUNT],
      organisationNumber: '934567897',
    });
    expect(otherCompany.statusCode).toBe(400);
    expect(otherCompany.json().message).toBe('The organisation number does not match the company.');

    const fine = await authorize(person, started, {
      companyBankIds: [operating.Id],
      accountNumbers: [OPERATING_ACCOUNT],
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('verifies only accounts in SpareBank 1, DNB and Handelsbanken', async () => {
    const person = await givenSigner();
    const refused = await start(person, { companyBankIds: [operating.Id, nordea.Id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `Only accounts in SpareBank 1, DNB and Handelsbanken can be verified with the bank; ${nordea.AccountNumber} is not.`,
    );
    expect((await start(person, { companyBankIds: [] })).statusCode).toBe(400);
    const listed = await verificationsOf(person);
    expect(listed.rows.map((row) => row.AccountNumber)).toEqual([OPERATING_ACCOUNT, TAX_ACCOUNT]);
  });

  it('lets only payment users allowed to pay sign, and nobody outside the company', async () => {
    const member = await givenMember();
    const notPaymentUser = await start(member, { companyBankIds: [operating.Id] });
    expect(notPaymentUser.statusCode).toBe(403);
    const verify = await verificationsOf(member);
    expect(verify.IsPaymentUser).toBe(false);

    const preparer = await givenSigner({ isAllowPayments: false });
    expect((await start(preparer, { companyBankIds: [operating.Id] })).statusCode).toBe(403);

    const owner = await givenSigner();
    const started = await signedAs(owner, KARI);
    await givenPaymentUser(owner.id, { isAllowPayments: false });
    const revoked = await authorize(owner, started);
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().code).toBe(ErrorCode.FORBIDDEN);

    const outsider = { session: tenancy.outsiderSession };
    const foreign = await start(outsider, { companyBankIds: [operating.Id] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(ErrorCode.COMPANY_NOT_FOUND);
    const foreignList = await callAs(outsider, 'GET', bankVerifyUrl(companyId));
    expect(foreignList.statusCode).toBe(404);
    expect(foreignList.body).not.toContain(OPERATING_ACCOUNT);
  });

  it('answers an outage of the signing provider or the bank authorisation service as unavailable, and a retry then works', async () => {
    const person = await givenSigner();
    await planFault('/signing/api/auth/init', 'unavailable', 10);
    const outage = await start(person, { companyBankIds: [operating.Id] });
    expect(outage.statusCode).toBe(503);
    expect(outage.json().message).toContain('BankID');

    await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
    const started = await signedAs(person, KARI);
    await planFault('/bank-authorisation/crs/authorize', 'unavailable', 10);
    const during = await authorize(person, started);
    expect(during.statusCode).toBe(503);
    expect((await verificationsOf(person)).rows.every((row) => !row.IsVerified)).toBe(true);

    await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
    expect((await authorize(person, started)).statusCode).toBe(200);
  });

  async function planFault(pathPrefix: string, fault: string, times: number) {
    const response = await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pathPrefix, fault, times }),
    });
    expect(response.status).toBe(201);
  }

  describe('for a basket', () => {
    it("records the signer's approval when the bank confirms the basket's account", async () => {
      const person = await givenSigner({ verified: [operating.Id] });
      const basketUuid = await givenOpenBasket(operating);
      const started = await startOk(person, { basketUUID: basketUuid, companyBankIds: [tax.Id] });
      const back = await onBankIdPage(started.AuthenticationUrl, { action: 'approve', ssn: KARI });
      expect(Object.fromEntries(back.searchParams)).toEqual({
        action: 'signant-auth',
        bankGroup: 'dnb',
        basketUUID: basketUuid,
        companyBankIds: String(operating.Id),
        accountNumbers: OPERATING_ACCOUNT,
        organisationNumber: ORGANISATION_NUMBER,
      });

      const withoutBasket = await authorize(person, started, {
        companyBankIds: [operating.Id],
        accountNumbers: [OPERATING_ACCOUNT],
      });
      expect(withoutBasket.statusCode).toBe(404);
      const otherAccount = await authorize(person, started, {
        basketUUID: basketUuid,
        companyBankIds: [tax.Id],
        accountNumbers: [TAX_ACCOUNT],
      });
      expect(otherAccount.statusCode).toBe(400);
      expect(otherAccount.json().message).toBe(
        `The accounts sent do not match the company’s account ${TAX_ACCOUNT}.`,
      );

      const authorised = await authorize(person, started, {
        basketUUID: basketUuid,
        companyBankIds: [operating.Id],
        accountNumbers: [OPERATING_ACCOUNT],
      });
      expect(authorised.statusCode, authorised.body).toBe(200);
      expect(authorised.json().data.basket).toMatchObject({
        currentBasketUUID: basketUuid,
        State: 'open',
        Approvals: [{ UserId: person.id }],
      });
    });

    it("sends a cancelled basket signing back to the basket's cancel page", async () => {
      const person = await givenSigner({ verified: [operating.Id] });
      const basketUuid = await givenOpenBasket(operating);
      const started = await startOk(person, { basketUUID: basketUuid });
      const back = await onBankIdPage(started.AuthenticationUrl, { action: 'cancel' });
      expect(back.toString()).toBe(`${PUBLIC_URL}/sign-cancel?action=payment-auth&basketUUID=${basketUuid}`);
    });

    it('refuses the approval when the bank does not let the signer pay from the account, and forgets the verification', async () => {
      const person = await givenSigner({ verified: [tax.Id] });
      const basketUuid = await givenOpenBasket(tax);
      const started = await startOk(person, { basketUUID: basketUuid });
      await onBankIdPage(started.AuthenticationUrl, { action: 'approve', ssn: OLA });

      const refused = await authorize(person, started, {
        basketUUID: basketUuid,
        companyBankIds: [tax.Id],
        accountNumbers: [TAX_ACCOUNT],
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toContain(TAX_ACCOUNT);
      const rows = (await verificationsOf(person)).rows;
      expect(rows.find((row) => row.AccountNumber === TAX_ACCOUNT)?.IsVerified).toBe(false);
      const reused = await authorize(person, started, {
        basketUUID: basketUuid,
        companyBankIds: [tax.Id],
        accountNumbers: [TAX_ACCOUNT],
      });
      expect(reused.statusCode).toBe(409);
    });
  });
});
