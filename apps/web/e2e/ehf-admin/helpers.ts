import { expect, type Page } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn, type UiLanguage } from '../support/session';

export const FIRST_LOAD_TIMEOUT_MS = 20_000;

/** A valid organisation number (MOD11) no other run uses. */
export function newOrganisationNumber(): string {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const first = String(80_000_000 + Math.floor(Math.random() * 19_999_999));
    const sum = weights.reduce((total, weight, index) => total + weight * Number(first[index]), 0);
    const check = 11 - (sum % 11);
    if (check === 10) continue;
    return `${first}${check === 11 ? 0 : check}`;
  }
}

/** Signs the administrator in and opens an admin page of the bureau from the main menu. */
export async function openAdminPage(
  page: Page,
  menuLabel: string,
  path: string,
  language: UiLanguage = 'en',
) {
  await signIn(page, demoUsers.admin.email, { language });
  await page.goto(`/${demoCompanies.bureau.alias}/`);
  await page
    .getByRole('navigation', { name: language === 'en' ? 'Main menu' : 'Hovedmeny' })
    .getByRole('link', { name: menuLabel })
    .click();
  await expect(page).toHaveURL(`/${demoCompanies.bureau.alias}/${path}`);
}
