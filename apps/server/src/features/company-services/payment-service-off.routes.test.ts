import { randomUUID } from 'node:crypto';
import { ErrorCode, RoleId, type Route, routeTable } from '@bilag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentBaskets, signingRequests } from '../../db/schema';
import { translate } from '../../platform/messages';
import { bearer, givenTenancy, givenUser, login } from '../../test/fixtures';
import { givenRecordsOfEveryKind } from '../../test/record-fixtures';
import { exampleRequest, injectExample, type RecordIds } from '../../test/route-examples';
import { createTestApp } from '../../test/test-app';
import { addCompanyUser } from '../companies';

/** The payment calls that do not pass the payment gate, each with the reason. */
const NOT_GATED: Record<string, string> = {
  paymentScaCallback:
    "the bank's answer about a payment already sent: it lands whatever the switch says, so none is stranded",
  paymentCancelCallback:
    "the bank's answer about a payment already sent: it lands whatever the switch says, so none is stranded",
  listPaymentCountries: 'reference data that names no company',
  listPaymentCurrencies: 'reference data that names no company',
  currencyOfCountry: 'reference data that names no company',
  availableDueDates: 'banking days, the same for every company',
  listPaymentReasonCodes: 'reference data that names no company',
};

const PAYMENT_TAGS: readonly string[] = ['payments', 'payment users', 'signing'];

/** Every call of the payments and signing features, and every other call that needs a payment action. */
function isPaymentCall(route: Route): boolean {
  return (
    (route.action?.startsWith('payment.') ?? false) || route.tags.some((tag) => PAYMENT_TAGS.includes(tag))
  );
}

const paymentCalls = Object.entries(routeTable).filter(([, route]) => isPaymentCall(route));
const gatedCalls = paymentCalls.filter(([name]) => !(name in NOT_GATED));

describe('payments turned off for a company: every payment call is refused, proven from the route table', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let tenancy: Awaited<ReturnType<typeof givenTenancy>>;
  let admin: Awaited<ReturnType<typeof login>>;
  let ids: RecordIds;
  let basketUuid: string;
  let signing: { requestID: string; trackingID: string };

  beforeAll(async () => {
    context = await createTestApp();
    tenancy = await givenTenancy(context);
    ids = await givenRecordsOfEveryKind(context, tenancy, 'Betaling');
    // An administrator of the company has every action, so only the payment gate can refuse them.
    const adminUser = await givenUser(context.db, { roleId: RoleId.ADMIN });
    await addCompanyUser(context.db, tenancy.companyId, adminUser.id);
    admin = await login(context.app, adminUser.email);
    basketUuid = randomUUID();
    await context.db.insert(paymentBaskets).values({
      companyId: tenancy.companyId,
      uuid: basketUuid,
      bankGroup: 'dnb',
      debtorCompanyBankId: ids.companyBank,
      debtorAccountNumber: '15030000005',
      paymentKind: 'domestic',
      createdBy: adminUser.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    signing = { requestID: `request-${randomUUID()}`, trackingID: `tracking-${randomUUID()}` };
    await context.db.insert(signingRequests).values({
      companyId: tenancy.companyId,
      requestId: signing.requestID,
      trackingId: signing.trackingID,
      userId: adminUser.id,
      basketUuid,
    });
    const off = await tenancy.call(
      'PUT',
      '/api/main/company-services/payment-status',
      { companyId: tenancy.companyId, isPaymentOn: false },
      admin,
    );
    if (off.statusCode !== 200) throw new Error(`turning payments off failed: ${off.body}`);
  });
  afterAll(() => context.close());

  /** The route's example request, naming this company's basket and this person's signing where it names one. */
  function requestFor(route: Route) {
    const request = exampleRequest(route, ids);
    const named: Record<string, string> = { basketUUID: basketUuid, ...signing };
    for (const part of [request.params, request.query, request.body])
      for (const field of Object.keys(part ?? {})) if (part && field in named) part[field] = named[field];
    return request;
  }

  it('walks every payment call but those listed, each listed with its reason', () => {
    expect(gatedCalls.length).toBeGreaterThan(40);
    const names = paymentCalls.map(([name]) => name);
    expect(Object.keys(NOT_GATED).filter((name) => !names.includes(name))).toEqual([]);
  });

  it.each(gatedCalls)('%s answers 403: payments are off for the company', async (name, route) => {
    const request = requestFor(route);
    expect(request.isValid, `${name}: the generated request must pass the route's schemas`).toBe(true);
    const response = await injectExample(context.app, route, request, bearer(admin));
    expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
    const refusal = { code: ErrorCode.FORBIDDEN, message: translate('en', 'paymentServiceOff') };
    // The catalogue's v2 calls carry the product's code in their list of errors.
    expect(route.replyShape === 'v2' ? response.json().errors[0] : response.json()).toMatchObject(refusal);
  });

  it('left the payment waiting, and serves it again once payments are on', async () => {
    const on = await tenancy.call(
      'PUT',
      '/api/main/company-services/payment-status',
      { companyId: tenancy.companyId, isPaymentOn: true },
      admin,
    );
    expect(on.json().data.isPaymentOn).toBe(true);
    const payment = await tenancy.call(
      'GET',
      `/api/main/payments/${ids.payment}?companyId=${tenancy.companyId}`,
    );
    expect(payment.statusCode, payment.body).toBe(200);
    expect(payment.json().data.Status).toBe(0);
  });
});
