import { ErrorCode, RoleId } from '@bilag/contracts';
import { addDays, isValidNationalIdentityNumber, todayIsoDate } from '@bilag/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyBanks, jobs } from '../../db/schema';
import { runJobsUntilIdle } from '../../platform/jobs';
import { createProviders } from '../../providers';
import { linkBack, logIn, openBankPage, pageOf } from '../../providers/bank/test-support';
import { givenUser, login } from '../../test/fixtures';
import { addCompanyUser } from '../companies';
import {
  CONSENTS,
  type ConsentWorld,
  givenConsentWorld,
  KARI,
  OPERATING_ACCOUNT,
  PUBLIC_URL,
  REJECTS,
  TAX_ACCOUNT,
} from './consent.fixtures';
import { REVOKE_AT_BANK_JOB } from './consent.service';
import { consentJobs } from './consent-jobs';

const today = () => todayIsoDate('Europe/Oslo');

/** A national identity number with right check digits that is none of the sandbox's test people. */
function validNumberUnknownToTheBank(): string {
  for (let serial = 0; serial < 1000; serial += 1) {
    const candidate = `0101011${String(serial).padStart(4, '0')}`;
    if (isValidNationalIdentityNumber(candidate)) return candidate;
  }
  throw new Error('no valid number found');
}

