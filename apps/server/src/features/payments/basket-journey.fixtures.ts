import {
  authorizeCompanyBanks,
  type Basket,
  type PaymentFlowResult,
  type PaymentInitiationStarted,
  payBasketNow,
  paymentScaCallback,
  saveBasket,
  signingStatus,
  startSigning,
} from '@bilag/contracts';
import { type Browser, call } from '../../test/http-client';

/**
 * What a person's browser does to pay a basket, over real HTTP: the product's calls (test/http-client)
 * and the parties' pages (BankID at the signing provider, the bank's SCA page) filled in and posted as
 * a browser posts them.
 */

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
