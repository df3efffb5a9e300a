import type { Consent, ConsentStarted, ConsentsOfCompany } from '@bilag/contracts';
import { addDays, type IsoDate } from '@bilag/domain/dates/norwegian-dates';
import { expect, type Locator, type Page } from '@playwright/test';
import { authorization } from '../imports/helpers';
import { FIRST_LOAD_TIMEOUT_MS, todayInNorway } from '../payments/helpers';
import { dataOf } from '../support/api';
import type { DemoCompany } from '../support/demo';

/** The sandbox's test people (apps/sandbox/src/platform/world.ts) and how BankID ends for each at a bank. */
export const consentPeople = {
  /** Approves everything, for every account of the bakery. */
  kari: '12857910093',
  /** BankID rejects the login. */
  rejecter: '21919010182',
} as const;

/** The bakery's two DNB accounts in the product's demo data and in the sandbox bank. */
export const bakeryAccounts = { operating: '15030123457', tax: '15039876547' } as const;

/** The sandbox's DNB in the product's bank registry. */
export const DNB_NAME = /DNB/;

/** A time long enough for the bank, the callback and the first read to follow each other. */
export const BANK_ROUND_TRIP_MS = 30_000;

export function daysFromToday(days: number): IsoDate {
  return addDays(todayInNorway(), days);
}

/** The registry id of the company's DNB, as the consent's bank templates name it. */
async function dnbBankId(page: Page, company: DemoCompany): Promise<number> {
  const templates = await dataOf<{ bankId: number; name: string; accountNumbers: string[] }[]>(
    await page.request.get(`/api/consent/bank-templates/${company.id}`, {
      headers: await authorization(page),
    }),
  );
  const dnb = templates.find(
    (template) => DNB_NAME.test(template.name) && template.accountNumbers.length > 0,
  );
  if (!dnb) throw new Error(`${company.name} has no DNB accounts to make a consent for`);
  return dnb.bankId;
}

/** Asks DNB for a consent through the API, as the create dialog does; answers the bank's page to approve it on. */
export async function startConsent(
  page: Page,
  company: DemoCompany,
  { validUntil, accountNumbers }: { validUntil?: IsoDate; accountNumbers?: string[] } = {},
) {
  return dataOf<ConsentStarted>(
    await page.request.post('/api/consent/create', {
      headers: await authorization(page),
      data: {
        companyId: company.id,
        bankId: await dnbBankId(page, company),
        accountNumbers: accountNumbers ?? [bakeryAccounts.operating, bakeryAccounts.tax],
        ...(validUntil ? { validUntil } : {}),
        callbackUrl: `/${company.alias}/consent`,
      },
    }),
  );
}

/** On the bank's consent page: logs in with BankID as the person (where the product named nobody) and decides. */
export async function decideConsentAtBank(
  page: Page,
  decision: 'Approve' | 'Reject',
  ssn = consentPeople.kari,
) {
  await expect(page.getByRole('heading', { name: 'Share account information', level: 1 })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  const identity = page.getByRole('textbox', { name: 'National identity number (11 digits)' });
  if (await identity.isEditable()) await identity.fill(ssn);
  await page.getByRole('button', { name: 'Log in with BankID' }).click();
  await page.getByRole('button', { name: decision, exact: true }).click();
}

/**
 * A consent approved at the bank and back through the callback page, which leads on to the consent page.
 * The bank returns to the server's public address (localhost), another origin than the tests' with
 * another session store, so a test goes on from its own address.
 */
export async function approvedConsent(
  page: Page,
  company: DemoCompany,
  options: { validUntil?: IsoDate } = {},
): Promise<Consent> {
  const started = await startConsent(page, company, options);
  await page.goto(started.scaRedirectUrl);
  await decideConsentAtBank(page, 'Approve');
  await expect(page.getByRole('heading', { name: 'The bank is connected' })).toBeVisible({
    timeout: BANK_ROUND_TRIP_MS,
  });
  await page.waitForURL(`**/${company.alias}/consent`);
  return started.consent;
}

export async function consentsNow(page: Page, company: DemoCompany) {
  return dataOf<ConsentsOfCompany>(
    await page.request.get(`/api/consent/by-company?companyId=${company.id}`, {
      headers: await authorization(page),
    }),
  );
}

export async function consentNow(page: Page, company: DemoCompany, consentId: number) {
  const consent = (await consentsNow(page, company)).consents.find((row) => row.id === consentId);
  if (!consent) throw new Error(`${company.name} has no consent ${consentId}`);
  return consent;
}

/** One consent's card on the consent page; other tests make consents for the same company beside it. */
export function consentCard(page: Page, consentId: number): Locator {
  return page.locator(`[data-testid="consent-card"][data-consent-id="${consentId}"]`);
}

export async function openConsentPage(page: Page, company: DemoCompany) {
  await page.goto(`/${company.alias}/consent`);
  await expect(page.getByRole('heading', { name: 'Bank consents', level: 1 })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
}
