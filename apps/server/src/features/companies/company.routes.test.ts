import { ErrorCode } from '@bilag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, givenCompany, givenTenancy, givenUser, login } from '../../test/fixtures';
import { createTestApp } from '../../test/test-app';

describe('companies', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  it("lists the user's member companies and the owned ones without a subscription, flagged as owned", async () => {
    const user = await givenUser(context.db);
    const member = await givenCompany(context.db, { memberIds: [user.id], subscriptionId: 7 });
    const ownedUnsubscribed = await givenCompany(context.db, { ownerUserId: user.id });
    const ownedInactiveSubscription = await givenCompany(context.db, {
      ownerUserId: user.id,
      subscriptionId: 9,
      status: 0,
    });
    const ownedSubscribed = await givenCompany(context.db, {
      ownerUserId: user.id,
      subscriptionId: 9,
      status: 1,
    });
    const ownedSpecial = await givenCompany(context.db, { ownerUserId: user.id, isSpecial: true });
    await givenCompany(context.db);

    const response = await context.app.inject({
      method: 'GET',
      url: '/api/main/companies',
      headers: bearer(await login(context.app, user.email)),
    });

    expect(response.statusCode).toBe(200);
    const rows: { Id: number; isOwner: boolean }[] = response.json().data.rows;
    expect(rows.map((row) => row.Id).sort()).toEqual(
      [member.id, ownedUnsubscribed.id, ownedInactiveSubscription.id].sort(),
    );
    expect(rows.find((row) => row.Id === member.id)?.isOwner).toBe(false);
    expect(rows.find((row) => row.Id === ownedUnsubscribed.id)?.isOwner).toBe(true);
    expect(rows.map((row) => row.Id)).not.toContain(ownedSubscribed.id);
    expect(rows.map((row) => row.Id)).not.toContain(ownedSpecial.id);
    expect(response.json().data.total).toBe(3);
  });

  it('gets a company the user belongs to, with its alias and organisation number', async () => {
    const user = await givenUser(context.db);
    const company = await givenCompany(context.db, { memberIds: [user.id] });
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/main/company/${company.id}`,
      headers: bearer(await login(context.app, user.email)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      isSuccess: true,
      data: { Id: company.id, Alias: company.alias, OrganisationNumber: '923456783', Name: company.name },
    });
  });

  it('answers a user of company A asking for company B exactly as for a company that does not exist, with no data', async () => {
    const { outsiderCompanyId: companyBId, outsiderSession, call } = await givenTenancy(context);
    const companyB = (await call('GET', `/api/main/company/${companyBId}`, undefined, outsiderSession)).json()
      .data;

    const otherCompany = await call('GET', `/api/main/company/${companyBId}`);
    const missingCompany = await call('GET', '/api/main/company/999999');

    expect(otherCompany.statusCode).toBe(404);
    expect(otherCompany.json()).toEqual({
      isSuccess: false,
      success: false,
      code: ErrorCode.COMPANY_NOT_FOUND,
      message: 'The company was not found, or you are not a member of it.',
    });
    expect(missingCompany.json()).toEqual(otherCompany.json());
    expect(otherCompany.body).not.toContain(companyB.Alias);
  });

  it('refuses a company id that is not a positive number with 400', async () => {
    const user = await givenUser(context.db);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/main/company/abc',
      headers: bearer(await login(context.app, user.email)),
    });
    expect(response.statusCode).toBe(400);
  });

  it('requires a signed-in user', async () => {
    const list = await context.app.inject({ method: 'GET', url: '/api/main/companies' });
    const one = await context.app.inject({ method: 'GET', url: '/api/main/company/1' });
    expect(list.statusCode).toBe(401);
    expect(one.statusCode).toBe(401);
  });
});
