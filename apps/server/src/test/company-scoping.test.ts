import { ErrorCode, type LoginData, RoleId, type Route, roleMay, routeTable } from '@bilag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyUser } from '../features/companies';
import { bearer, givenTenancy, givenUser, login } from './fixtures';
import { givenRecordsOfEveryKind } from './record-fixtures';
import { exampleRequest, injectExample, type RecordIds } from './route-examples';
import { givenSandbox, type RunningSandbox } from './sandbox';
import { createTestApp } from './test-app';

/**
 * Calls that name no company and no company's record, each with the reason it is global. A route
 * declared `user` or `public` must be listed here, so a new global call is a decision someone wrote
 * down, not an accident of its declaration.
 */
const GLOBAL_BY_DESIGN: Record<string, string> = {
  login: 'signing in happens before there is a company',
  checkLogin: 'the signed-in person, nobody else',
  logout: "ends the caller's own session",
  userByToken: 'answers only for the token it is given',
  userByTokenInBody: 'answers only for the token it is given',
  changeLanguage: "the caller's own language",
  refreshToken: "renews the caller's own session",
  roleActions: "what the caller's own role may do",
  listCompanies: 'the companies the caller belongs to',
  findUsers: 'people who share a company with the caller (everyone, for an administrator)',
  listAccountants: "accountants in the caller's companies (all companies, for an administrator)",
  getInvitation: 'answers only for the invitation secret it is given',
  acceptInvitation: 'answers only for the invitation secret it is given',
  insertLog: 'a client error report, stored in the log only',
  banks: 'the Norwegian bank registry is public reference data',
  banksBySwiftCode: 'the Norwegian bank registry is public reference data',
  banksByFilter: 'the Norwegian bank registry is public reference data',
  banksByTemplate: 'the Norwegian bank registry is public reference data',
  bankById: 'the Norwegian bank registry is public reference data',
  globalRules: "the bureau's rules for all its companies; who may change them is checked by role",
  addGlobalRule: "the bureau's rules for all its companies; who may change them is checked by role",
  updateGlobalRule: "the bureau's rules for all its companies; who may change them is checked by role",
  deleteGlobalRule: "the bureau's rules for all its companies; who may change them is checked by role",
  listPaymentCountries: 'countries a payment can go to are public reference data',
  listPaymentCurrencies: 'currencies a payment can be made in are public reference data',
  currencyOfCountry: "a country's currency is public reference data",
  availableDueDates: 'banking days are the same for every company',
  listPaymentReasonCodes: "Norway's purpose codes for payments abroad are public reference data",
  signingStatus: "the caller's own signing, looked up only among the signings they started",
  basketPayments:
    "a basket is named by its UUID alone (the bank's return pages); a non-member is told it does not exist",
  updateBasketStatus:
    'a basket is named by its UUID alone (the sign-cancel page); a non-member is told it does not exist',
  payBasketNow: 'a basket is named by its UUID alone; a non-member is told it does not exist',
  paymentScaCallback:
    "the bank's return from its SCA page: the flow id is the capability, and the bank is asked",
  paymentCancelCallback:
    "the bank's return from cancelling: the flow id is the capability, and the bank is asked",
  listOwnerConsents: 'the consents the caller made, in the companies the caller belongs to',
  consentScaSuccess:
    "the bank's return from its consent page: the instruction id is the capability, and the bank is asked",
  consentScaCancel:
    "the bank's return from its consent page: the instruction id is the capability, and the bank is asked",
  consentScaV2:
    "the bank's return from its consent page: the instruction id is the capability, and the bank is asked",
  taskOverview: 'the tasks of the companies the caller works in',
  periodOverview: 'the months of the companies the caller works in',
  teamStatistic: 'the work of the companies the caller works in, per company and responsible accountant',
  editorImage: 'an image at its unguessable address: the company and 128 random bits',
  receivePeppolDelivery:
    'the PEPPOL access point delivers here, signed with the webhook secret; the envelope names the receiver',
  checkTutorialPassword: "the tutorial videos' one shared password, checked before there is anyone signed in",
  tutorialVideo: 'the tutorial videos are the same for everyone; the token of the shared password opens them',
  tutorialVideoFile:
    'the tutorial videos are the same for everyone; the token of the shared password opens them',
  tutorialCaptions:
    'the tutorial videos are the same for everyone; the token of the shared password opens them',
  listPaymentPackages: 'the catalogue of packages on sale is the same for every company',
  receiveCardWebhook:
    "the card provider delivers here, signed with the webhook secret; the payment's metadata names the purchase",
};

/** The mark every record of the attacked company carries, so any leak of it shows in a reply. */
const SECRET = 'Hemmelig';

const routes = Object.entries(routeTable);
const companyRoutes = routes.filter(([, route]) => route.access === 'company');
const adminRoutes = routes.filter(([, route]) => route.access === 'admin');

