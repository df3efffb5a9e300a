import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { dataOf } from '../support/api';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  accountantCaller,
  FIRST_LOAD_TIMEOUT_MS,
  givenMonthBooks,
  markPrivate,
  monthRow,
  readMonth,
} from './helpers';

const company = demoCompanies.bakery;

test('the company’s manager closes a month nothing blocks, and it shows as locked', async ({ page }) => {
  test.setTimeout(120_000);
  const caller = await accountantCaller(page);
  const books = await givenMonthBooks(page, caller, company, 3, { entryCount: 2 });
  await markPrivate(page, caller, company, books);

  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${company.alias}/period/${books.month}`);
  await expect(page.getByTestId('period-ready')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(page.getByTestId(`period-account-${books.accountId}`).getByTestId('period-proof')).toHaveText(
    'Adds up',
  );
  await page.getByTestId('period-close').click();
  const dialog = page.getByRole('dialog', { name: `Close March ${books.year}?` });
  await expect(dialog).toContainText('The month is closed for every bank account at once.');
  await dialog.getByRole('button', { name: 'Close month' }).click();
  await expect(page.getByText('The month is closed.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('period-state').first()).toHaveText('Closed');
  await expect(page.getByTestId('period-closed')).toContainText(`by ${demoUsers.ceo.fullName}`);
  await expect(page.getByTestId('period-closed')).toContainText('The month is locked');
  await expect(page.getByTestId('period-archive')).toBeVisible();
  // Reopening is for the bureau's accountants.
  await expect(page.getByTestId('period-reopen')).toHaveCount(0);
  await expect(page.getByTestId('period-close')).toHaveCount(0);
  await expect(page.getByTestId('period-history').getByTestId('period-history-entry')).toHaveCount(1);

  await page.getByRole('link', { name: `Period close ${books.year}` }).click();
  const row = monthRow(page, books.month);
  await expect(row.getByTestId('period-state')).toHaveText('Closed');
  await expect(row.getByTestId('period-closed')).toContainText(demoUsers.ceo.fullName);
});

test('an accountant closes a blocked month by accepting each blocker with a reason, and downloads its archive', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const caller = await accountantCaller(page);
  const books = await givenMonthBooks(page, caller, company, 4, { entryCount: 2, closingGapOre: 5_000 });
  const unexplainedKey = `unexplained:${books.accountId}`;
  const differenceKey = `difference:${books.accountId}`;

  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/period/${books.month}`);
  await page.getByRole('button', { name: 'Close with 2 exceptions' }).click();
  const dialog = page.getByRole('dialog', { name: `Close April ${books.year} with exceptions` });
  await expect(dialog.getByTestId(`period-exception-${differenceKey}`)).toBeFocused();

  // Every blocker needs its own reason of at least ten characters.
  await dialog.getByRole('button', { name: 'Close with 2 exceptions' }).click();
  await expect(dialog.getByText('Write at least 10 characters.')).toHaveCount(2);
  await dialog.getByTestId(`period-exception-${differenceKey}`).fill('Bank fee');
  await expect(dialog).toContainText('8 characters (at least 10, at most 1000)');
  await dialog.getByRole('button', { name: 'Close with 2 exceptions' }).click();
  await expect(dialog.getByText('Write at least 10 characters.')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('exceptions-dialog-en.png') });
  expect(await seriousViolations(page)).toEqual([]);

  const differenceReason = 'The bank books its quarterly fee on the first day of the next month.';
  const unexplainedReason = 'Receipts are with the auditor and are connected next week.';
  await dialog.getByTestId(`period-exception-${differenceKey}`).fill(differenceReason);
  await dialog.getByTestId(`period-exception-${unexplainedKey}`).fill(unexplainedReason);
  await dialog.getByRole('button', { name: 'Close with 2 exceptions' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The month is closed.')).toBeVisible();

  const closed = page.getByTestId('period-closed');
  await expect(closed).toContainText(`by ${demoUsers.accountant.fullName}`);
  await expect(closed).toContainText('Closed with 2 exceptions:');
  await expect(closed.getByTestId(`period-exception-${differenceKey}`)).toContainText(differenceReason);
  await expect(closed.getByTestId(`period-exception-${unexplainedKey}`)).toContainText(unexplainedReason);
  await expect(page.getByTestId('period-history')).toContainText('With 2 exceptions');
  await page.screenshot({ path: test.info().outputPath('closed-en.png'), fullPage: true });

  const [download, archiveReply] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((response) => response.url().includes(`/api/main/periods/${books.month}/archive`)),
    page.getByRole('button', { name: 'Download archive' }).click(),
  ]);
  expect(archiveReply.status()).toBe(200);
  expect(archiveReply.headers()['content-type']).toContain('application/zip');
  expect(download.suggestedFilename()).toBe(`${company.alias}-${books.month}.zip`);
  const archive = await readFile(await download.path());
  expect(archive.subarray(0, 2).toString('latin1')).toBe('PK');
});

