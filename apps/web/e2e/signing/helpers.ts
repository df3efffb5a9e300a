import {
  type AddToPaymentListResult,
  type BasketWithPayments,
  type Payment,
  type PaymentSettings,
  PaymentType,
} from '@bilag/contracts';
import { addBankingDays } from '@bilag/domain/dates/banking-days';
import type { IsoDate } from '@bilag/domain/dates/norwegian-dates';
import { expect, type Locator, type Page } from '@playwright/test';
import { authorization, uniqueAccountNumber } from '../imports/helpers';
import { randomOre, uniqueToken } from '../matching/helpers';
import { FIRST_LOAD_TIMEOUT_MS, todayInNorway } from '../payments/helpers';
import { dataOf } from '../support/api';
import { type DemoCompany, demoCompanies } from '../support/demo';
import { SANDBOX_URL } from '../support/sandbox';

/** The sandbox's test people (apps/sandbox/src/platform/world.ts) and what their BankID does. */
export const testPeople = {
  /** Approves; may pay from every account of the bakery. */
  kari: '12857910093',
  /** Approves; may pay from the bakery's operating account only. */
  ola: '03878510096',
  /** Approves at BankID signing, then never answers at the bank's SCA page; may pay from every account of the bakery. */
  vera: '14918310143',
} as const;

/** The bakery's two DNB accounts in the product's demo data and in the sandbox bank. */
export const bakeryAccounts = { operating: '15030123457', tax: '15039876547' } as const;

type Headers = Record<string, string>;

/** A due date after today: the bank carries the payment out then, so it is seen in PROCESSING first. */
export function firstBankingDayAfterToday(): IsoDate {
  return addBankingDays(todayInNorway(), 1);
}

/** Days from today in Norway to a date, for moving the sandbox's clock onto it. */
function daysUntil(date: IsoDate): number {
  return Math.round((Date.parse(date) - Date.parse(todayInNorway())) / 86_400_000);
}

/** The company's account id for an account number, as the signed-in person reads the company's accounts. */
export async function companyBankIdOf(page: Page, company: DemoCompany, accountNumber: string) {
  const accounts = await dataOf<{ Id: number; AccountNumber: string }[]>(
    await page.request.get(
      `/api/main/company-banks/fetch-all-company-bank-info-by-company-id?companyId=${company.id}`,
      { headers: await authorization(page) },
    ),
  );
  const account = accounts.find((candidate) => candidate.AccountNumber === accountNumber);
  if (!account) throw new Error(`${company.name} has no account ${accountNumber}`);
  return account.Id;
}

type DomesticPayment = {
  debtorCompanyBankId: number;
  creditorName: string;
  amountOre: number;
};

/** A domestic payment typed by hand onto the payment list, through the API, waiting for approval. */
export async function addDomesticPayment(page: Page, company: DemoCompany, payment: DomesticPayment) {
  const headers = await authorization(page);
  return dataOf<Payment>(
    await page.request.post('/api/main/payments/add', {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      data: {
        companyId: company.id,
        type: PaymentType.DOMESTIC,
        currency: 'NOK',
        creditorAccount: uniqueAccountNumber(),
        message: `E2E ${payment.creditorName}`,
        dueDate: firstBankingDayAfterToday(),
        debtorCompanyBankId: payment.debtorCompanyBankId,
        creditorName: payment.creditorName,
        amountOre: payment.amountOre,
      },
    }),
  );
}

/** Puts a voucher on the payment list through the API, as the voucher's payment card does; answers its payment. */
export async function putVoucherOnPaymentList(page: Page, company: DemoCompany, voucherId: number) {
  const headers = await authorization(page);
  const result = await dataOf<AddToPaymentListResult>(
    await page.request.post('/api/main/v2/voucher-payments/add-to-paymentlist', {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      data: { companyId: company.id, voucherIds: [voucherId] },
    }),
  );
  const [added] = result.added;
  if (!added) throw new Error(`Voucher ${voucherId} was not put on the payment list`);
  return added.payment;
}

/** One payment as the server has it now. */
export async function paymentNow(page: Page, company: DemoCompany, id: number) {
  return dataOf<Payment>(
    await page.request.get(`/api/main/payments/${id}?companyId=${company.id}`, {
      headers: await authorization(page),
    }),
  );
}

/** A basket and its payments as the server has them now. */
export async function basketNow(page: Page, basketUUID: string) {
  return dataOf<BasketWithPayments>(
    await page.request.get(`/api/main/payments/baskets/${basketUUID}`, {
      headers: await authorization(page),
    }),
  );
}

/** Sets the amount above which two people must sign, with the headers of someone who may manage it. */
export async function setSecondApproverLimit(
  page: Page,
  manager: Headers,
  company: DemoCompany,
  aboveOre: number | null,
) {
  return dataOf<PaymentSettings>(
    await page.request.put(`/api/main/payments/settings/${company.id}`, {
      headers: manager,
      data: { SecondApproverAboveOre: aboveOre },
    }),
  );
}

