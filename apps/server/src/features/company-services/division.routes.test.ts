import { Division, ErrorCode, RoleId } from '@bilag/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { translate } from '../../platform/messages';
import {
  bearer,
  givenAccountNumber,
  givenBankAccount,
  givenTenantApp,
  givenUser,
  login,
  type TenantApp,
} from '../../test/fixtures';
import { addCompanyUser } from '../companies';

const base = '/api/main/company-services/division';

/** Valid Norwegian organisation numbers (MOD11). */
const NORTH = '974760673';
const SOUTH = '988077917';
const WEST = '923609016';

describe('divisions: sub-units with their organisation numbers and bank accounts', () => {
  let context: TenantApp;
  let accounts: { Id: number; AccountNumber: string }[];
  let outsiderAccount: { Id: number };
  let limited: Awaited<ReturnType<typeof login>>;
  let ceo: Awaited<ReturnType<typeof login>>;

  beforeAll(async () => {
    context = await givenTenantApp();
    accounts = [];
    for (const seed of [11, 12, 13])
      accounts.push(
        await givenBankAccount(
          context.app,
          context.session,
          context.companyId,
          givenAccountNumber('1503', seed),
        ),
      );
    outsiderAccount = await givenBankAccount(context.app, context.outsiderSession, context.outsiderCompanyId);
    const limitedUser = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT_LIMIT });
    await addCompanyUser(context.db, context.companyId, limitedUser.id);
    limited = await login(context.app, limitedUser.email);
    const ceoUser = await givenUser(context.db, { roleId: RoleId.CEO });
    await addCompanyUser(context.db, context.companyId, ceoUser.id);
    ceo = await login(context.app, ceoUser.email);
  });
  afterAll(() => context.close());

  function add(body: object, as = context.session) {
    return context.call('POST', `${base}/add`, { companyId: context.companyId, ...body }, as);
  }

  async function list() {
    const response = await context.call('GET', `${base}?companyId=${context.companyId}`);
    expect(response.statusCode, response.body).toBe(200);
    return Division.array().parse(response.json().data);
  }

  function auditOf(id: number) {
    return context.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, context.companyId),
          eq(auditLog.entity, 'division'),
          eq(auditLog.entityId, String(id)),
        ),
      )
      .orderBy(auditLog.id);
  }

  it('adds a division with its accounts, finds it by its organisation number as typed, and records who added it', async () => {
    const [first] = accounts;
    if (!first) throw new Error('no account');
    const added = await add({
      name: 'Avdeling Nord',
      organisationNumber: '974 760 673',
      companyBankIds: [first.Id],
    });
    expect(added.statusCode, added.body).toBe(200);
    const division = Division.parse(added.json().data);
    expect(division).toMatchObject({
      name: 'Avdeling Nord',
      organisationNumber: NORTH,
      accounts: [{ companyBankId: first.Id, accountNumber: first.AccountNumber }],
    });
    const found = await context.call(
      'GET',
      `${base}/get-by-org?companyId=${context.companyId}&organisationNumber=${encodeURIComponent('974.760.673')}`,
    );
    expect(found.json().data.id).toBe(division.id);
    expect((await auditOf(division.id)).map((row) => [row.action, row.userId])).toEqual([
      ['create', context.user.id],
    ]);
    const none = await context.call(
      'GET',
      `${base}/get-by-org?companyId=${context.companyId}&organisationNumber=${SOUTH}`,
    );
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(translate('en', 'divisionNotFound'));
  });

  it('refuses an organisation number that fails its check digit, naming the field, in Norwegian too', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: `${base}/add`,
      headers: { ...bearer(context.session), language: 'no' },
      payload: { companyId: context.companyId, name: 'Feil', organisationNumber: '974760674' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: translate('no', 'divisionOrganisationNumberInvalid', { value: '974760674' }),
      data: { field: 'organisationNumber' },
    });
    const blank = await add({ name: '   ', organisationNumber: SOUTH });
    expect(blank.statusCode).toBe(400);
    const long = await add({ name: 'x'.repeat(201), organisationNumber: SOUTH });
    expect(long.statusCode).toBe(400);
  });

  it('refuses a second division with the same number or name, and an account that is not free or not the company’s', async () => {
    const sameNumber = await add({ name: 'Avdeling Sør', organisationNumber: NORTH });
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json().data).toEqual({ field: 'organisationNumber' });
    const sameName = await add({ name: 'avdeling nord', organisationNumber: SOUTH });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(translate('en', 'divisionNameTaken', { name: 'Avdeling Nord' }));
    const taken = await add({
      name: 'Avdeling Sør',
      organisationNumber: SOUTH,
      companyBankIds: [accounts[0]?.Id],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().data).toEqual({ field: 'companyBankIds' });
    const foreign = await add({
      name: 'Avdeling Sør',
      organisationNumber: SOUTH,
      companyBankIds: [outsiderAccount.Id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().data).toEqual({ field: 'companyBankIds' });
    expect((await list()).map((division) => division.name)).toEqual(['Avdeling Nord']);
  });

  it('changes a division and its accounts, with the change on record', async () => {
    const created = Division.parse(
      (
        await add({ name: 'Avdeling Vest', organisationNumber: WEST, companyBankIds: [accounts[1]?.Id] })
      ).json().data,
    );
    const updated = await context.call(
      'PUT',
      `${base}/update/${created.id}`,
      {
        companyId: context.companyId,
        name: 'Avdeling Vestland',
        organisationNumber: WEST,
        companyBankIds: [accounts[2]?.Id, accounts[1]?.Id, accounts[2]?.Id],
      },
      ceo,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.name).toBe('Avdeling Vestland');
    expect(
      updated
        .json()
        .data.accounts.map((account: { companyBankId: number }) => account.companyBankId)
        .sort(),
    ).toEqual([accounts[1]?.Id, accounts[2]?.Id].sort());
    const [, update] = await auditOf(created.id);
    expect(update).toMatchObject({
      action: 'update',
      before: { name: 'Avdeling Vest', companyBankIds: [accounts[1]?.Id] },
    });
  });

  it('lets an account deleted from the company leave its division, and keeps the accounts of a deleted division', async () => {
    const spare = await givenBankAccount(
      context.app,
      context.session,
      context.companyId,
      givenAccountNumber('1503', 40),
    );
    const kept = await givenBankAccount(
      context.app,
      context.session,
      context.companyId,
      givenAccountNumber('1503', 50),
    );
    const division = Division.parse(
      (
        await add({ name: 'Avdeling Øst', organisationNumber: SOUTH, companyBankIds: [spare.Id, kept.Id] })
      ).json().data,
    );
    const removed = await context.call(
      'DELETE',
      `/api/main/company-banks/${spare.Id}?companyId=${context.companyId}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      (await list()).find((row) => row.id === division.id)?.accounts.map((account) => account.companyBankId),
    ).toEqual([kept.Id]);

    const deleted = await context.call(
      'DELETE',
      `${base}/delete/${division.id}?companyId=${context.companyId}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await list()).some((row) => row.id === division.id)).toBe(false);
    expect((await auditOf(division.id)).map((row) => row.action)).toEqual(['create', 'delete']);
    const companyAccounts = await context.call(
      'GET',
      `/api/main/company-banks/fetch-all-company-bank-info-by-company-id?companyId=${context.companyId}`,
    );
    expect(companyAccounts.body).toContain(kept.AccountNumber);
    const again = await context.call(
      'DELETE',
      `${base}/delete/${division.id}?companyId=${context.companyId}`,
    );
    expect(again.statusCode).toBe(404);
  });

  it('lets those who may only view see the divisions but not change them', async () => {
    const seen = await context.call('GET', `${base}?companyId=${context.companyId}`, undefined, limited);
    expect(seen.statusCode).toBe(200);
    const refused = await add({ name: 'Avdeling Midt', organisationNumber: '915650007' }, limited);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCode.ROLE_FORBIDS);
  });

  it("answers another company's division as missing and changes nothing of it", async () => {
    const [division] = await list();
    if (!division) throw new Error('no division');
    const { outsiderSession, outsiderCompanyId, companyId } = context;
    const asMember = await context.call(
      'PUT',
      `${base}/update/${division.id}`,
      { companyId, name: 'Kapret', organisationNumber: NORTH },
      outsiderSession,
    );
    expect(asMember.statusCode).toBe(404);
    expect(asMember.json().code).toBe(ErrorCode.COMPANY_NOT_FOUND);
    const inOwnCompany = await context.call(
      'PUT',
      `${base}/update/${division.id}`,
      { companyId: outsiderCompanyId, name: 'Kapret', organisationNumber: NORTH },
      outsiderSession,
    );
    expect(inOwnCompany.statusCode).toBe(404);
    expect(inOwnCompany.json().message).toBe(translate('en', 'divisionNotFound'));
    const deleted = await context.call(
      'DELETE',
      `${base}/delete/${division.id}?companyId=${outsiderCompanyId}`,
      undefined,
      outsiderSession,
    );
    expect(deleted.statusCode).toBe(404);
    const byOrg = await context.call(
      'GET',
      `${base}/get-by-org?companyId=${outsiderCompanyId}&organisationNumber=${division.organisationNumber}`,
      undefined,
      outsiderSession,
    );
    expect(byOrg.statusCode).toBe(404);
    expect((await list()).find((row) => row.id === division.id)).toEqual(division);
  });
});
