import { isValidAccountNumber, isValidNationalIdentityNumber } from '@bilag/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, type Sandbox } from '../app';
import { DEFAULT_CREDENTIALS } from '../platform/context';
import { SANDBOX_ACCOUNTS, TEST_PEOPLE } from '../platform/world';

const KEY = { 'x-api-key': DEFAULT_CREDENTIALS.bankAuthorisationApiKey };
const BAKERY = '923456783';
const BUILDER = '934567897';
const KARI = '12857910093';
const OLA = '03878510096';
const VERA_TIMES_OUT_AT_BANK = '14918310143';
const BAKERY_OPERATING = '15030123457';
const BAKERY_TAX = '15039876547';
const BUILDER_OPERATING = '32010456788';
/** Valid by its check digit, held by no sandbox bank. */
const NOBODYS_ACCOUNT = '12345678903';

type Entry = {
  accountNumber: string;
  statusCode: number;
  statusText: string;
  bic?: string | null;
  resData: { approvalAccessIndicator: string; checkedAt: string }[];
};

describe('the bank authorisation service', () => {
  let app: Sandbox;
  beforeAll(async () => {
    app = await buildSandbox();
  });
  afterAll(() => app.close());

  function authorize(
    body: Record<string, unknown>,
    { path = '/bank-authorisation/crs/authorize', headers = {} as Record<string, string> } = {},
  ) {
    return app.inject({ method: 'POST', url: path, headers: { ...KEY, ...headers }, payload: body });
  }

  function indicators(entries: Entry[]) {
    return Object.fromEntries(
      entries.map((entry) => [
        entry.accountNumber,
        [entry.statusCode, entry.resData[0]?.approvalAccessIndicator],
      ]),
    );
  }

  it('refuses a caller without the right X-Api-Key', async () => {
    const body = { organisationNumber: BAKERY, ssn: KARI, accountNumbers: [BAKERY_OPERATING] };
    const missing = await app.inject({
      method: 'POST',
      url: '/bank-authorisation/crs/authorize',
      payload: body,
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    const wrong = await authorize(body, {
      path: '/bank-authorisation/crs/v1/authorize',
      headers: { 'x-api-key': 'guess' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('says OK for accounts of the company the person may pay from, NOT_OK for the rest', async () => {
    const response = await authorize({
      organisationNumber: BAKERY,
      ssn: OLA,
      accountNumbers: [BAKERY_OPERATING, BAKERY_TAX, BUILDER_OPERATING],
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      statusCode: 200,
      organisationNumber: BAKERY,
      accountNumbers: [BAKERY_OPERATING, BAKERY_TAX, BUILDER_OPERATING],
    });
    expect(indicators(answer.authorizeData)).toEqual({
      [BAKERY_OPERATING]: [200, 'OK'],
      [BAKERY_TAX]: [200, 'NOT_OK'],
      [BUILDER_OPERATING]: [200, 'NOT_OK'],
    });
  });

  it('says OK for every bakery account to the person who signs but then times out at the bank', async () => {
    const response = await authorize({
      organisationNumber: BAKERY,
      ssn: VERA_TIMES_OUT_AT_BANK,
      accountNumbers: [BAKERY_OPERATING, BAKERY_TAX],
    });
    expect(indicators(response.json().authorizeData)).toEqual({
      [BAKERY_OPERATING]: [200, 'OK'],
      [BAKERY_TAX]: [200, 'OK'],
    });
  });

  it('says NOT_OK for an account the person may use when it belongs to another company than the one asked', async () => {
    const response = await authorize({
      organisationNumber: BAKERY,
      ssn: KARI,
      accountNumbers: [BAKERY_TAX, BUILDER_OPERATING],
    });
    expect(indicators(response.json().authorizeData)).toEqual({
      [BAKERY_TAX]: [200, 'OK'],
      [BUILDER_OPERATING]: [200, 'NOT_OK'],
    });
    const asBuilder = await authorize({
      organisationNumber: BUILDER,
      ssn: KARI,
      accountNumbers: [BUILDER_OPERATING],
    });
    expect(indicators(asBuilder.json().authorizeData)).toEqual({ [BUILDER_OPERATING]: [200, 'OK'] });
  });

  it('answers 404 for an account no bank of the sandbox holds', async () => {
    const response = await authorize({
      organisationNumber: BAKERY,
      ssn: KARI,
      accountNumbers: [NOBODYS_ACCOUNT],
    });
    expect(response.statusCode).toBe(200);
    const [entry] = response.json().authorizeData as Entry[];
    expect(entry).toMatchObject({ accountNumber: NOBODYS_ACCOUNT, statusCode: 404 });
    expect(entry?.resData[0]?.approvalAccessIndicator).toBe('NOT_OK');
  });

  it.each([
    [
      'an organisation number with a wrong check digit',
      { organisationNumber: '923456784' },
      'INVALID_ORGANISATION_NUMBER',
    ],
    [
      'an organisation number with spaces',
      { organisationNumber: '923 456 783' },
      'INVALID_ORGANISATION_NUMBER',
    ],
    ['a national identity number with a wrong control digit', { ssn: '12857910094' }, 'INVALID_SSN'],
    ['a national identity number of 10 digits', { ssn: '1285791009' }, 'INVALID_SSN'],
    [
      'an account number with a wrong check digit',
      { accountNumbers: ['15030123458'] },
      'INVALID_ACCOUNT_NUMBER',
    ],
    ['an account number with dots', { accountNumbers: ['1503.01.23457'] }, 'INVALID_ACCOUNT_NUMBER'],
    ['no account numbers', { accountNumbers: [] }, 'INVALID_REQUEST'],
    ['101 account numbers', { accountNumbers: Array(101).fill(BAKERY_OPERATING) }, 'INVALID_REQUEST'],
    ['a number where text belongs', { ssn: 12857910093 }, 'INVALID_REQUEST'],
  ])('refuses %s with 400 and a clear message', async (_case, change, code) => {
    for (const path of ['/bank-authorisation/crs/authorize', '/bank-authorisation/crs/v1/authorize']) {
      const response = await authorize(
        { organisationNumber: BAKERY, ssn: KARI, accountNumbers: [BAKERY_OPERATING], ...change },
        { path },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, code, message: expect.any(String) });
    }
  });

  it('names the invalid account numbers in its message', async () => {
    const response = await authorize({
      organisationNumber: BAKERY,
      ssn: KARI,
      accountNumbers: [BAKERY_OPERATING, '15030123458'],
    });
    expect(response.json().message).toContain('15030123458');
    expect(response.json().message).not.toContain(BAKERY_OPERATING);
  });

  it('answers v1 with the same decisions, its version, and the BIC of the bank holding each account', async () => {
    const body = {
      organisationNumber: BAKERY,
      ssn: OLA,
      accountNumbers: [BAKERY_OPERATING, BAKERY_TAX, NOBODYS_ACCOUNT],
    };
    const plain = (await authorize(body)).json();
    const response = await authorize(body, { path: '/bank-authorisation/crs/v1/authorize' });
    expect(response.statusCode).toBe(200);
    const v1 = response.json();
    expect(v1).toMatchObject({ version: 'v1', statusCode: 200, organisationNumber: BAKERY });
    expect(indicators(v1.authorizeData)).toEqual(indicators(plain.authorizeData));
    expect((v1.authorizeData as Entry[]).map((entry) => entry.bic)).toEqual(['DNBANOKK', 'DNBANOKK', null]);
    expect((plain.authorizeData as Entry[])[0]).not.toHaveProperty('bic');
  });

  it('plays a bank that does not answer: 503 per account with the last known answer, only for that bank', async () => {
    const body = {
      organisationNumber: BAKERY,
      ssn: KARI,
      accountNumbers: [BAKERY_OPERATING, BUILDER_OPERATING],
    };
    const allDown = await authorize(body, { headers: { 'x-sandbox-fault': 'bank-unavailable' } });
    const entries = allDown.json().authorizeData as Entry[];
    expect(indicators(entries)).toEqual({
      [BAKERY_OPERATING]: [503, 'OK'],
      [BUILDER_OPERATING]: [503, 'NOT_OK'],
    });
    expect(Date.parse(entries[0]?.resData[0]?.checkedAt ?? '')).toBeLessThan(Date.now() - 60_000);

    const dnbDown = await authorize(body, {
      path: '/bank-authorisation/crs/v1/authorize',
      headers: { 'x-sandbox-fault': 'bank-unavailable=DNBANOKK' },
    });
    expect(indicators(dnbDown.json().authorizeData)).toEqual({
      [BAKERY_OPERATING]: [503, 'OK'],
      [BUILDER_OPERATING]: [200, 'NOT_OK'],
    });
  });

  it('documents both calls and the decision rule under the bank-authorisation tag', async () => {
    const paths = (await app.inject({ method: 'GET', url: '/docs/json' })).json().paths;
    expect(paths['/bank-authorisation/crs/authorize'].post.tags).toEqual(['bank-authorisation']);
    expect(paths['/bank-authorisation/crs/v1/authorize'].post.description).toContain('statusCode 200');
  });

  it('holds the world to valid numbers: every sandbox account and test identity passes the checks', () => {
    expect(SANDBOX_ACCOUNTS.filter((account) => !isValidAccountNumber(account.bban))).toEqual([]);
    expect(TEST_PEOPLE.filter((person) => !isValidNationalIdentityNumber(person.ssn))).toEqual([]);
    expect(isValidNationalIdentityNumber('12857910093')).toBe(true);
    expect(isValidNationalIdentityNumber('12857910039')).toBe(false);
  });
});
