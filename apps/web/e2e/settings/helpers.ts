import type { Onboarding } from '@bilag/contracts';
import { expect, type Page } from '@playwright/test';
import { FIRST_LOAD_TIMEOUT_MS } from '../payments/helpers';
import { dataOf } from '../support/api';
import type { DemoCompany } from '../support/demo';

type Headers = Record<string, string>;

/** The sandbox's test person who signs for every company of its register (apps/sandbox/src/platform/world.ts). */
export const SIGNATORY_SSN = '12857910093';

export async function openSettings(page: Page, company: DemoCompany) {
  await page.goto(`/${company.alias}/setting`);
  await expect(page.getByTestId('settings-progress')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
}

/** The company's onboarding; reading a pending or just signed one asks the payment service again. */
export async function onboardingNow(page: Page, headers: Headers, company: DemoCompany) {
  return dataOf<Onboarding>(await page.request.get(`/api/consent/onboarding/${company.id}`, { headers }));
}

/** Starts the company's onboarding through the API, as the settings page's button does. */
export async function startOnboarding(page: Page, headers: Headers, company: DemoCompany) {
  return dataOf<Onboarding>(await page.request.post(`/api/consent/onboarding/${company.id}`, { headers }));
}

/** The signatory signs on the payment service's page, as its form posts it. */
export async function signAtProvider(page: Page, signUrl: string, ssn = SIGNATORY_SSN) {
  const reply = await page.request.post(signUrl, {
    form: { action: 'sign', ssn },
    maxRedirects: 0,
  });
  expect(reply.status(), await reply.text()).toBe(303);
}