test('an accountant reopens a closed month with a reason, which stays in its history', async ({ page }) => {
  test.setTimeout(120_000);
  const caller = await accountantCaller(page);
  const books = await givenMonthBooks(page, caller, company, 5, { entryCount: 1 });
  await markPrivate(page, caller, company, books);
  await dataOf(
    await page.request.post(`/api/main/periods/${books.month}/close`, {
      headers: caller.headers,
      data: { companyId: company.id, exceptions: [] },
    }),
  );

  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/period/${books.month}`);
  await expect(page.getByTestId('period-state').first()).toHaveText('Closed', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await page.getByTestId('period-reopen').click();
  const dialog = page.getByRole('dialog', { name: `Reopen May ${books.year}` });
  await expect(dialog.getByRole('textbox', { name: 'Why is the month reopened?' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Reopen month' }).click();
  await expect(dialog.getByText('Write at least 10 characters.')).toBeVisible();

  const reason = 'A supplier credit note for May arrived after the closing.';
  await dialog.getByRole('textbox', { name: 'Why is the month reopened?' }).fill(reason);
  await dialog.getByRole('button', { name: 'Reopen month' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The month is reopened.')).toBeVisible();

  await expect(page.getByTestId('period-state').first()).toHaveText('Ready to close');
  await expect(page.getByTestId('period-close')).toBeEnabled();
  const history = page.getByTestId('period-history').getByTestId('period-history-entry');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toHaveAttribute('data-kind', 'reopened');
  await expect(history.first()).toContainText(reason);
  await expect(history.first()).toContainText(`by ${demoUsers.accountant.fullName}`);
  await expect(history.last()).toHaveAttribute('data-kind', 'closed');
  expect((await readMonth(page, caller, company, books.month)).state).toBe('ready');
});

test('a change to a transaction of a closed month is refused with the server’s reason', async ({ page }) => {
  test.setTimeout(120_000);
  const caller = await accountantCaller(page);
  const books = await givenMonthBooks(page, caller, company, 6, { entryCount: 2 });
  await dataOf(
    await page.request.post(`/api/main/periods/${books.month}/close`, {
      headers: caller.headers,
      data: {
        companyId: company.id,
        exceptions: [
          { key: `unexplained:${books.accountId}`, reason: 'Closed with the receipts still missing.' },
        ],
      },
    }),
  );
  const refusal = `The month ${books.month} is closed, so its transactions, their connections and its vouchers cannot be changed.`;

  await signIn(page, demoUsers.accountant.email);
  await page.goto(
    `/${company.alias}/bank?year=${books.year}&month=${books.monthNumber}&account=${books.accountId}&status=1`,
  );
  const rows = page.locator('[data-testid^="transaction-row-"]');
  await expect(rows).toHaveCount(2, { timeout: FIRST_LOAD_TIMEOUT_MS });
  const first = rows.first();
  await first.getByRole('checkbox').check();
  await page.getByTestId('bulk-private').click();
  await expect(page.getByText(refusal)).toBeVisible();
  await expect(first).toContainText('Missing voucher');

  await first.click();
  const drawer = page.getByRole('dialog', { name: /Transaction \d+/ });
  await drawer.getByTestId('field-note').fill('Kaffe til møtet');
  await drawer.getByTestId('field-note').press('Control+Enter');
  await expect(page.getByText(refusal).last()).toBeVisible();
});
