import { ErrorCode, type LoginData, RoleId } from '@bilag/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, paymentUsers } from '../../db/schema';
import { runJobsUntilIdle } from '../../platform/jobs';
import { createProviders } from '../../providers';
import { bearer, givenCompany, givenTenancy, givenUser, type HttpMethod, login } from '../../test/fixtures';
import { givenSandbox, type RunningSandbox } from '../../test/sandbox';
import { createTestApp } from '../../test/test-app';
import { addCompanyUser } from '../companies';
import { companyUserJobs } from './company-user.jobs';

const PUBLIC_URL = 'https://bilag.test';
const USERS = '/api/main/companyUsers';

describe('company users: members, invitations, roles and the responsible accountant', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let sandbox: RunningSandbox;
  let tenancy: Awaited<ReturnType<typeof givenTenancy>>;
  let companyId: number;
  let ceo: { id: number; email: string };
  let ceoSession: LoginData;
  let limited: { id: number; email: string };
  let limitedSession: LoginData;

  beforeAll(async () => {
    sandbox = await givenSandbox();
    context = await createTestApp({ providers: sandbox.providers });
    tenancy = await givenTenancy(context);
    companyId = tenancy.companyId;
    ceo = await givenUser(context.db, { roleId: RoleId.CEO });
    limited = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT_LIMIT });
    for (const person of [ceo, limited]) await addCompanyUser(context.db, companyId, person.id);
    ceoSession = await login(context.app, ceo.email);
    limitedSession = await login(context.app, limited.email);
  });
  afterAll(async () => {
    await context.close();
    await sandbox.close();
  });

  function call(method: HttpMethod, url: string, payload: object | undefined, as: LoginData) {
    return context.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  }

  async function members(as: LoginData = tenancy.session, query = '') {
    const response = await call('GET', `${USERS}?companyId=${companyId}${query}`, undefined, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      rows: {
        Id: number;
        Email: string;
        RoleId: number;
        InvitationPending: boolean;
        IsResponsibleAccountant: boolean;
      }[];
      total: number;
      grantableRoleIds: number[];
    };
  }

  async function sendInvitations() {
    const { handlers } = companyUserJobs({
      db: context.db,
      providers: createProviders(sandbox.providers),
      config: { publicUrl: PUBLIC_URL },
    });
    await runJobsUntilIdle(context.db, { handlers });
  }

  async function mailsTo(address: string): Promise<{ subject: string; text: string }[]> {
    const list = (await fetch(
      `${sandbox.url}/mail/api/messages?to=${encodeURIComponent(address)}&waitMs=2000`,
    ).then((response) => response.json())) as { messages: { id: string }[] };
    return Promise.all(
      list.messages.map((summary) =>
        fetch(`${sandbox.url}/mail/api/messages/${summary.id}`).then(
          (response) => response.json() as Promise<{ subject: string; text: string }>,
        ),
      ),
    );
  }

  function auditOf(userId: number) {
    return context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'company-user'), eq(auditLog.entityId, String(userId))));
  }

  it('lists the members with their roles, finds them by text, and pages them', async () => {
    const all = await members();
    expect(all.total).toBe(3);
    expect(all.rows.map((row) => row.Id).sort()).toEqual([tenancy.user.id, ceo.id, limited.id].sort());
    const found = await members(tenancy.session, `&keyword=${encodeURIComponent(ceo.email.slice(0, 12))}`);
    expect(found.rows.map((row) => row.Id)).toEqual([ceo.id]);
    const page = await members(tenancy.session, '&pageSize=2&pageNumber=2');
    expect(page).toMatchObject({ total: 3 });
    expect(page.rows).toHaveLength(1);
  });

  it('offers each inviter only roles within their own', async () => {
    const byAccountant = (await members()).grantableRoleIds;
    expect(byAccountant).toContain(RoleId.ACCOUNTANT_LIMIT);
    expect(byAccountant).not.toContain(RoleId.ADMIN);
    expect((await members(limitedSession)).grantableRoleIds).toEqual([]);
  });

  it('invites a new person, who sets a password from the e-mail and signs in', async () => {
    const email = `ny.${Date.now()}@example.no`;
    const invited = await call(
      'POST',
      USERS,
      { companyId, email, fullName: 'Nora Ny', roleId: RoleId.ACCOUNTANT_LIMIT, language: 'no' },
      tenancy.session,
    );
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().data).toMatchObject({
      outcome: 'invited',
      user: { Email: email, RoleId: RoleId.ACCOUNTANT_LIMIT, InvitationPending: true },
    });
    const userId = invited.json().data.user.Id;
    await sendInvitations();
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toContain('har invitert deg til');
    const token = mail?.text.match(/\/invitation#([A-Za-z0-9_-]{43})/)?.[1];
    if (!token) throw new Error(`no invitation link in ${mail?.text}`);

    const read = await context.app.inject({
      method: 'POST',
      url: '/api/account/invitations/read',
      payload: { token },
    });
    expect(read.json().data).toMatchObject({ Email: email, FullName: 'Nora Ny' });
    const short = await context.app.inject({
      method: 'POST',
      url: '/api/account/invitations/accept',
      payload: { token, password: 'kort' },
    });
    expect(short.statusCode).toBe(400);
    const accepted = await context.app.inject({
      method: 'POST',
      url: '/api/account/invitations/accept',
      payload: { token, password: 'et langt nok passord' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const again = await context.app.inject({
      method: 'POST',
      url: '/api/account/invitations/accept',
      payload: { token, password: 'et annet langt passord' },
    });
    expect(again.json().code).toBe(ErrorCode.NOT_FOUND);

    const signedIn = await context.app.inject({
      method: 'POST',
      url: '/api/account/check-login',
      payload: { email, password: 'et langt nok passord' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await members()).rows.find((row) => row.Id === userId)?.InvitationPending).toBe(false);
    expect((await auditOf(userId)).map((row) => row.action)).toEqual(['invite']);
  });

  it('adds a person who already has an account, keeping their role, once', async () => {
    const existing = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT });
    const body = { companyId, email: existing.email.toUpperCase(), roleId: RoleId.ACCOUNTANT_LIMIT };
    const added = await call('POST', USERS, body, tenancy.session);
    expect(added.json().data).toMatchObject({
      outcome: 'added',
      user: { Id: existing.id, RoleId: RoleId.ACCOUNTANT, InvitationPending: false },
    });
    const twice = await call('POST', USERS, body, tenancy.session);
    expect(twice.statusCode).toBe(409);
  });

  it('makes one account when the same new address is invited twice at once', async () => {
    const email = `samtidig.${Date.now()}@example.no`;
    const body = { companyId, email, roleId: RoleId.ACCOUNTANT_LIMIT };
    const answers = await Promise.all([
      call('POST', USERS, body, tenancy.session),
      call('POST', USERS, body, tenancy.session),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await members()).rows.filter((row) => row.Email === email)).toHaveLength(1);
  });

  it('refuses a role above the inviter’s, and inviting at all to a role without users.edit', async () => {
    const asAdmin = await call(
      'POST',
      USERS,
      { companyId, email: `sjef.${Date.now()}@example.no`, roleId: RoleId.ADMIN },
      tenancy.session,
    );
    expect(asAdmin.statusCode).toBe(403);
    const byLimited = await call(
      'POST',
      USERS,
      { companyId, email: `x.${Date.now()}@example.no`, roleId: RoleId.ACCOUNTANT_LIMIT },
      limitedSession,
    );
    expect(byLimited.json().code).toBe(ErrorCode.ROLE_FORBIDS);
  });

  it('lets only an administrator change a role, never their own, and ends the person’s sign-ins', async () => {
    const admin = await givenUser(context.db, { roleId: RoleId.ADMIN });
    await call('POST', USERS, { companyId, email: admin.email, roleId: RoleId.ADMIN }, tenancy.session);
    const adminSession = await login(context.app, admin.email);
    const byAccountant = await call(
      'PUT',
      `${USERS}/${limited.id}`,
      { companyId, roleId: RoleId.ACCOUNTANT },
      tenancy.session,
    );
    expect(byAccountant.json().code).toBe(ErrorCode.ROLE_FORBIDS);
    const own = await call('PUT', `${USERS}/${admin.id}`, { companyId, roleId: RoleId.CEO }, adminSession);
    expect(own.statusCode).toBe(403);

    const changed = await call(
      'PUT',
      `${USERS}/${limited.id}`,
      { companyId, roleId: RoleId.ACCOUNTANT },
      adminSession,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.RoleId).toBe(RoleId.ACCOUNTANT);
    const oldToken = await call('GET', `${USERS}?companyId=${companyId}`, undefined, limitedSession);
    expect(oldToken.statusCode).toBe(401);
    limitedSession = await login(context.app, limited.email);
    expect((await members(limitedSession)).grantableRoleIds).toContain(RoleId.ACCOUNTANT_LIMIT);
    expect((await auditOf(limited.id)).find((row) => row.action === 'role-change')).toMatchObject({
      before: { roleId: RoleId.ACCOUNTANT_LIMIT },
      after: { roleId: RoleId.ACCOUNTANT },
    });
  });

  it('names a responsible accountant among those who keep books, and lists the accountants with their companies', async () => {
    const refused = await call(
      'PUT',
      `${USERS}/responsible-accountant`,
      { companyId, userId: ceo.id },
      tenancy.session,
    );
    expect(refused.statusCode).toBe(400);
    const named = await call(
      'PUT',
      `${USERS}/responsible-accountant`,
      { companyId, userId: tenancy.user.id },
      tenancy.session,
    );
    expect(named.statusCode, named.body).toBe(200);
    expect((await members()).rows.find((row) => row.Id === tenancy.user.id)?.IsResponsibleAccountant).toBe(
      true,
    );

    const second = await givenCompany(context.db, { memberIds: [tenancy.user.id] });
    const accountants = await call('GET', '/api/main/users/accountants', undefined, tenancy.session);
    const me = accountants.json().data.rows.find((row: { Id: number }) => row.Id === tenancy.user.id);
    expect(me.Companies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ CompanyId: companyId, IsResponsible: true }),
        expect.objectContaining({ CompanyId: second.id, IsResponsible: false }),
      ]),
    );
    const responsible = await call(
      'GET',
      '/api/main/users/accountants?responsibleOnly=true',
      undefined,
      tenancy.session,
    );
    const mine = responsible.json().data.rows.find((row: { Id: number }) => row.Id === tenancy.user.id);
    expect(mine.Companies.map((company: { CompanyId: number }) => company.CompanyId)).toEqual([companyId]);
    const outsiders = await call('GET', '/api/main/users/accountants', undefined, tenancy.outsiderSession);
    expect(outsiders.body).not.toContain(tenancy.user.email);
  });

  it('finds people only among those who share a company with the caller', async () => {
    const keyword = encodeURIComponent(ceo.email.slice(0, 12));
    const mine = await call('GET', `/api/main/users/find?keyword=${keyword}`, undefined, tenancy.session);
    expect(mine.json().data.rows.map((row: { Id: number }) => row.Id)).toEqual([ceo.id]);
    const outsider = await call(
      'GET',
      `/api/main/users/find?keyword=${keyword}`,
      undefined,
      tenancy.outsiderSession,
    );
    expect(outsider.json().data.rows).toEqual([]);
  });

  it('removes a person with their payment rights, never the owner, and not in another company', async () => {
    await context.db.insert(paymentUsers).values({ companyId, userId: ceo.id });
    const foreign = await call(
      'DELETE',
      `${USERS}/${ceo.id}?companyId=${companyId}`,
      undefined,
      tenancy.outsiderSession,
    );
    expect(foreign.statusCode).toBe(404);
    const removed = await call(
      'DELETE',
      `${USERS}/${ceo.id}?companyId=${companyId}`,
      undefined,
      tenancy.session,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await members()).rows.map((row) => row.Id)).not.toContain(ceo.id);
    expect(await context.db.select().from(paymentUsers).where(eq(paymentUsers.userId, ceo.id))).toEqual([]);
    const gone = await call('GET', `${USERS}?companyId=${companyId}`, undefined, ceoSession);
    expect(gone.statusCode).toBe(404);

    await context.db.update(companies).set({ ownerUserId: limited.id }).where(eq(companies.id, companyId));
    const ownerReply = await call(
      'GET',
      `/api/main/company-services/getOwner?companyId=${companyId}`,
      undefined,
      tenancy.session,
    );
    expect(ownerReply.json().data).toMatchObject({ Id: limited.id, Email: limited.email });
    const owner = await call(
      'DELETE',
      `${USERS}/${limited.id}?companyId=${companyId}`,
      undefined,
      tenancy.session,
    );
    expect(owner.statusCode).toBe(409);
  });
});