describe('company scoping, proven from the route table', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let tenancy: Awaited<ReturnType<typeof givenTenancy>>;
  let victimIds: RecordIds;
  let sandbox: RunningSandbox;
  /** An administrator of another company: no role keeps them out of a call, so only the company check can. */
  let outsiderAdminSession: LoginData;

  beforeAll(async () => {
    // Calls that reach a bank get past their company check to the sandbox that plays it.
    sandbox = await givenSandbox();
    context = await createTestApp({ providers: sandbox.providers });
    tenancy = await givenTenancy(context);
    victimIds = await givenRecordsOfEveryKind(context, tenancy, SECRET);
    const outsiderAdmin = await givenUser(context.db, { roleId: RoleId.ADMIN });
    await addCompanyUser(context.db, tenancy.outsiderCompanyId, outsiderAdmin.id);
    outsiderAdminSession = await login(context.app, outsiderAdmin.email);
  });

  /** The outsider whose role lets them make the call, so that it reaches the company check. */
  function outsiderFor(route: Route): LoginData {
    return route.access !== 'public' && roleMay(RoleId.ACCOUNTANT, route.action)
      ? tenancy.outsiderSession
      : outsiderAdminSession;
  }
  afterAll(async () => {
    await context.close();
    await sandbox.close();
  });

  async function callAs(
    name: string,
    route: Route,
    session: LoginData,
    ids: RecordIds,
  ): Promise<{ status: number; body: string; json: () => unknown }> {
    const request = exampleRequest(route, ids);
    expect(request.isValid, `${name}: the generated request must pass the route's schemas`).toBe(true);
    const response = await injectExample(context.app, route, request, bearer(session));
    return { status: response.statusCode, body: response.body, json: () => response.json() };
  }

  it('lists a reason for every call that names no company', () => {
    const global = routes
      .filter(([, route]) => route.access === 'user' || route.access === 'public')
      .map(([name]) => name);
    expect(global.filter((name) => !(name in GLOBAL_BY_DESIGN))).toEqual([]);
    expect(Object.keys(GLOBAL_BY_DESIGN).filter((name) => !global.includes(name))).toEqual([]);
  });

  it.each(companyRoutes)('%s refuses a member of another company and shows nothing', async (name, route) => {
    const response = await callAs(name, route, outsiderFor(route), victimIds);
    expect([403, 404], `${name} answered ${response.status}: ${response.body}`).toContain(response.status);
    const reply = response.json() as { code?: unknown; errors?: { code?: string }[] };
    expect(reply.errors?.[0]?.code ?? reply.code, `${name}: refused by its role, not its company`).not.toBe(
      ErrorCode.ROLE_FORBIDS,
    );
    expect(response.body).not.toContain(SECRET);
  });

  it.each(companyRoutes)(
    "%s, called for the caller's own company with another company's records, shows nothing of them",
    async (name, route) => {
      const response = await callAs(name, route, outsiderFor(route), {
        ...victimIds,
        company: tenancy.outsiderCompanyId,
        targetCompany: victimIds.company,
      });
      expect(response.status, `${name}: ${response.body}`).toBeLessThan(500);
      expect(response.body).not.toContain(SECRET);
    },
  );

  it.each(adminRoutes)('%s refuses an accountant who is not an administrator', async (name, route) => {
    const response = await callAs(name, route, tenancy.session, victimIds);
    expect(response.status).toBe(403);
    expect((response.json() as { code?: string }).code).toBe(ErrorCode.ADMIN_ONLY);
  });

  it("leaves the attacked company's records as they were", async () => {
    const { companyId } = tenancy;
    const voucher = await tenancy.call(
      'GET',
      `/api/main/voucher/${victimIds.voucher}?companyId=${companyId}`,
    );
    expect(voucher.statusCode).toBe(200);
    expect(voucher.json().data.SupplierName).toBe(`${SECRET} Leverandør AS`);
    const transaction = await tenancy.call(
      'GET',
      `/api/main/transactions/${victimIds.transaction}?companyId=${companyId}`,
    );
    expect(transaction.statusCode).toBe(200);
    expect(transaction.json().data.Text).toBe(`${SECRET} kortkjøp`);
    const rules = await tenancy.call('GET', `/api/main/localRules?companyId=${companyId}`);
    expect(rules.body).toContain(`${SECRET} regel`);
    const imports = await tenancy.call('GET', `/api/main/bankImport?companyId=${companyId}`);
    expect(imports.body).toContain(`"Id":${victimIds.import}`);
    const waiting = await tenancy.call(
      'GET',
      `/api/main/transactions/v2/import-job/${victimIds.importJob}?companyId=${companyId}`,
    );
    expect(waiting.json().data.Status).toBe('uploaded');
    const payment = await tenancy.call(
      'GET',
      `/api/main/payments/${victimIds.payment}?companyId=${companyId}`,
    );
    expect(payment.json().data).toMatchObject({ Status: 0, CreditorName: `${SECRET} Leverandør AS` });
  });

  it("carries nothing of the attacked company into the caller's own", async () => {
    const { outsiderCompanyId, outsiderSession } = tenancy;
    for (const url of [
      `/api/main/voucher/list?companyId=${outsiderCompanyId}`,
      `/api/main/transactions/v2/list?companyId=${outsiderCompanyId}`,
      `/api/main/localRules?companyId=${outsiderCompanyId}`,
    ]) {
      const response = await tenancy.call('GET', url, undefined, outsiderSession);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).not.toContain(SECRET);
    }
  });
});
