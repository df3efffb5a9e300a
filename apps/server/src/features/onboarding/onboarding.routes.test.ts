import { randomBytes } from 'node:crypto';
import { LANGUAGE_HEADER, type LoginData, RoleId } from '@bilag/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyOnboardings, notifications } from '../../db/schema';
import { ensureSchedules, runJobsUntilIdle } from '../../platform/jobs';
import { createProviders } from '../../providers';
import { bearer, givenUser, login } from '../../test/fixtures';
import { forgetFaults, givenSandbox, moveClock, planFault, type RunningSandbox } from '../../test/sandbox';
import { createTestApp } from '../../test/test-app';
import { addCompanyUser, createCompany } from '../companies';
import { onboardingJobs } from './onboarding-jobs';

const PUBLIC_URL = 'http://localhost:3000';
const KARI = '12857910093';
const BAKERY = '923456783';

type OnboardingReply = {
  companyId: number;
  status: string;
  signUrl: string | null;
  startedAt: string | null;
  updatedAt: string | null;
  startedBy: string | null;
};

describe("the company's onboarding with the payment service", () => {
  let sandbox: RunningSandbox;
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let ceo: { id: number; session: LoginData };
  let accountant: { id: number; session: LoginData };
  let outsider: { id: number; session: LoginData };

  beforeAll(async () => {
    sandbox = await givenSandbox();
    context = await createTestApp({ providers: sandbox.providers, publicUrl: PUBLIC_URL });
    const person = async (roleId: number) => {
      const user = await givenUser(context.db, { roleId });
      return { id: user.id, session: await login(context.app, user.email) };
    };
    ceo = await person(RoleId.CEO);
    accountant = await person(RoleId.ACCOUNTANT);
    outsider = await person(RoleId.ACCOUNTANT);
  });
  afterAll(async () => {
    await context.close();
    await sandbox.close();
  });
  afterEach(async () => {
    await forgetFaults(sandbox);
    await moveClock(sandbox, 0);
  });

  /** A company with the organisation number, whose CEO and an accountant are members. */
  async function givenCompanyNumbered(organisationNumber: string) {
    const alias = `onboarding-${randomBytes(4).toString('hex')}`;
    const company = await createCompany(context.db, {
      name: `Firma ${alias}`,
      alias,
      organisationNumber,
    });
    await addCompanyUser(context.db, company.id, ceo.id);
    await addCompanyUser(context.db, company.id, accountant.id);
    return { companyId: company.id, alias };
  }

  function call(method: 'GET' | 'POST', companyId: number, as: LoginData = ceo.session) {
    return context.app.inject({ method, url: `/api/consent/onboarding/${companyId}`, headers: bearer(as) });
  }

  async function onboarding(method: 'GET' | 'POST', companyId: number): Promise<OnboardingReply> {
    const response = await call(method, companyId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  /** The signatory on the provider's page, as the browser would post its form. */
  async function signOnProviderPage(signUrl: string, ssn = KARI) {
    return fetch(signUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'sign', ssn }).toString(),
      redirect: 'manual',
    });
  }

  async function notificationsOf(companyId: number) {
    return context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.companyId, companyId), eq(notifications.kind, 'onboarding-finished')))
      .orderBy(notifications.id);
  }

  async function auditOf(companyId: number) {
    return context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.entity, 'company-onboarding')))
      .orderBy(auditLog.id);
  }

  it('onboards a company: started by its CEO, signed on the provider page, success then completed, people told once', async () => {
    const { companyId, alias } = await givenCompanyNumbered(BAKERY);
    expect(await onboarding('GET', companyId)).toEqual({
      companyId,
      status: 'none',
      signUrl: null,
      startedAt: null,
      updatedAt: null,
      startedBy: null,
    });

    const started = await onboarding('POST', companyId);
    expect(started).toMatchObject({ companyId, status: 'pending', startedBy: 'Test Person' });
    expect(started.signUrl?.startsWith(`${sandbox.url}/onboarding/sign/`)).toBe(true);

    const again = await call('POST', companyId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', data: { signUrl: started.signUrl } });
    expect(again.json().message).toContain(started.signUrl);

    const signed = await signOnProviderPage(started.signUrl ?? '');
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe(`${PUBLIC_URL}/onboarding/callback?companyId=${companyId}`);

    expect((await onboarding('GET', companyId)).status).toBe('success');
    expect(await notificationsOf(companyId)).toEqual([
      expect.objectContaining({ userId: ceo.id, details: { status: 'success' }, link: `/${alias}/setting` }),
      expect.objectContaining({ userId: accountant.id, details: { status: 'success' } }),
    ]);
    const completed = await onboarding('GET', companyId);
    expect(completed).toMatchObject({ status: 'completed', signUrl: null });
    expect(await notificationsOf(companyId)).toHaveLength(2);
    expect((await auditOf(companyId)).map((row) => [row.action, row.after])).toEqual([
      ['create', expect.objectContaining({ status: 'pending' })],
      ['update', expect.objectContaining({ status: 'success' })],
      ['update', expect.objectContaining({ status: 'completed' })],
    ]);

    const finished = await call('POST', companyId);
    expect(finished.statusCode).toBe(409);
    expect(finished.json()).toMatchObject({ code: 'CONFLICT', data: { status: 'completed' } });
  });

  it.each([
    ['910000012', 'already-onboarded'],
    ['910000020', 'company-not-found'],
    ['910000071', 'company-not-found'],
    ['910000039', 'declined-risk-evaluation'],
    ['910000047', 'declined-unsupported-company-type'],
    ['910000055', 'declined-unsupported-company-type'],
  ])('answers %s with %s at once, and tells the company', async (organisationNumber, status) => {
    const { companyId } = await givenCompanyNumbered(organisationNumber);
    expect(await onboarding('POST', companyId)).toMatchObject({ status, signUrl: null });
    expect((await onboarding('GET', companyId)).status).toBe(status);
    expect(await notificationsOf(companyId)).toHaveLength(2);
    expect(await auditOf(companyId)).toHaveLength(1);
  });

  it('lets a company turned away start again, and keeps one onboarded from starting twice', async () => {
    const declined = await givenCompanyNumbered('910000039');
    await onboarding('POST', declined.companyId);
    expect((await onboarding('POST', declined.companyId)).status).toBe('declined-risk-evaluation');
    const customer = await givenCompanyNumbered('910000012');
    await onboarding('POST', customer.companyId);
    const refused = await call('POST', customer.companyId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data).toEqual({ status: 'already-onboarded' });
  });

  it('finds a sign order expired by the sandbox clock, and starts a new one after it', async () => {
    const { companyId } = await givenCompanyNumbered('934567897');
    const started = await onboarding('POST', companyId);
    expect(started.status).toBe('pending');
    await moveClock(sandbox, 7);
    expect(await onboarding('GET', companyId)).toMatchObject({ status: 'signorder-expired', signUrl: null });
    expect(await notificationsOf(companyId)).toEqual([
      expect.objectContaining({ details: { status: 'signorder-expired' } }),
      expect.objectContaining({ details: { status: 'signorder-expired' } }),
    ]);
    const restarted = await onboarding('POST', companyId);
    expect(restarted.status).toBe('pending');
    expect(restarted.signUrl).not.toBe(started.signUrl);
  });

  it('records, from the poll job, a sign order that expired and one that was signed while nobody looked', async () => {
    const expiring = await givenCompanyNumbered('910000063');
    const signing = await givenCompanyNumbered('812345672');
    await onboarding('POST', expiring.companyId);
    const toSign = await onboarding('POST', signing.companyId);
    expect((await signOnProviderPage(toSign.signUrl ?? '')).status).toBe(303);
    await moveClock(sandbox, 8);

    const jobs = onboardingJobs({
      db: context.db,
      providers: createProviders(sandbox.providers),
      config: { publicUrl: PUBLIC_URL },
    });
    await ensureSchedules(context.db, jobs.schedules);
    await runJobsUntilIdle(context.db, { ...jobs, dueBy: new Date(Date.now() + 60_000) });

    expect((await notificationsOf(expiring.companyId)).map((row) => row.details)).toEqual([
      { status: 'signorder-expired' },
      { status: 'signorder-expired' },
    ]);
    expect((await notificationsOf(signing.companyId)).map((row) => row.details)).toEqual([
      { status: 'success' },
      { status: 'success' },
    ]);
    const audit = await auditOf(expiring.companyId);
    expect(audit.at(-1)).toMatchObject({ userId: null, action: 'update' });
    expect((await onboarding('GET', signing.companyId)).status).toBe('completed');
  });

  it('records one onboarding when it is started twice at the same moment', async () => {
    const { companyId } = await givenCompanyNumbered('910000063');
    const answers = await Promise.all([call('POST', companyId), call('POST', companyId)]);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const rows = await context.db
      .select()
      .from(companyOnboardings)
      .where(eq(companyOnboardings.companyId, companyId));
    expect(rows.map((row) => row.status)).toEqual(['pending']);
  });

  it('lets only the owner, the CEO or an administrator start, and keeps other companies out', async () => {
    const { companyId } = await givenCompanyNumbered('910000039');
    const forbidden = await call('POST', companyId, accountant.session);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toContain('owner');
    expect((await call('GET', companyId, accountant.session)).statusCode).toBe(200);

    const owned = await createCompany(context.db, {
      name: 'Eid AS',
      alias: `owned-${randomBytes(4).toString('hex')}`,
      organisationNumber: '910000039',
      ownerUserId: accountant.id,
    });
    expect((await call('POST', owned.id, accountant.session)).statusCode).toBe(200);

    for (const method of ['GET', 'POST'] as const) {
      const foreign = await call(method, companyId, outsider.session);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'COMPANY_NOT_FOUND' });
    }
  });

  it('refuses a company whose organisation number is not valid, without asking the provider', async () => {
    const { companyId } = await givenCompanyNumbered('923456784');
    const refused = await call('POST', companyId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('923456784');
    expect((await onboarding('GET', companyId)).status).toBe('none');
  });

  it('answers a clear error, and stores nothing, when the provider does not answer', async () => {
    const { companyId } = await givenCompanyNumbered('910000098');
    await planFault(sandbox, '/onboarding/v1/', 'unavailable', 3);
    const down = await context.app.inject({
      method: 'POST',
      url: `/api/consent/onboarding/${companyId}`,
      headers: { ...bearer(ceo.session), [LANGUAGE_HEADER]: 'no' },
    });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', data: { party: 'onboarding' } });
    expect(down.json().message).toContain('Betalingstjenestens onboarding');
    expect((await onboarding('GET', companyId)).status).toBe('none');
  });
});
