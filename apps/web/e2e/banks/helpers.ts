import { accountNumberCheckDigit, formatAccountNumber } from '@bilag/domain/validators/account-number';
import { expect, type Locator, type Page } from '@playwright/test';

/** A first visit loads the screen's code and its calls; a busy test machine needs the time. */
export const FIRST_LOAD_TIMEOUT_MS = 20_000;

export type TestAccountNumber = { digits: string; formatted: string; withWrongCheckDigit: string };

/**
 * A valid account number of the bank with this registration number that no other test (or earlier
 * run against the same server) uses, and the same number with a check digit that does not match.
 */
export function newAccountNumber(registrationNumber: string): TestAccountNumber {
  for (;;) {
    const firstTen = `${registrationNumber}${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    const checkDigit = accountNumberCheckDigit(firstTen);
    if (checkDigit === undefined) continue;
    const digits = `${firstTen}${checkDigit}`;
    return {
      digits,
      formatted: formatAccountNumber(digits),
      withWrongCheckDigit: formatAccountNumber(`${firstTen}${(checkDigit + 1) % 10}`),
    };
  }
}

export async function openBankAccounts(page: Page, companyAlias: string) {
  await page.goto(`/${companyAlias}/bank-management`);
  await expect(page.getByTestId('bank-account-count')).not.toHaveText(' ', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
}

export function accountRow(page: Page, text: string): Locator {
  return page.getByTestId(/^bank-account-row-/).filter({ hasText: text });
}

/** The accounts' names or numbers in the order the list shows them. */
export async function shownAccountOrder(page: Page): Promise<string[]> {
  return page.getByTestId(/^bank-account-row-/).allTextContents();
}

export async function openAccountAction(page: Page, accountLabel: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${accountLabel}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}
