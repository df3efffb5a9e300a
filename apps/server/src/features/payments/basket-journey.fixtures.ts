import { randomUUID } from 'node:crypto';
import {
  authorizeCompanyBanks,
  type Basket,
  LANGUAGE_HEADER,
  login,
  type PaymentFlowResult,
  type PaymentInitiationStarted,
  payBasketNow,
  paymentScaCallback,
  type Route,
  type RouteData,
  type RouteRequest,
  routePath,
  routeQueryString,
  saveBasket,
  signingStatus,
  startSigning,
} from '@bilag/contracts';

/**
 * What a person's browser does to pay a basket, over real HTTP: the product's calls as the web app
 * makes them, and the parties' pages (BankID at the signing provider, the bank's SCA page) filled in
 * and posted as a browser posts them. For tests and benchmarks that run the product as a process or
 * on a port, where `app.inject` does not reach.
 */

/** A signed-in person's browser at the product. */
export type Browser = { baseUrl: string; accessToken: string };

/** The answer of a call that did not succeed, with the envelope the product sent. */
export class CallFailed extends Error {
  constructor(
    readonly status: number,
    readonly payload: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(payload)}`);
  }
}

type Call<R extends Route> = RouteRequest<R> & { idempotencyKey?: string };

/** One declared call, its reply parsed with the declaration; a non-2xx answer throws CallFailed. */
export async function call<R extends Route>(
  browser: Pick<Browser, 'baseUrl'> & { accessToken?: string },
  route: R,
  request: Call<R>,
): Promise<RouteData<R>> {
  const url = `${browser.baseUrl}${routePath(route, (request.params ?? {}) as Record<string, unknown>)}${routeQueryString((request.query ?? {}) as Record<string, unknown>)}`;
  const headers: Record<string, string> = { 'content-type': 'application/json', [LANGUAGE_HEADER]: 'en' };
  if (browser.accessToken) headers.authorization = `Bearer ${browser.accessToken}`;
  if (route.idempotent) headers['idempotency-key'] = request.idempotencyKey ?? randomUUID();
  const response = await fetch(url, {
    method: route.method,
    headers,
    ...(route.method === 'GET' ? {} : { body: JSON.stringify(request.body ?? {}) }),
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new CallFailed(response.status, payload, `${route.method} ${url}`);
  if (route.reply === 'file') throw new Error(`${route.path} answers with a file`);
  return (route.reply.parse(payload) as { data: RouteData<R> }).data;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<Browser> {
  const session = await call({ baseUrl }, login, { body: { email, password } });
  return { baseUrl, accessToken: session.AccessToken };
}

/** The action of the first form on a page that posts, as an absolute URL. */
function postedFormAction(html: string, pageUrl: string, containing?: string): string {
  for (const [, form = '', inner = ''] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    if (!/method="post"/i.test(form) || (containing && !inner.includes(containing))) continue;
    const action = /action="([^"]*)"/i.exec(form)?.[1];
    if (action) return new URL(action.replaceAll('&amp;', '&'), pageUrl).toString();
  }
  throw new Error(`no form to post on ${pageUrl}`);
}

async function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

function redirectOf(response: Response, from: string): string {
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) {
    throw new Error(`expected a redirect from ${from}, got ${response.status}`);
  }
  return new URL(location, from).toString();
}

/** The signing provider's BankID page: the person types their identity number and approves. */
export async function approveWithBankId(authenticationUrl: string, ssn: string): Promise<string> {
  const page = await fetch(authenticationUrl);
  const action = postedFormAction(await page.text(), authenticationUrl);
  return redirectOf(await postForm(action, { action: 'approve', ssn }), action);
}

/** The bank's SCA page: log in with the identity number, then approve; answers where the bank sends them. */
export async function approveAtBank(scaRedirectUrl: string, ssn: string): Promise<string> {
  const loginPage = await fetch(scaRedirectUrl);
  const loginAction = postedFormAction(await loginPage.text(), scaRedirectUrl, 'name="ssn"');
  const decisionUrl = redirectOf(await postForm(loginAction, { ssn }), loginAction);
  const decisionPage = await fetch(decisionUrl);
  const decisionAction = postedFormAction(await decisionPage.text(), decisionUrl, 'value="approve"');
  return redirectOf(await postForm(decisionAction, { decision: 'approve' }), decisionAction);
}

export async function saveBasketOf(
  browser: Browser,
  companyId: number,
  paymentsIds: number[],
): Promise<Basket> {
  return call(browser, saveBasket, { body: { companyId, paymentsIds } });
}

/**
 * Signs a basket with BankID as the payment page does: start the signing, the person approves on the
 * provider's page, the page reads the status, then asks the product to authorise the account.
 */
export async function signBasket(browser: Browser, basket: Basket, ssn: string): Promise<Basket> {
  const companyId = basket.CompanyId;
  const started = await call(browser, startSigning, {
    body: { companyId, basketUUID: basket.currentBasketUUID, companyBankIds: [] },
  });
  await approveWithBankId(started.AuthenticationUrl, ssn);
  const ids = { requestID: started.RequestID, trackingID: started.TrackingID };
  const status = await call(browser, signingStatus, { query: ids });
  if (status.State !== 'completed') throw new Error(`the signing ended ${status.State}`);
  const authorised = await call(browser, authorizeCompanyBanks, {
    body: {
      ...ids,
      assignUser: started.assignUser,
      companyId,
      organisationNumber: basket.OrganisationNumber ?? '',
      companyBankIds: [basket.DebtorCompanyBankId],
      accountNumbers: [basket.DebtorAccountNumber],
      basketUUID: basket.currentBasketUUID,
    },
  });
  if (!authorised.basket) throw new Error('the authorisation recorded no approval of the basket');
  return authorised.basket;
}

export async function payNow(
  browser: Browser,
  basketUuid: string,
  idempotencyKey?: string,
): Promise<PaymentInitiationStarted> {
  return call(browser, payBasketNow, {
    params: { basketUUID: basketUuid },
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

/**
 * The person approves the payment on the bank's page and the bank sends them back to the product,
 * whose callback page posts every query parameter it came back with.
 */
export async function approvePaymentAtBank(
  browser: Browser,
  initiation: PaymentInitiationStarted,
  ssn: string,
): Promise<PaymentFlowResult> {
  const returnedTo = new URL(await approveAtBank(initiation.scaRedirectUrl, ssn));
  const flowId = returnedTo.searchParams.get('flowId');
  if (!flowId) throw new Error(`the bank sent the person back without a flowId: ${returnedTo}`);
  return call(browser, paymentScaCallback, {
    params: { flowId },
    body: { query: Object.fromEntries(returnedTo.searchParams) },
  });
}