describe('bank consents: asking, the bank’s page and back', () => {
  let world: ConsentWorld;

  beforeAll(async () => {
    world = await givenConsentWorld();
  });
  afterAll(() => world.close());

  async function accountNumbersOfCompany() {
    const rows = await world.context.db
      .select({ accountNumber: companyBanks.accountNumber })
      .from(companyBanks)
      .where(eq(companyBanks.companyId, world.companyId));
    return rows.map((row) => row.accountNumber).sort();
  }

  it('accepts a consent approved at the bank: its accounts appear and the first sync is queued', async () => {
    expect(await accountNumbersOfCompany()).toEqual([OPERATING_ACCOUNT]);
    const started = await world.started();
    expect(started.consent).toMatchObject({ status: 'received', bankName: 'DNB Bank', accounts: [] });
    expect(started.scaRedirectUrl.startsWith(world.sandbox.url)).toBe(true);

    const result = await world.decidedAtBank(started);

    expect(result).toMatchObject({
      state: 1,
      consentId: started.consent.id,
      companyId: world.companyId,
      redirectPath: expect.stringMatching(/^\/company-[0-9a-f]+\/consent$/),
    });
    expect(result.accounts.map((account) => account.bban).sort()).toEqual([OPERATING_ACCOUNT, TAX_ACCOUNT]);
    expect(result.accounts.every((account) => account.companyBankId !== null)).toBe(true);
    expect(await accountNumbersOfCompany()).toEqual([OPERATING_ACCOUNT, TAX_ACCOUNT]);
    const syncJobs = await world.context.db.select().from(jobs).where(eq(jobs.forCompanyId, world.companyId));
    expect(syncJobs.length).toBeGreaterThan(0);

    const listed = await world.call('GET', `${CONSENTS}/by-company?companyId=${world.companyId}`);
    expect(listed.statusCode).toBe(200);
    const consent = listed.json().data.consents.find((row: { id: number }) => row.id === started.consent.id);
    expect(consent).toMatchObject({ status: 'valid', syncing: true, daysLeft: expect.any(Number) });
    expect(listed.json().data.ownerConsents.map((row: { id: number }) => row.id)).toContain(
      started.consent.id,
    );
    const audit = await world.context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, world.companyId), eq(auditLog.entity, 'bank-consent')));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['create', 'accept']));
  });

  it('asks the bank rather than trusting the return: pending until approved, then the same answer on a repeat', async () => {
    const started = await world.started({
      accountNumbers: [OPERATING_ACCOUNT],
      validUntil: addDays(today(), 30),
    });
    const { instructionId } = await world.storedConsent(started.consent.id);

    const early = await world.scaAnswer(instructionId);
    expect(early.statusCode).toBe(200);
    expect(early.json().data).toMatchObject({ state: 2, accounts: [] });

    const approved = await world.decidedAtBank(started);
    expect(approved.state).toBe(1);
    expect(approved.accounts.map((account) => account.bban)).toEqual([OPERATING_ACCOUNT]);

    const repeated = await world.scaAnswer(instructionId);
    expect(repeated.json().data).toMatchObject({ state: 1, consentId: started.consent.id });
    const stored = await world.storedConsent(started.consent.id);
    expect(stored.validUntil).toBe(addDays(today(), 30));
  });

  it('rejects a consent the person refuses at the bank, and one they leave the bank’s page from', async () => {
    const refused = await world.started();
    expect((await world.decidedAtBank(refused, KARI, 'reject')).state).toBe(0);

    // This person's BankID refuses them: the bank's page links back to the rejection address.
    const refusedInBankId = await world.started();
    const page = pageOf(await logIn(pageOf(await openBankPage(refusedInBankId.scaRedirectUrl)), REJECTS));
    const back = new URL(linkBack(page));
    expect(back.searchParams.get('status')).toBe('rejected');
    const answer = await world.scaAnswer(back.searchParams.get('instructionId') ?? '');
    expect(answer.json().data).toMatchObject({ state: 0, message: 'Not approved at the bank' });

    const left = await world.started();
    const { instructionId } = await world.storedConsent(left.consent.id);
    const cancelled = await world.scaAnswer(instructionId, 'sca-cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.state).toBe(0);
    expect(await world.bankConsentStatus(left.consent.id)).toBe('terminatedByTpp');

    const errors = await world.call(
      'GET',
      `${CONSENTS}/${left.consent.id}/errors?companyId=${world.companyId}`,
    );
    expect(errors.json().data).toEqual([
      expect.objectContaining({ kind: 'rejected', isError: true, message: 'Not approved at the bank' }),
    ]);
  });

  it('answers 404 for an approval link it does not know, in both reply shapes', async () => {
    const unknown = await world.scaAnswer('no-such-instruction-id-at-all');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      message: expect.stringContaining('unknown'),
    });
    const v2 = await world.scaAnswer('no-such-instruction-id-at-all', 'v2/sca-success');
    expect(v2.statusCode).toBe(404);
    expect(v2.json()).toMatchObject({ code: 404, errors: [{ code: ErrorCode.NOT_FOUND }] });
  });

  it('refuses what the bank could not grant, naming the field in the v2 shape', async () => {
    const refusal = async (body: object) => {
      const response = await world.call('POST', `${CONSENTS}/v2/create`, {
        companyId: world.companyId,
        bankId: world.dnbId,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(400);
      return response.json() as { code: number; errors: { field?: string; message: string }[] };
    };
    expect(await refusal({ validUntil: today() })).toMatchObject({
      code: 400,
      errors: [{ field: 'body.validUntil', message: 'A consent must be valid at least until tomorrow.' }],
    });
    expect((await refusal({ validUntil: addDays(today(), 181) })).errors[0]?.field).toBe('body.validUntil');
    expect((await refusal({ accountOwnerSsn: '12345678901' })).errors[0]?.field).toBe('body.accountOwnerSsn');
    expect((await refusal({ accountNumbers: ['12075550004'] })).errors[0]).toMatchObject({
      field: 'body.accountNumbers',
      message: 'The account 12075550004 is not one of the company’s accounts at DNB Bank.',
    });
    expect((await refusal({ bankId: world.unconnectedBankId })).errors[0]?.field).toBe('body.bankId');
    expect((await refusal({ accountOwnerSsn: '123' })).errors[0]?.field).toBe('body.accountOwnerSsn');
  });

  it('passes the bank’s refusal on as a clear message and stores nothing', async () => {
    const before = await world.call('GET', `${CONSENTS}/by-company?companyId=${world.companyId}`);
    const stranger = await world.call('POST', `${CONSENTS}/create`, {
      companyId: world.companyId,
      bankId: world.dnbId,
      accountOwnerSsn: validNumberUnknownToTheBank(),
    });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json()).toMatchObject({
      code: ErrorCode.PROVIDER_REJECTED,
      message: expect.stringContaining('The bank did not recognise the person or the company given.'),
    });
    const after = await world.call('GET', `${CONSENTS}/by-company?companyId=${world.companyId}`);
    expect(after.json().data.consents).toHaveLength(before.json().data.consents.length);
  });

  it('renews a consent: the old one reads on until the new one is approved, then ends at the bank', async () => {
    const old = await world.started();
    await world.decidedAtBank(old);
    const renewUrl = `${CONSENTS}/${old.consent.id}/renew`;
    const callbackUrl = '/somewhere/setting';

    const wrongBic = await world.call('PUT', renewUrl, {
      companyId: world.companyId,
      callbackUrl,
      debtorBankBic: 'HANDNOKK',
    });
    expect(wrongBic.statusCode).toBe(400);
    expect(wrongBic.json().message).toBe('The BIC HANDNOKK is not the BIC of DNB Bank.');

    const renewal = await world.call('PUT', renewUrl, {
      companyId: world.companyId,
      callbackUrl,
      debtorBankBic: 'DNBANOKK',
      accountOwnerSsn: KARI,
    });
    expect(renewal.statusCode, renewal.body).toBe(200);
    const renewed = renewal.json().data;
    expect(renewed.consent).toMatchObject({ status: 'received', renewsConsentId: old.consent.id });
    const second = await world.call('PUT', renewUrl, { companyId: world.companyId, callbackUrl });
    expect(second.statusCode).toBe(409);
    expect((await world.storedConsent(old.consent.id)).status).toBe('valid');

    const result = await world.decidedAtBank(renewed);
    expect(result).toMatchObject({ state: 1, redirectPath: callbackUrl });
    expect((await world.storedConsent(old.consent.id)).status).toBe('terminatedByTpp');
    const history = await world.call(
      'GET',
      `${CONSENTS}/${old.consent.id}/history?companyId=${world.companyId}`,
    );
    expect(history.json().data[0]).toMatchObject({
      kind: 'renewed',
      message: `Renewed by consent ${renewed.consent.id}`,
    });

    // The bank hears of it by a job, retried until the bank has it.
    const { handlers } = consentJobs({
      db: world.context.db,
      providers: createProviders(world.sandbox.providers),
      config: { publicUrl: PUBLIC_URL },
    });
    const revoking = handlers[REVOKE_AT_BANK_JOB];
    if (!revoking) throw new Error('no job ends a renewed consent at the bank');
    await runJobsUntilIdle(world.context.db, { handlers: { [REVOKE_AT_BANK_JOB]: revoking } });
    expect(await world.bankConsentStatus(old.consent.id)).toBe('terminatedByTpp');

    const endedRenewal = await world.call('PUT', renewUrl, { companyId: world.companyId, callbackUrl });
    expect(endedRenewal.statusCode).toBe(409);
  });

  it('revokes a consent at the bank, once', async () => {
    const started = await world.started();
    await world.decidedAtBank(started);
    const url = `${CONSENTS}/${started.consent.id}?companyId=${world.companyId}`;

    const revoked = await world.call('DELETE', url);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toMatchObject({
      status: 'terminatedByTpp',
      daysLeft: null,
      expiringSoon: false,
    });
    expect(await world.bankConsentStatus(started.consent.id)).toBe('terminatedByTpp');

    const again = await world.call('DELETE', url);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The consent has already ended.');
    const sync = await world.call('POST', `${CONSENTS}/${started.consent.id}/sync`, {
      companyId: world.companyId,
    });
    expect(sync.statusCode).toBe(409);
    expect(sync.json().message).toBe('The consent is ended; only a valid consent can do this.');
  });

  it('lists the banks a consent can be made with, the company’s own first', async () => {
    const response = await world.call('GET', `${CONSENTS}/bank-templates/${world.companyId}`);
    expect(response.statusCode).toBe(200);
    const templates = response.json().data as {
      bankId: number;
      bankGroup: string;
      accountNumbers: string[];
    }[];
    expect(templates[0]).toMatchObject({
      bankId: world.dnbId,
      accountNumbers: [OPERATING_ACCOUNT, TAX_ACCOUNT],
    });
    expect(
      templates.every((template) => ['dnb', 'sparebank1', 'handelsbanken'].includes(template.bankGroup)),
    ).toBe(true);
    const accountList = await world.call('GET', `${CONSENTS}/account-list?companyId=${world.companyId}`);
    expect(accountList.json().data.length).toBeGreaterThan(0);
  });

  it('lets a member who may only look see consents, but not make, renew or revoke one', async () => {
    const viewer = await givenUser(world.context.db, { roleId: RoleId.ACCOUNTANT_LIMIT });
    await addCompanyUser(world.context.db, world.companyId, viewer.id);
    const session = await login(world.context.app, viewer.email);
    const existing = await world.started();

    const create = await world.call(
      'POST',
      `${CONSENTS}/create`,
      { companyId: world.companyId, bankId: world.dnbId },
      session,
    );
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe(ErrorCode.ROLE_FORBIDS);
    const revoke = await world.call(
      'DELETE',
      `${CONSENTS}/${existing.consent.id}?companyId=${world.companyId}`,
      undefined,
      session,
    );
    expect(revoke.statusCode).toBe(403);
    const list = await world.call(
      'GET',
      `${CONSENTS}/by-company?companyId=${world.companyId}`,
      undefined,
      session,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().data.ownerConsents).toEqual([]);
  });

  it('answers another company’s consent exactly like a missing one, on every call', async () => {
    const started = await world.started();
    const outsider = world.tenancy.outsiderSession;
    const own = world.tenancy.outsiderCompanyId;
    const id = started.consent.id;
    const calls = [
      world.call('GET', `${CONSENTS}/v2/${id}?companyId=${own}`, undefined, outsider),
      world.call('GET', `${CONSENTS}/${id}/accounts?companyId=${own}`, undefined, outsider),
      world.call('GET', `${CONSENTS}/${id}/history?companyId=${own}`, undefined, outsider),
      world.call('GET', `${CONSENTS}/${id}/errors?companyId=${own}`, undefined, outsider),
      world.call('DELETE', `${CONSENTS}/${id}?companyId=${own}`, undefined, outsider),
      world.call('POST', `${CONSENTS}/${id}/sync`, { companyId: own }, outsider),
      world.call('PUT', `${CONSENTS}/${id}/renew`, { companyId: own, callbackUrl: '/x' }, outsider),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(404);
    const foreignCompany = await world.call(
      'GET',
      `${CONSENTS}/by-company?companyId=${world.companyId}`,
      undefined,
      outsider,
    );
    expect(foreignCompany.statusCode).toBe(404);
    const owner = await world.call('GET', `${CONSENTS}/owner-consents`, undefined, outsider);
    expect(owner.json().data).toEqual([]);
    const v2 = await world.call('GET', `${CONSENTS}/v2/${id}?companyId=${world.companyId}`);
    expect(v2.json()).toMatchObject({ code: 200, data: { id, status: 'received' } });
  });
});