/** Makes the person's verified accounts exactly these, with the headers of someone who manages payment users. */
export async function setVerifiedAccounts(
  page: Page,
  manager: Headers,
  company: DemoCompany,
  userId: number,
  accountNumbers: string[],
) {
  await dataOf(
    await page.request.post(`/api/main/company-users-assign-payment/banks-verified-payment/${userId}`, {
      headers: { ...manager, 'Idempotency-Key': crypto.randomUUID() },
      data: { companyId: company.id, accountNumbers },
    }),
  );
}

/** The list of payments waiting for approval, narrowed to the ones this test made. */
export async function openPaymentsToApprove(page: Page, company: DemoCompany, keyword: string) {
  await page.goto(`/${company.alias}/payments/payment-list?q=${keyword}&status=0`);
  await expect(page.getByTestId('payment-count')).not.toHaveText(' ', { timeout: FIRST_LOAD_TIMEOUT_MS });
}

/** Selects the payments to these creditors on the list and puts them in a basket; answers the basket modal. */
export async function putInBasket(page: Page, creditorNames: string[]): Promise<Locator> {
  for (const name of creditorNames) {
    await page.getByRole('checkbox', { name: `Select the payment to ${name}` }).check();
  }
  await page.getByRole('button', { name: /^Sign and pay/ }).click();
  const modal = page.getByTestId('basket-modal');
  await expect(modal).toBeVisible();
  return modal;
}

/** Starts the BankID signing from the basket modal (or the bank-verify page) and answers the window it opens. */
export async function openBankIdWindow(page: Page, button: Locator): Promise<Page> {
  const opening = page.waitForEvent('popup');
  await button.click();
  const popup = await opening;
  await expect(popup.getByRole('heading', { name: 'Confirm who you are with BankID' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  return popup;
}

/**
 * A new payment from the bakery's operating account, alone in a basket whose BankID window is open:
 * where every test of how a signing ends starts.
 */
export async function startSigningNewPayment(page: Page, creditor: string) {
  const company = demoCompanies.bakery;
  const token = uniqueToken();
  const creditorName = `${creditor} ${token}`;
  const payment = await addDomesticPayment(page, company, {
    debtorCompanyBankId: await companyBankIdOf(page, company, bakeryAccounts.operating),
    creditorName,
    amountOre: randomOre(100, 900),
  });
  await openPaymentsToApprove(page, company, token);
  const modal = await putInBasket(page, [creditorName]);
  const popup = await openBankIdWindow(page, modal.getByRole('button', { name: 'Sign with BankID' }));
  return { payment, modal, popup };
}

/** On the signing provider's BankID page: a test person types their number and approves. */
export async function approveWithBankId(popup: Page, ssn: string) {
  await popup.getByRole('textbox', { name: 'National identity number (11 digits)' }).fill(ssn);
  await popup.getByRole('button', { name: 'Approve with BankID' }).click();
}

/**
 * On the bank's SCA page: logs in as the approver the product named (the bank fills the person in; Kari
 * where it asks). Answers the national identity number it logged in with.
 */
export async function logInAtBank(popup: Page): Promise<string> {
  await expect(popup.getByRole('heading', { name: /^Approve payments?$/, level: 1 })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  const identity = popup.getByRole('textbox', { name: 'National identity number (11 digits)' });
  if (await identity.isEditable()) await identity.fill(testPeople.kari);
  const loggedInAs = await identity.inputValue();
  await popup.getByRole('button', { name: 'Log in with BankID' }).click();
  return loggedInAs;
}

/** On the bank's SCA page: logs in (see logInAtBank) and approves or rejects the payment. */
export async function decideAtBank(popup: Page, decision: 'Approve' | 'Reject') {
  await logInAtBank(popup);
  await popup.getByRole('button', { name: decision, exact: true }).click();
}

/** Where the sandbox's clock stands, in days from the machine's. */
async function sandboxOffsetDays(page: Page): Promise<number> {
  const reply = await page.request.get(`${SANDBOX_URL}/sandbox/clock`);
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { offsetDays: number }).offsetDays;
}

async function setSandboxOffsetDays(page: Page, offsetDays: number) {
  const reply = await page.request.put(`${SANDBOX_URL}/sandbox/clock`, { data: { offsetDays } });
  expect(reply.ok(), await reply.text()).toBe(true);
}

/**
 * Lets the sandbox banks live through the coming days: the clock moves forward, one call to a bank
 * lets it carry out what is due by then, and the clock goes back. The clock is the whole sandbox's
 * and other tests run beside this one, so it is moved for as short a time as one call takes.
 */
export async function letBanksExecuteUntil(page: Page, date: IsoDate) {
  const offsetDays = await sandboxOffsetDays(page);
  await setSandboxOffsetDays(page, offsetDays + Math.max(1, daysUntil(date)));
  try {
    // Any call to a bank brings its payments up to the clock; an unknown path costs the least.
    await page.request.get(`${SANDBOX_URL}/psd2/dnb/v1/e2e-clock-tick`);
  } finally {
    await setSandboxOffsetDays(page, offsetDays);
  }
}

/**
 * Presses Close on a callback window. The window may close itself in the same moment (its countdown
 * ends), which ends the click with "page closed": the window is gone either way.
 */
export async function closeCallbackWindow(popup: Page) {
  const closed = popup.waitForEvent('close');
  await popup
    .getByRole('button', { name: 'Close' })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
  await closed;
}
