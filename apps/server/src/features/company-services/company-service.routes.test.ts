import { CompanyService, CompanyServiceList, ErrorCode, RoleId } from '@bilag/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { translate } from '../../platform/messages';
import { bearer, givenTenancy, givenUser, login } from '../../test/fixtures';
import { givenSandbox, type RunningSandbox } from '../../test/sandbox';
import { createTestApp } from '../../test/test-app';
import { addCompanyUser } from '../companies';

const base = '/api/main/company-services';

describe('company services: which are on, switching them, buying the bank connection', () => {
  let sandbox: RunningSandbox;
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let tenancy: Awaited<ReturnType<typeof givenTenancy>>;
  let ceo: Awaited<ReturnType<typeof login>>;
  let ceoName: string;
  let receiptsOnly: Awaited<ReturnType<typeof login>>;
  let admin: Awaited<ReturnType<typeof login>>;
  let adminName: string;
  let outsiderCeo: Awaited<ReturnType<typeof login>>;

  beforeAll(async () => {
    // The EHF service is read from the access point, which the sandbox plays.
    sandbox = await givenSandbox();
    context = await createTestApp({ providers: sandbox.providers });
    tenancy = await givenTenancy(context);
    const ceoUser = await givenUser(context.db, { roleId: RoleId.CEO });
    await addCompanyUser(context.db, tenancy.companyId, ceoUser.id);
    ceo = await login(context.app, ceoUser.email);
    ceoName = ceoUser.fullName;
    const hrUser = await givenUser(context.db, { roleId: RoleId.HR_COMPANY_A });
    await addCompanyUser(context.db, tenancy.companyId, hrUser.id);
    receiptsOnly = await login(context.app, hrUser.email);
    const adminUser = await givenUser(context.db, { roleId: RoleId.ADMIN });
    await addCompanyUser(context.db, tenancy.companyId, adminUser.id);
    admin = await login(context.app, adminUser.email);
    adminName = adminUser.fullName;
    // A CEO may change services, so only the company check stands between them and another company's.
    const otherCeo = await givenUser(context.db, { roleId: RoleId.CEO });
    await addCompanyUser(context.db, tenancy.outsiderCompanyId, otherCeo.id);
    outsiderCeo = await login(context.app, otherCeo.email);
  });
  afterAll(async () => {
    await context.close();
    await sandbox.close();
  });

  async function services(companyId = tenancy.companyId) {
    const response = await tenancy.call('GET', `${base}/fetchAll?companyId=${companyId}`);
    expect(response.statusCode, response.body).toBe(200);
    return CompanyServiceList.parse(response.json().data).services;
  }

  async function serviceNamed(key: string) {
    const found = (await services()).find((service) => service.service === key);
    if (!found) throw new Error(`${key} is not listed`);
    return found;
  }

  function auditRows(entityId: string) {
    return context.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, tenancy.companyId),
          eq(auditLog.entity, 'company-service'),
          eq(auditLog.entityId, entityId),
        ),
      )
      .orderBy(auditLog.id);
  }

  it('lists every service of a new company, each on as every company starts, except EHF until it is registered', async () => {
    const listed = await services();
    expect(listed.map((service) => service.service)).toEqual(['payments', 'ehf', 'email', 'bank-sync']);
    expect(listed.find((service) => service.service === 'payments')).toMatchObject({
      isOn: true,
      isDefault: true,
      control: 'switch',
      changedByName: null,
    });
    expect(listed.find((service) => service.service === 'ehf')).toMatchObject({
      isOn: false,
      control: 'access-point',
      receivingAddress: '923456783',
    });
    const email = listed.find((service) => service.service === 'email');
    expect(email?.receivingAddress).toMatch(/^company-[0-9a-f]+@/);
    expect(listed.find((service) => service.service === 'bank-sync')?.control).toBe('sold');
    const status = await tenancy.call('GET', `${base}/payment-status?companyId=${tenancy.companyId}`);
    expect(status.json().data).toMatchObject({ id: tenancy.companyId, isPaymentOn: true });
  });

  it('turns payments off for a CEO, names who and when, writes one audit row, and turns them on again', async () => {
    const off = await tenancy.call(
      'PUT',
      `${base}/payment-status`,
      { companyId: tenancy.companyId, isPaymentOn: false },
      ceo,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ isPaymentOn: false, changedByName: ceoName });
    expect(Date.now() - Date.parse(off.json().data.since)).toBeLessThan(60_000);
    const again = await tenancy.call(
      'PUT',
      `${base}/payment-status`,
      { companyId: tenancy.companyId, isPaymentOn: false },
      ceo,
    );
    expect(again.json().data.isPaymentOn).toBe(false);
    expect((await auditRows('payments')).map((row) => [row.action, row.before, row.after])).toEqual([
      ['turn-off', { isOn: true }, { isOn: false }],
    ]);
    const active = await tenancy.call('GET', `${base}/list-active-services?companyId=${tenancy.companyId}`);
    expect(active.json().data).not.toContain('payments');
    const menu = await tenancy.call('GET', `${base}/menu-services?companyId=${tenancy.companyId}`);
    expect(menu.json().data.services).toContainEqual({ service: 'payments', isOn: false });

    const on = await tenancy.call(
      'POST',
      `${base}/update`,
      { companyId: tenancy.companyId, service: 'payments', isOn: true },
      ceo,
    );
    expect(CompanyService.parse(on.json().data)).toMatchObject({ isOn: true, isDefault: false });
    expect((await auditRows('payments')).map((row) => row.action)).toEqual(['turn-off', 'turn-on']);
  });

  it('refuses payment calls while payments are off, in the caller’s language, and serves them again once on', async () => {
    const setPayments = (isPaymentOn: boolean) =>
      tenancy.call('PUT', `${base}/payment-status`, { companyId: tenancy.companyId, isPaymentOn }, ceo);
    const list = (language: string) =>
      context.app.inject({
        method: 'GET',
        url: `/api/main/v2/voucher-payments?companyId=${tenancy.companyId}`,
        headers: { ...bearer(tenancy.session), language },
      });
    await setPayments(false);
    const refused = await list('no');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      message: translate('no', 'paymentServiceOff'),
    });
    expect((await list('en')).json().message).toBe(translate('en', 'paymentServiceOff'));
    await setPayments(true);
    expect((await list('en')).statusCode).toBe(200);
  });

  it('lets those who keep the books see the services but only a CEO or an administrator change them', async () => {
    const byAccountant = await tenancy.call('PUT', `${base}/payment-status`, {
      companyId: tenancy.companyId,
      isPaymentOn: false,
    });
    expect(byAccountant.statusCode).toBe(403);
    expect(byAccountant.json().code).toBe(ErrorCode.ROLE_FORBIDS);
    const seenByHr = await tenancy.call(
      'GET',
      `${base}/fetchAll?companyId=${tenancy.companyId}`,
      undefined,
      receiptsOnly,
    );
    expect(seenByHr.json().code).toBe(ErrorCode.ROLE_FORBIDS);
    // Everyone who has the company's menu learns which of its areas are on.
    const menu = await tenancy.call(
      'GET',
      `${base}/menu-services?companyId=${tenancy.companyId}`,
      undefined,
      receiptsOnly,
    );
    expect(menu.statusCode).toBe(200);

    const byAdmin = await tenancy.call(
      'POST',
      `${base}/update`,
      { companyId: tenancy.companyId, service: 'email', isOn: false },
      admin,
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data).toMatchObject({ service: 'email', isOn: false });
    expect((await serviceNamed('payments')).isOn).toBe(true);
    const added = await tenancy.call(
      'POST',
      `${base}/add`,
      { companyId: tenancy.companyId, service: 'email' },
      admin,
    );
    expect(added.json().data).toMatchObject({ service: 'email', isOn: true });
  });

  it('answers a member of another company as if the company did not exist, and changes nothing', async () => {
    const { companyId } = tenancy;
    for (const [method, url, payload] of [
      ['GET', `${base}/fetchAll?companyId=${companyId}`, undefined],
      ['GET', `${base}/payment-status?companyId=${companyId}`, undefined],
      ['GET', `${base}/menu-services?companyId=${companyId}`, undefined],
      ['PUT', `${base}/payment-status`, { companyId, isPaymentOn: false }],
      ['POST', `${base}/update`, { companyId, service: 'payments', isOn: false }],
      ['POST', `${base}/buy-ztl-service`, { companyId }],
    ] as const) {
      const response = await tenancy.call(method, url, payload, outsiderCeo);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe(ErrorCode.COMPANY_NOT_FOUND);
    }
    expect((await serviceNamed('payments')).isOn).toBe(true);
  });

  it('turns the bank connection off, and back on only by buying it, once, with who and when on record', async () => {
    const companyId = tenancy.companyId;
    const off = await tenancy.call(
      'POST',
      `${base}/update`,
      { companyId, service: 'bank-sync', isOn: false },
      ceo,
    );
    expect(off.json().data).toMatchObject({ isOn: false, boughtAt: null });
    const switchedOn = await tenancy.call(
      'POST',
      `${base}/update`,
      { companyId, service: 'bank-sync', isOn: true },
      ceo,
    );
    expect(switchedOn.statusCode).toBe(409);
    expect(switchedOn.json().message).toBe(translate('en', 'companyServiceMustBeBought'));

    const buy = () =>
      context.app.inject({
        method: 'POST',
        url: `${base}/buy-ztl-service`,
        headers: { ...bearer(ceo), 'idempotency-key': 'buy-ztl-once-1' },
        payload: { companyId },
      });
    const bought = await buy();
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data).toMatchObject({ isOn: true, boughtByName: ceoName, changedByName: ceoName });
    const repeated = await buy();
    expect(repeated.statusCode).toBe(200);
    expect(repeated.headers['idempotent-replayed']).toBe('true');
    expect(repeated.json().data).toEqual(bought.json().data);
    const boughtAgain = await tenancy.call('POST', `${base}/buy-ztl-service`, { companyId }, ceo);
    expect(boughtAgain.statusCode).toBe(409);
    expect(boughtAgain.json().message).toBe(translate('en', 'companyServiceAlreadyOn'));
    expect((await auditRows('bank-sync')).map((row) => row.action)).toEqual(['turn-off', 'buy']);
  });

  it('shows EHF receiving as the access point has it, and leaves switching it to the EHF page', async () => {
    const registered = await tenancy.call(
      'POST',
      '/api/main/company-services/ehf',
      { companyId: tenancy.companyId },
      admin,
    );
    expect(registered.statusCode, registered.body).toBe(200);
    expect(await serviceNamed('ehf')).toMatchObject({ isOn: true, changedByName: adminName });
    const switched = await tenancy.call(
      'POST',
      `${base}/update`,
      { companyId: tenancy.companyId, service: 'ehf', isOn: false },
      ceo,
    );
    expect(switched.statusCode).toBe(409);
    expect(switched.json().message).toBe(translate('en', 'companyServiceManagedAtAccessPoint'));
    await tenancy.call(
      'DELETE',
      `/api/main/company-services/ehf/delete?companyId=${tenancy.companyId}`,
      undefined,
      admin,
    );
    expect((await serviceNamed('ehf')).isOn).toBe(false);
  });

  it('refuses a service it does not know and a switch without its state', async () => {
    const unknown = await tenancy.call(
      'POST',
      `${base}/update`,
      { companyId: tenancy.companyId, service: 'coffee', isOn: true },
      ceo,
    );
    expect(unknown.statusCode).toBe(400);
    const missing = await tenancy.call(
      'PUT',
      `${base}/payment-status`,
      { companyId: tenancy.companyId },
      ceo,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(ErrorCode.VALIDATION_FAILED);
  });
});
