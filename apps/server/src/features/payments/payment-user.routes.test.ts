import { ErrorCode, RoleId } from '@bilag/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { givenAccountNumber, givenBankAccount, givenCompany, type HttpMethod } from '../../test/fixtures';
import { createTestApp } from '../../test/test-app';
import { callAs, givenPerson, type Person } from './payment.fixtures';

const base = '/api/main/company-users-assign-payment';

describe('payment users', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let owner: Person;
  let ceo: Person;
  let accountant: Person;
  let clerk: Person;
  let outsider: Person;
  let companyId: number;
  let outsiderCompanyId: number;
  let operating: { Id: number; AccountNumber: string };
  let savings: { Id: number; AccountNumber: string };
  let outsiderAccount: { Id: number; AccountNumber: string };

  const person = (roleId: number) => givenPerson(context, roleId);

  function call(as: Person, method: HttpMethod, url: string, payload?: object, headers: object = {}) {
    return callAs(context.app, as, method, url, payload, headers);
  }

  async function paymentUsers(as: Person = owner) {
    const response = await call(as, 'GET', `${base}?companyId=${companyId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      total: number;
      rows: {
        Id: number;
        UserId: number;
        IsAllowPayments: boolean;
        VerifiedBanks: { AccountNumber: string }[];
      }[];
    };
  }

  async function verifiedFor(userId: number) {
    const response = await call(
      owner,
      'GET',
      `${base}/banks-verified-payment/${userId}?companyId=${companyId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      AccountNumber: string;
      IsVerified: boolean;
      VerifiedBy: string | null;
    }[];
  }

  function auditRows(entityId: number) {
    return context.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, companyId),
          eq(auditLog.entity, 'payment-user'),
          eq(auditLog.entityId, String(entityId)),
        ),
      )
      .orderBy(auditLog.id);
  }

  beforeAll(async () => {
    context = await createTestApp();
    owner = await person(RoleId.ACCOUNTANT);
    ceo = await person(RoleId.CEO);
    accountant = await person(RoleId.ACCOUNTANT);
    clerk = await person(RoleId.ACCOUNTANT_LIMIT);
    outsider = await person(RoleId.CEO);
    companyId = (
      await givenCompany(context.db, { ownerUserId: owner.id, memberIds: [ceo.id, accountant.id, clerk.id] })
    ).id;
    outsiderCompanyId = (await givenCompany(context.db, { memberIds: [outsider.id] })).id;
    operating = await givenBankAccount(
      context.app,
      accountant.session,
      companyId,
      givenAccountNumber('1503', 1),
    );
    savings = await givenBankAccount(
      context.app,
      accountant.session,
      companyId,
      givenAccountNumber('1503', 2),
    );
    outsiderAccount = await givenBankAccount(
      context.app,
      outsider.session,
      outsiderCompanyId,
      givenAccountNumber('1503', 3),
    );
  });
  afterAll(() => context.close());

  it('lets the owner make a member a payment user, once, and records it', async () => {
    expect((await paymentUsers()).total).toBe(0);
    const added = await call(owner, 'POST', base, { companyId, userId: accountant.id });
    expect(added.statusCode, added.body).toBe(200);
    const paymentUser = added.json().data;
    expect(paymentUser).toMatchObject({
      CompanyId: companyId,
      UserId: accountant.id,
      Email: accountant.email,
      FullName: 'Test Person',
      IsAllowPayments: true,
      VerifiedBanks: [],
    });
    const again = await call(owner, 'POST', base, {
      companyId,
      userId: accountant.id,
      isAllowPayments: false,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The person is already a payment user of the company.');
    const list = await paymentUsers(clerk);
    expect(list.rows.map((row) => [row.UserId, row.IsAllowPayments])).toEqual([[accountant.id, true]]);
    const audit = await auditRows(paymentUser.Id);
    expect(audit.map((row) => [row.action, row.userId])).toEqual([['create', owner.id]]);
  });

  it('refuses a person who is not a member of the company, and adds nothing', async () => {
    const response = await call(owner, 'POST', base, { companyId, userId: outsider.id });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('The person is not a member of the company.');
    expect((await paymentUsers()).rows.map((row) => row.UserId)).not.toContain(outsider.id);
  });

  it('lets the owner and the CEO manage payment users, and no one else: neither accountants nor an administrator outside the company', async () => {
    const admin = await person(RoleId.ADMIN);
    await givenCompany(context.db, { memberIds: [admin.id] });
    const refused = await call(clerk, 'POST', base, { companyId, userId: clerk.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCode.ROLE_FORBIDS);
    const byAccountant = await call(accountant, 'POST', base, { companyId, userId: clerk.id });
    expect(byAccountant.statusCode).toBe(403);
    const byAdminOutside = await call(admin, 'POST', base, { companyId, userId: clerk.id });
    expect(byAdminOutside.statusCode).toBe(404);

    const byCeo = await call(ceo, 'POST', base, { companyId, userId: ceo.id, isAllowPayments: false });
    expect(byCeo.statusCode, byCeo.body).toBe(200);
    expect(byCeo.json().data.IsAllowPayments).toBe(false);
    const removed = await call(ceo, 'DELETE', `${base}/${byCeo.json().data.Id}?companyId=${companyId}`);
    expect(removed.statusCode).toBe(200);
    expect((await paymentUsers()).rows.map((row) => row.UserId)).toEqual([accountant.id]);
  });

  it('lets a manager stop and allow payments by a payment user', async () => {
    const [paymentUser] = (await paymentUsers()).rows;
    if (!paymentUser) throw new Error('no payment user');
    const refused = await call(clerk, 'PUT', `${base}/${paymentUser.Id}`, {
      companyId,
      isAllowPayments: false,
    });
    expect(refused.statusCode).toBe(403);
    const stopped = await call(owner, 'PUT', `${base}/${paymentUser.Id}`, {
      companyId,
      isAllowPayments: false,
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().data.IsAllowPayments).toBe(false);
    const allowed = await call(owner, 'PUT', `${base}/${paymentUser.Id}`, {
      companyId,
      isAllowPayments: true,
    });
    expect(allowed.json().data.IsAllowPayments).toBe(true);
    const audit = await auditRows(paymentUser.Id);
    expect(audit.filter((row) => row.action === 'update').map((row) => row.after)).toEqual([
      { userId: accountant.id, isAllowPayments: false },
      { userId: accountant.id, isAllowPayments: true },
    ]);
  });

  it('shows every account of the company marked verified or not, and sets which are verified for a person', async () => {
    expect((await verifiedFor(accountant.id)).map((bank) => [bank.AccountNumber, bank.IsVerified])).toEqual([
      [operating.AccountNumber, false],
      [savings.AccountNumber, false],
    ]);
    const refused = await call(clerk, 'POST', `${base}/banks-verified-payment/${accountant.id}`, {
      companyId,
      accountNumbers: [operating.AccountNumber],
    });
    expect(refused.statusCode).toBe(403);

    const set = await call(owner, 'POST', `${base}/banks-verified-payment/${accountant.id}`, {
      companyId,
      accountNumbers: [operating.AccountNumber],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual([
      expect.objectContaining({
        AccountNumber: operating.AccountNumber,
        IsVerified: true,
        VerifiedBy: 'manual',
      }),
      expect.objectContaining({ AccountNumber: savings.AccountNumber, IsVerified: false, VerifiedBy: null }),
    ]);
    const [listed] = (await paymentUsers()).rows;
    expect(listed?.VerifiedBanks.map((bank) => bank.AccountNumber)).toEqual([operating.AccountNumber]);
    const mine = await call(
      accountant,
      'GET',
      `/api/main/company-banks/v2/${companyId}/banks-verified-payment`,
    );
    expect(mine.json().data.map((bank: { AccountNumber: string }) => bank.AccountNumber)).toEqual([
      operating.AccountNumber,
    ]);

    const replaced = await call(owner, 'POST', `${base}/banks-verified-payment/${accountant.id}`, {
      companyId,
      accountNumbers: [savings.AccountNumber],
    });
    expect(
      replaced.json().data.map((bank: { AccountNumber: string; IsVerified: boolean }) => bank.IsVerified),
    ).toEqual([false, true]);
  });

  it("refuses another company's account, and changes nothing", async () => {
    const response = await call(owner, 'POST', `${base}/banks-verified-payment/${accountant.id}`, {
      companyId,
      accountNumbers: [operating.AccountNumber, outsiderAccount.AccountNumber],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(
      `The account ${outsiderAccount.AccountNumber} is not one of the company’s accounts.`,
    );
    expect(
      (await verifiedFor(accountant.id)).filter((bank) => bank.IsVerified).map((bank) => bank.AccountNumber),
    ).toEqual([savings.AccountNumber]);
  });

  it('makes a member a payment user when accounts are verified for them, allowed as asked', async () => {
    const set = await call(owner, 'POST', `${base}/banks-verified-payment/${clerk.id}`, {
      companyId,
      accountNumbers: [operating.AccountNumber, savings.AccountNumber],
      isAllowPayments: false,
    });
    expect(set.statusCode, set.body).toBe(200);
    const clerkUser = (await paymentUsers()).rows.find((row) => row.UserId === clerk.id);
    expect(clerkUser).toMatchObject({ IsAllowPayments: false });
    expect(clerkUser?.VerifiedBanks).toHaveLength(2);
    const notMember = await call(owner, 'POST', `${base}/banks-verified-payment/${outsider.id}`, {
      companyId,
      accountNumbers: [],
    });
    expect(notMember.statusCode).toBe(404);
  });

  it('offers the members and the owner who are not payment users yet', async () => {
    const response = await call(clerk, 'GET', `${base}/fetch-assign-users-by-company?companyId=${companyId}`);
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .data.map((user: { UserId: number }) => user.UserId)
        .sort(),
    ).toEqual([owner.id, ceo.id].sort());
  });

  it('removes a payment user with the accounts verified for them', async () => {
    const clerkUser = (await paymentUsers()).rows.find((row) => row.UserId === clerk.id);
    if (!clerkUser) throw new Error('no payment user');
    const refused = await call(accountant, 'DELETE', `${base}/${clerkUser.Id}?companyId=${companyId}`);
    expect(refused.statusCode).toBe(403);
    const removed = await call(owner, 'DELETE', `${base}/${clerkUser.Id}?companyId=${companyId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await verifiedFor(clerk.id)).some((bank) => bank.IsVerified)).toBe(false);
    expect((await paymentUsers()).rows.map((row) => row.UserId)).toEqual([accountant.id]);
    const again = await call(owner, 'DELETE', `${base}/${clerkUser.Id}?companyId=${companyId}`);
    expect(again.statusCode).toBe(404);
    const audit = await auditRows(clerkUser.Id);
    expect(audit.at(-1)).toMatchObject({ action: 'delete', before: { userId: clerk.id } });
  });

  it('acts once on a repeated request with the same idempotency key', async () => {
    const headers = { 'idempotency-key': `add-clerk-${clerk.id}-${companyId}` };
    const first = await call(owner, 'POST', base, { companyId, userId: clerk.id }, headers);
    const second = await call(owner, 'POST', base, { companyId, userId: clerk.id }, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.Id).toBe(first.json().data.Id);
    expect((await paymentUsers()).rows.filter((row) => row.UserId === clerk.id)).toHaveLength(1);
  });

  it("answers another company's members and payment users as missing, and changes nothing of them", async () => {
    const outsiderUser = await call(outsider, 'POST', base, {
      companyId: outsiderCompanyId,
      userId: outsider.id,
    });
    expect(outsiderUser.statusCode, outsiderUser.body).toBe(200);
    const foreignId = outsiderUser.json().data.Id;
    const update = await call(owner, 'PUT', `${base}/${foreignId}`, { companyId, isAllowPayments: false });
    expect(update.statusCode).toBe(404);
    const remove = await call(owner, 'DELETE', `${base}/${foreignId}?companyId=${companyId}`);
    expect(remove.statusCode).toBe(404);
    const theirs = await call(outsider, 'GET', `${base}?companyId=${outsiderCompanyId}`);
    expect(theirs.json().data.rows).toEqual([
      expect.objectContaining({ Id: foreignId, IsAllowPayments: true }),
    ]);

    for (const [method, url] of [
      ['GET', `${base}?companyId=${companyId}`],
      ['GET', `${base}/banks-verified-payment/${accountant.id}?companyId=${companyId}`],
      ['GET', `${base}/fetch-assign-users-by-company?companyId=${companyId}`],
      ['GET', `/api/main/company-banks/v2/${companyId}/banks-verified-payment`],
    ] as const) {
      const response = await call(outsider, method, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain(accountant.email);
    }
    const add = await call(outsider, 'POST', base, { companyId, userId: outsider.id });
    expect(add.statusCode).toBe(404);
    expect(add.json().code).toBe(ErrorCode.COMPANY_NOT_FOUND);
  });
});
