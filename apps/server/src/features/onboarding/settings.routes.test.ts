import { randomUUID } from 'node:crypto';
import { type CompanySettings, LANGUAGE_HEADER, SETTINGS_STEP_KEYS } from '@bilag/contracts';
import { addDays, todayIsoDate } from '@bilag/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bankConsents, companyOnboardings, paymentUsers } from '../../db/schema';
import { createProviders } from '../../providers';
import { bearer, givenBankAccount, givenTenancy, givenUser } from '../../test/fixtures';
import { forgetFaults, givenSandbox, planFault, type RunningSandbox } from '../../test/sandbox';
import { createTestApp } from '../../test/test-app';

const BAKERY = '923456783';

describe("the company's settings steps", () => {
  let sandbox: RunningSandbox;
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let tenancy: Awaited<ReturnType<typeof givenTenancy>>;
  let alias: string;

  beforeAll(async () => {
    sandbox = await givenSandbox();
    context = await createTestApp({ providers: sandbox.providers });
    tenancy = await givenTenancy(context);
  });
  afterAll(async () => {
    await context.close();
    await sandbox.close();
  });
  afterEach(() => forgetFaults(sandbox));

  async function settings(language = 'en'): Promise<CompanySettings> {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/main/company-settings/${tenancy.companyId}`,
      headers: { ...bearer(tenancy.session), [LANGUAGE_HEADER]: language },
    });
    expect(response.statusCode, response.body).toBe(200);
    const data: CompanySettings = response.json().data;
    alias = data.alias;
    return data;
  }

  function stepsOf(data: CompanySettings) {
    return Object.fromEntries(data.steps.map(({ key, ...step }) => [key, step]));
  }

  async function givenConsent(values: { status: 'valid' | 'received'; endedAt?: Date; validUntil: string }) {
    await context.db.insert(bankConsents).values({
      companyId: tenancy.companyId,
      bankId: 1,
      bankGroup: 'dnb',
      providerConsentId: randomUUID(),
      instructionId: randomUUID(),
      frequencyPerDay: 4,
      requestedAccounts: [],
      ...values,
    });
  }

  it('shows a new company with its details and its e-mail address done and every other step left, with where to do it', async () => {
    const data = await settings();
    expect(data.steps.map((step) => step.key)).toEqual([...SETTINGS_STEP_KEYS]);
    expect(data).toMatchObject({
      companyId: tenancy.companyId,
      doneCount: 2,
      onboardingStatus: 'none',
      emailAddress: `${alias.toLowerCase()}@inbox.bilag.local`,
    });
    expect(stepsOf(data)).toEqual({
      companyDetails: { done: true, count: 1, todo: null, link: `/${alias}/setting` },
      bankAccounts: {
        done: false,
        count: 0,
        todo: 'Add the company’s bank accounts.',
        link: `/${alias}/bank-management`,
      },
      consents: {
        done: false,
        count: 0,
        todo: 'Connect a bank so transactions come in by themselves.',
        link: `/${alias}/consent`,
      },
      paymentUsers: {
        done: false,
        count: 0,
        todo: 'Choose who may approve payments.',
        link: `/${alias}/payments/assign-users`,
      },
      onboarding: {
        done: false,
        count: 0,
        todo: 'Onboard the company with the payment service.',
        link: `/${alias}/setting`,
      },
      ehf: { done: false, count: 0, todo: 'Register the company to receive EHF invoices.', link: null },
      emailAddress: { done: true, count: 1, todo: null, link: `/${alias}/setting` },
    });
    expect(stepsOf(await settings('no')).bankAccounts?.todo).toBe('Legg inn firmaets bankkontoer.');
  });

  it('counts what is in place as the company is set up', async () => {
    await givenBankAccount(context.app, tenancy.session, tenancy.companyId, '15030123457');
    await givenBankAccount(context.app, tenancy.session, tenancy.companyId, '15039876547');
    const today = todayIsoDate('Europe/Oslo');
    await givenConsent({ status: 'valid', validUntil: addDays(today, 90) });
    await givenConsent({ status: 'valid', validUntil: addDays(today, 90), endedAt: new Date() });
    await givenConsent({ status: 'valid', validUntil: addDays(today, -1) });
    await givenConsent({ status: 'received', validUntil: addDays(today, 90) });
    const mayOnlyPrepare = await givenUser(context.db);
    await context.db.insert(paymentUsers).values([
      { companyId: tenancy.companyId, userId: tenancy.user.id, isAllowPayments: true },
      { companyId: tenancy.companyId, userId: mayOnlyPrepare.id, isAllowPayments: false },
    ]);
    await context.db.insert(companyOnboardings).values({
      companyId: tenancy.companyId,
      providerOnboardingId: randomUUID(),
      status: 'completed',
      startedBy: tenancy.user.id,
    });
    await createProviders(sandbox.providers).peppol.registerReceiver({
      organisationNumber: BAKERY,
      name: 'Nordlys Bakeri AS',
      webhookUrl: 'http://localhost:3000/api/ehf/webhook',
    });

    const data = await settings();
    expect(data).toMatchObject({ doneCount: 7, onboardingStatus: 'completed' });
    expect(
      Object.fromEntries(data.steps.map((step) => [step.key, [step.done, step.count, step.todo]])),
    ).toEqual({
      companyDetails: [true, 1, null],
      bankAccounts: [true, 2, null],
      consents: [true, 1, null],
      paymentUsers: [true, 1, null],
      onboarding: [true, 1, null],
      ehf: [true, 1, null],
      emailAddress: [true, 1, null],
    });
  });

  it('still shows the page when the PEPPOL access point does not answer, with the EHF step unknown', async () => {
    await planFault(sandbox, '/peppol/', 'unavailable', 3);
    const ehf = stepsOf(await settings()).ehf;
    expect(ehf).toMatchObject({ done: false, count: 0 });
    expect(ehf?.todo).toContain('did not answer');
  });

  it("answers another company's settings as a missing company", async () => {
    const foreign = await context.app.inject({
      method: 'GET',
      url: `/api/main/company-settings/${tenancy.companyId}`,
      headers: bearer(tenancy.outsiderSession),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'COMPANY_NOT_FOUND' });
  });
});
