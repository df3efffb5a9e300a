import { accountNumberCheckDigit } from '@bilag/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forgetFaults, givenSandbox, noWait, planFault, type RunningSandbox } from '../../test/sandbox';
import { ProviderError } from '../provider-error';
import { createBankAuthorisationClient } from './http-client';
import type { BankAuthorisationClient } from './interface';

const BAKERY = '923456783';
const KARI = '12857910093';
const OLA = '03878510096';
const BAKERY_OPERATING = '15030123457';
const BAKERY_TAX = '15039876547';
const BUILDER_OPERATING = '32010456788';
const NOBODYS_ACCOUNT = '12345678903';

/** Valid account numbers no sandbox bank holds, to fill a long list. */
function accountNumbersNobodyHolds(count: number): string[] {
  const numbers: string[] = [];
  for (let serial = 0; numbers.length < count; serial += 1) {
    const firstTen = `8601${String(serial).padStart(6, '0')}`;
    const check = accountNumberCheckDigit(firstTen);
    if (check !== undefined) numbers.push(`${firstTen}${check}`);
  }
  return numbers;
}

describe('the bank authorisation client, against the sandbox', () => {
  let sandbox: RunningSandbox;
  let client: BankAuthorisationClient;
  beforeAll(async () => {
    sandbox = await givenSandbox();
    client = createBankAuthorisationClient(sandbox.providers, { sleep: noWait });
  });
  afterAll(() => sandbox.close());
  afterEach(() => forgetFaults(sandbox));

  const planFaultAtCrs = (fault: string, times: number) =>
    planFault(sandbox, '/bank-authorisation/crs/', fault, times);

  it('authorises only the accounts of the company the person may pay from', async () => {
    const result = await client.authorize({
      organisationNumber: '923 456 783',
      ssn: OLA,
      accountNumbers: ['1503.01.23457', BAKERY_TAX, BUILDER_OPERATING],
    });
    expect(result).toEqual({
      organisationNumber: BAKERY,
      accounts: [
        {
          accountNumber: BAKERY_OPERATING,
          authorised: true,
          outcome: 'authorised',
          indicator: 'OK',
          statusCode: 200,
        },
        {
          accountNumber: BAKERY_TAX,
          authorised: false,
          outcome: 'not-authorised',
          indicator: 'NOT_OK',
          statusCode: 200,
        },
        {
          accountNumber: BUILDER_OPERATING,
          authorised: false,
          outcome: 'not-authorised',
          indicator: 'NOT_OK',
          statusCode: 200,
        },
      ],
    });
  });

  it('tells an account no bank holds apart from a refusal', async () => {
    const result = await client.authorize({
      organisationNumber: BAKERY,
      ssn: KARI,
      accountNumbers: [NOBODYS_ACCOUNT],
    });
    expect(result.accounts).toEqual([
      {
        accountNumber: NOBODYS_ACCOUNT,
        authorised: false,
        outcome: 'unknown-account',
        indicator: 'NOT_OK',
        statusCode: 404,
      },
    ]);
  });

  it('reaches the same decisions through v1, with the BIC of the bank holding each account', async () => {
    const request = {
      organisationNumber: BAKERY,
      ssn: OLA,
      accountNumbers: [BAKERY_OPERATING, BAKERY_TAX, NOBODYS_ACCOUNT],
    };
    const plain = await client.authorize(request);
    const v1 = await client.authorizeV1(request);
    expect(v1.accounts.map(({ bic: _bic, ...decision }) => decision)).toEqual(plain.accounts);
    expect(v1.accounts.map((account) => account.bic)).toEqual(['DNBANOKK', 'DNBANOKK', undefined]);
  });

  it("asks once per account however often it is listed, and in turns beyond the service's 100 per call", async () => {
    const many = [BAKERY_OPERATING, ...accountNumbersNobodyHolds(150), BAKERY_OPERATING];
    const result = await client.authorizeV1({ organisationNumber: BAKERY, ssn: KARI, accountNumbers: many });
    expect(result.accounts).toHaveLength(151);
    expect(
      result.accounts.filter((account) => account.authorised).map((account) => account.accountNumber),
    ).toEqual([BAKERY_OPERATING]);
    expect(result.accounts.slice(1).every((account) => account.outcome === 'unknown-account')).toBe(true);
  });

  it('does not take an OK as an authorisation when the bank did not confirm it now', async () => {
    await planFaultAtCrs('bank-unavailable=dnb', 2);
    for (const ask of [client.authorize, client.authorizeV1]) {
      const result = await ask({ organisationNumber: BAKERY, ssn: KARI, accountNumbers: [BAKERY_OPERATING] });
      expect(result.accounts[0]).toMatchObject({
        authorised: false,
        outcome: 'not-confirmed',
        indicator: 'OK',
        statusCode: 503,
      });
    }
    const later = await client.authorize({
      organisationNumber: BAKERY,
      ssn: KARI,
      accountNumbers: [BAKERY_OPERATING],
    });
    expect(later.accounts[0]?.authorised).toBe(true);
  });

  it.each([
    [
      'organisation number',
      { organisationNumber: '923456784' },
      'INVALID_ORGANISATION_NUMBER',
      'bankAuthorisationInvalidOrganisationNumber',
    ],
    ['national identity number', { ssn: '12857910094' }, 'INVALID_SSN', 'bankAuthorisationInvalidSsn'],
    [
      'account number',
      { accountNumbers: ['1503.01.23458'] },
      'INVALID_ACCOUNT_NUMBER',
      'bankAuthorisationInvalidAccountNumber',
    ],
  ])(
    'rejects an invalid %s with a reason the person can read',
    async (_name, change, partyCode, reasonKey) => {
      const failure = await client
        .authorize({ organisationNumber: BAKERY, ssn: KARI, accountNumbers: [BAKERY_OPERATING], ...change })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProviderError);
      expect(failure).toMatchObject({
        party: 'bankAuthorisation',
        failure: 'rejected',
        status: 400,
        partyCode,
        reasonKey,
      });
    },
  );

  it('reports a wrong API key as a credentials failure on both endpoints', async () => {
    const wrong = createBankAuthorisationClient(
      {
        ...sandbox.providers,
        bankAuthorisation: { ...sandbox.providers.bankAuthorisation, apiKey: 'guess' },
      },
      { sleep: noWait },
    );
    const request = { organisationNumber: BAKERY, ssn: KARI, accountNumbers: [BAKERY_OPERATING] };
    for (const ask of [wrong.authorize, wrong.authorizeV1]) {
      const failure = await ask(request).catch((error: unknown) => error);
      expect(failure).toMatchObject({ party: 'bankAuthorisation', failure: 'credentials', status: 401 });
    }
  });

  it('asks again after a server error and answers', async () => {
    await planFaultAtCrs('server-error', 2);
    const result = await client.authorize({
      organisationNumber: BAKERY,
      ssn: KARI,
      accountNumbers: [BAKERY_OPERATING],
    });
    expect(result.accounts[0]?.authorised).toBe(true);
  });

  it('gives up with an unavailable failure when the service keeps failing', async () => {
    await planFaultAtCrs('server-error', 3);
    const failure = await client
      .authorizeV1({ organisationNumber: BAKERY, ssn: KARI, accountNumbers: [BAKERY_OPERATING] })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ party: 'bankAuthorisation', failure: 'unavailable', status: 500 });
  });

  it('waits as the service asks when rate limited, then answers', async () => {
    const waits: number[] = [];
    const patient = createBankAuthorisationClient(sandbox.providers, {
      sleep: async (ms) => void waits.push(ms),
    });
    await planFaultAtCrs('rate-limit;retry-after=3', 1);
    const result = await patient.authorize({
      organisationNumber: BAKERY,
      ssn: KARI,
      accountNumbers: [BAKERY_TAX],
    });
    expect(result.accounts[0]?.authorised).toBe(true);
    expect(waits).toEqual([3000]);
  });

  it('reports a service slower than the timeout as unavailable', async () => {
    const impatient = createBankAuthorisationClient(
      { ...sandbox.providers, timeoutMs: 200 },
      { sleep: noWait },
    );
    await planFaultAtCrs('slow=1500', 3);
    const failure = await impatient
      .authorize({ organisationNumber: BAKERY, ssn: KARI, accountNumbers: [BAKERY_OPERATING] })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ party: 'bankAuthorisation', failure: 'unavailable', status: undefined });
  });
});
