import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { givenSandbox, moveClock, noWait, type RunningSandbox } from '../../test/sandbox';
import { createBankClients } from './http-client';
import type { BankClient, ConsentRequest } from './interface';
import {
  authoriseAtBank,
  BAKERY,
  BAKERY_OPERATING,
  BAKERY_TAX,
  byNumber,
  failureOf,
  fieldLabelled,
  KARI,
  linkBack,
  logIn,
  messagesFor,
  OLA,
  openBankPage,
  osloDay,
  pageOf,
  personWho,
  press,
  RETURN_URLS,
} from './test-support';

describe('the bank client: consents and the person approving them at the bank', () => {
  let sandbox: RunningSandbox;
  let dnb: BankClient;

  beforeAll(async () => {
    sandbox = await givenSandbox();
    const client = createBankClients(sandbox.providers, { sleep: noWait }).forGroup('dnb');
    if (!client) throw new Error('no client for DNB');
    dnb = client;
  });
  afterAll(() => sandbox.close());
  afterEach(() => moveClock(sandbox, 0));

  const askForConsent = (overrides: Partial<ConsentRequest> = {}) =>
    dnb.createConsent({
      onBehalfOf: { organisationNumber: BAKERY },
      access: { scope: 'allAccounts' },
      recurring: true,
      validUntil: osloDay(90),
      frequencyPerDay: 4,
      ...RETURN_URLS,
      ...overrides,
    });

  it('has a client for each bank group with a connection, and none for the others', () => {
    const clients = createBankClients(sandbox.providers);
    expect(clients.forGroup('dnb')?.group).toBe('dnb');
    expect(clients.forGroup('sparebank1')?.group).toBe('sparebank1');
    expect(clients.forGroup('handelsbanken')?.group).toBe('handelsbanken');
    for (const group of ['nordea', 'danske', 'other', 'toString', '__proto__']) {
      expect(clients.forGroup(group)).toBeUndefined();
    }
  });

  it('asks for a consent, sends the person to the bank, and holds a valid consent once they approve', async () => {
    const created = await askForConsent();
    expect(created.status).toBe('received');
    expect(created.scaRedirectUrl.startsWith(`${sandbox.url}/psd2/dnb/`)).toBe(true);
    expect(await dnb.listConsentAuthorisations(created.consentId)).toEqual([created.authorisationId]);
    expect(await dnb.getConsentScaStatus(created.consentId, created.authorisationId)).toBe('received');
    expect(await dnb.getConsentStatus(created.consentId)).toBe('received');

    const returnedTo = await authoriseAtBank(created.scaRedirectUrl, KARI);

    expect(returnedTo).toBe(RETURN_URLS.returnUrl);
    expect(await dnb.getConsentScaStatus(created.consentId, created.authorisationId)).toBe('finalised');
    expect(await dnb.getConsentStatus(created.consentId)).toBe('valid');
    expect(await dnb.getConsent(created.consentId)).toEqual({
      consentId: created.consentId,
      access: { scope: 'allAccounts' },
      accounts: [],
      recurring: true,
      validUntil: osloDay(90),
      frequencyPerDay: 4,
      lastActionDate: osloDay(0),
      status: 'valid',
    });
  });

  it('names accounts and what it may read of them, and the bank binds the consent to those the person may use', async () => {
    const created = await askForConsent({
      access: {
        scope: 'accounts',
        accounts: [byNumber(BAKERY_OPERATING), byNumber(BAKERY_TAX)],
        balances: true,
        transactions: false,
      },
    });
    await authoriseAtBank(created.scaRedirectUrl, OLA);

    const consent = await dnb.getConsent(created.consentId);
    expect(consent.access).toEqual({
      scope: 'accounts',
      accounts: [byNumber(BAKERY_OPERATING), byNumber(BAKERY_TAX)],
      balances: true,
      transactions: false,
    });
    const read = { consentId: created.consentId };
    const accounts = await dnb.listAccounts(read);
    expect(accounts.map((account) => account.accountNumber)).toEqual([BAKERY_OPERATING.bban]);
    const [operating] = accounts;
    if (!operating) throw new Error('no account');
    expect(await dnb.getBalances(read, operating.accountId)).toHaveLength(2);

    const notAsked = await failureOf(
      dnb.listTransactions(read, operating.accountId, { dateFrom: osloDay(-7) }),
    );
    expect(notAsked).toMatchObject({ failure: 'rejected', status: 401, partyCode: 'CONSENT_INVALID' });
  });

  it('asks for the account list only, to let the person choose accounts', async () => {
    const created = await askForConsent({
      access: { scope: 'accountList' },
      recurring: false,
      frequencyPerDay: 1,
    });
    await authoriseAtBank(created.scaRedirectUrl, KARI);

    expect((await dnb.getConsent(created.consentId)).access).toEqual({ scope: 'accountList' });
    const accounts = await dnb.listAccounts({ consentId: created.consentId });
    expect(accounts.map((account) => account.accountNumber).sort()).toEqual(
      [BAKERY_OPERATING.bban, BAKERY_TAX.bban].sort(),
    );
  });

  it('lets only the person the product names log in at the bank', async () => {
    const created = await askForConsent({
      onBehalfOf: { nationalIdentityNumber: KARI, organisationNumber: BAKERY },
    });
    const page = pageOf(await openBankPage(created.scaRedirectUrl));
    const field = fieldLabelled(page, /national identity number/i);
    expect(field).toMatchObject({ value: KARI, readonly: true });
    expect(await authoriseAtBank(created.scaRedirectUrl, OLA)).toBe(RETURN_URLS.returnUrl);
    expect(await dnb.getConsentStatus(created.consentId)).toBe('valid');
  });

  it('holds a consent asked for longer than the bank allows until the last day it allows', async () => {
    const created = await askForConsent({ validUntil: osloDay(400) });
    expect(created.validUntil).toBe(osloDay(180));
    expect((await dnb.getConsent(created.consentId)).validUntil).toBe(osloDay(180));
  });

  it('refuses a consent that would end before today, in words the person understands', async () => {
    const failure = await failureOf(askForConsent({ validUntil: osloDay(-1) }));
    expect(failure).toMatchObject({
      party: 'bank',
      failure: 'rejected',
      status: 400,
      partyCode: 'FORMAT_ERROR',
      reasonKey: 'bankRequestInvalid',
    });
    expect(failure.partyText).toMatch(/validUntil/);
  });

  it('answers a repeated request with the same idempotency key with the first consent', async () => {
    const idempotencyKey = crypto.randomUUID();
    const first = await askForConsent({ idempotencyKey });
    const again = await askForConsent({ idempotencyKey });
    expect(again.consentId).toBe(first.consentId);
    expect(again.authorisationId).toBe(first.authorisationId);
    expect((await askForConsent()).consentId).not.toBe(first.consentId);
  });

  it('sends a person who rejects at the bank to the rejection address and holds no consent', async () => {
    const created = await askForConsent();
    expect(await authoriseAtBank(created.scaRedirectUrl, KARI, 'reject')).toBe(
      RETURN_URLS.returnUrlOnRejection,
    );
    expect(await dnb.getConsentScaStatus(created.consentId, created.authorisationId)).toBe('failed');
    expect(await dnb.getConsentStatus(created.consentId)).toBe('rejected');

    const failure = await failureOf(dnb.listAccounts({ consentId: created.consentId }));
    expect(failure).toMatchObject({
      failure: 'rejected',
      status: 401,
      partyCode: 'CONSENT_INVALID',
      reasonKey: 'bankConsentInvalid',
    });
  });

  it('sends the person back to the rejection address without a consent when BankID rejects them', async () => {
    const created = await askForConsent();
    const ended = pageOf(
      await logIn(pageOf(await openBankPage(created.scaRedirectUrl)), personWho('rejects')),
    );
    expect(ended.title).toBe('Rejected in BankID');
    expect(linkBack(ended)).toBe(RETURN_URLS.returnUrlOnRejection);
    expect(await dnb.getConsentScaStatus(created.consentId, created.authorisationId)).toBe('failed');
    expect(await dnb.getConsentStatus(created.consentId)).toBe('rejected');
  });

  it('gives up on a BankID that never answers and sends the person to the rejection address', async () => {
    const created = await askForConsent();
    const waiting = pageOf(
      await logIn(pageOf(await openBankPage(created.scaRedirectUrl)), personWho('times-out')),
    );
    expect(waiting.title).toBe('Waiting for BankID…');
    expect(await dnb.getConsentScaStatus(created.consentId, created.authorisationId)).toBe('psuIdentified');

    // The sandbox in the tests waits one second for BankID.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const afterTheWait = await press(waiting, /check again/i);

    expect(afterTheWait.returnedTo).toBe(RETURN_URLS.returnUrlOnRejection);
    expect(await dnb.getConsentScaStatus(created.consentId, created.authorisationId)).toBe('failed');
    expect(await dnb.getConsentStatus(created.consentId)).toBe('rejected');
  });

  it('sends the person back to the rejection address when BankID fails', async () => {
    const created = await askForConsent({ returnUrlOnRejection: undefined });
    const ended = pageOf(await logIn(pageOf(await openBankPage(created.scaRedirectUrl)), personWho('fails')));
    expect(ended.title).toBe('BankID did not work');
    // Without an address for rejections the bank sends the person to the one it has.
    expect(linkBack(ended)).toBe(RETURN_URLS.returnUrl);
    expect(await dnb.getConsentScaStatus(created.consentId, created.authorisationId)).toBe('failed');
  });

  it('ends a consent at the bank, after which the bank refuses every read with it', async () => {
    const created = await askForConsent();
    await authoriseAtBank(created.scaRedirectUrl, KARI);
    await dnb.revokeConsent(created.consentId);

    expect(await dnb.getConsentStatus(created.consentId)).toBe('terminatedByTpp');
    const failure = await failureOf(dnb.listAccounts({ consentId: created.consentId }));
    expect(failure).toMatchObject({ failure: 'rejected', partyCode: 'CONSENT_INVALID' });
    expect(messagesFor(failure)).toEqual({
      en: 'The bank refused the request: The bank consent is not in force: it has not been approved yet, was rejected or has been ended. Ask for a new consent.',
      no: 'Banken avviste forespørselen: Samtykket hos banken gjelder ikke: det er ikke godkjent ennå, ble avvist eller er avsluttet. Be om et nytt samtykke.',
    });
  });

  it('reports a consent the bank does not know, including one another bank gave', async () => {
    const unknown = await failureOf(dnb.getConsentStatus('no-such-consent'));
    expect(unknown).toMatchObject({
      failure: 'rejected',
      status: 403,
      partyCode: 'CONSENT_UNKNOWN',
      reasonKey: 'bankConsentUnknown',
    });

    const created = await askForConsent();
    const sparebank1 = createBankClients(sandbox.providers, { sleep: noWait }).forGroup('sparebank1');
    const elsewhere = await failureOf(sparebank1?.getConsent(created.consentId) ?? Promise.resolve());
    expect(elsewhere).toMatchObject({ partyCode: 'CONSENT_UNKNOWN' });
    expect(messagesFor(elsewhere)).toEqual({
      en: 'The bank refused the request: The bank does not know this consent. Ask for a new consent.',
      no: 'Banken avviste forespørselen: Banken kjenner ikke dette samtykket. Be om et nytt samtykke.',
    });
  });

  it('reports an authorisation the consent does not have', async () => {
    const created = await askForConsent();
    const failure = await failureOf(dnb.getConsentScaStatus(created.consentId, crypto.randomUUID()));
    expect(failure).toMatchObject({ failure: 'rejected', status: 404, partyCode: 'RESOURCE_UNKNOWN' });
  });

  it('reports a person or company the bank does not know as a refusal, not as the product’s credentials', async () => {
    const stranger = await failureOf(
      askForConsent({ onBehalfOf: { nationalIdentityNumber: '01010112345' } }),
    );
    expect(stranger).toMatchObject({
      failure: 'rejected',
      status: 401,
      partyCode: 'PSU_CREDENTIALS_INVALID',
      reasonKey: 'bankPersonUnknown',
    });
    const otherBanksCustomer = await failureOf(
      askForConsent({ onBehalfOf: { organisationNumber: '812345672' } }),
    );
    expect(otherBanksCustomer).toMatchObject({ partyCode: 'PSU_CREDENTIALS_INVALID' });
  });
});
