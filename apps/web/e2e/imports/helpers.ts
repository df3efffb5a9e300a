import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import type { DemoCompany } from '../support/demo';
import { readStoredSession } from '../support/session';

export const FIXTURES = path.join(import.meta.dirname, 'fixtures');
export const DNB_STATEMENT = path.join(FIXTURES, 'dnb-statement.csv');
/** The account its statements belong to; a camt.053 file names its own account. */
export const CAMT_STATEMENT = path.join(FIXTURES, 'camt053-statement.xml');
export const CAMT_ACCOUNT = '15037788993';

/** Reading a statement and moving its rows in runs on the server; a busy test machine needs the time. */
export const IMPORT_TIMEOUT_MS = 30_000;
export const FIRST_LOAD_TIMEOUT_MS = 20_000;

const ACCOUNT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/**
 * A Norwegian account number no other test uses: ten random digits and the mod-11 check digit of the
 * spec; a base whose check digit would be 10 has no valid number and is drawn again.
 */
export function uniqueAccountNumber(): string {
  for (;;) {
    const base = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const sum = [...base].reduce(
      (total, digit, index) => total + Number(digit) * (ACCOUNT_WEIGHTS[index] ?? 0),
      0,
    );
    const remainder = sum % 11;
    if (remainder === 1) continue;
    return `${base}${remainder === 0 ? 0 : 11 - remainder}`;
  }
}

/** "1503.77.88993", as the screens show an account number. */
export function formattedAccount(accountNumber: string): string {
  return `${accountNumber.slice(0, 4)}.${accountNumber.slice(4, 6)}.${accountNumber.slice(6)}`;
}

export async function authorization(page: Page): Promise<Record<string, string>> {
  const session = await readStoredSession(page);
  if (!session) throw new Error('Sign in before calling the API');
  return { Authorization: `Bearer ${session.AccessToken}`, language: 'en' };
}

type AccountReply = { data: { Id: number; AccountNumber: string } };
type AccountListReply = { data: { Id: number; AccountNumber: string }[] };

/** Adds a bank account to the company through the API, with the signed-in person's token; an account it already has is reused. */
export async function ensureAccount(
  page: Page,
  company: DemoCompany,
  accountNumber: string,
  name: string,
): Promise<number> {
  const headers = await authorization(page);
  const list = await page.request.get(
    `/api/main/company-banks/fetch-all-company-bank-info-by-company-id?companyId=${company.id}`,
    { headers },
  );
  expect(list.ok()).toBe(true);
  const existing = ((await list.json()) as AccountListReply).data.find(
    (account) => account.AccountNumber === accountNumber,
  );
  if (existing) return existing.Id;
  const added = await page.request.post('/api/main/company-banks/add', {
    headers,
    data: { companyId: company.id, accountNumber, name },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return ((await added.json()) as AccountReply).data.Id;
}

/** Picks an option of a Mantine select by its visible text. */
export async function chooseOption(page: Page, select: Locator, optionText: string) {
  await select.click();
  await page.getByRole('option', { name: optionText }).click();
}

/** The account to import into; a company with one account has it chosen already and the choice locked. */
export async function chooseImportAccount(page: Page, accountLabel: string) {
  const select = page.getByTestId('import-account');
  await expect(select).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  if (await select.isDisabled()) await expect(select).toHaveValue(accountLabel);
  else await chooseOption(page, select, accountLabel);
}

export type ImportOutcome = { imported: number; duplicates: number; refused: number };

/** Runs the import wizard to its end with the detected layout and answers what the import reported. */
export async function importStatement(
  page: Page,
  company: DemoCompany,
  accountLabel: string,
  file: string,
): Promise<ImportOutcome> {
  await page.goto(`/${company.alias}/bank/import-document`);
  await chooseImportAccount(page, accountLabel);
  await page.getByTestId('import-dropzone').locator('input[type="file"]').setInputFiles(file);
  await page.getByTestId('import-upload').click();
  await expect(page.getByTestId('import-preview')).toBeVisible({ timeout: IMPORT_TIMEOUT_MS });
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('check-rows')).toBeVisible({ timeout: IMPORT_TIMEOUT_MS });
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result')).toBeVisible({ timeout: IMPORT_TIMEOUT_MS });
  return {
    imported: Number(await page.getByTestId('result-imported').textContent()),
    duplicates: Number(await page.getByTestId('result-duplicates').textContent()),
    refused: Number(await page.getByTestId('result-refused').textContent()),
  };
}

export function transactionRows(page: Page): Locator {
  return page.locator('[data-testid^="transaction-row-"]');
}
