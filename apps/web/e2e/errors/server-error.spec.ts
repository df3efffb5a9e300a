import { expect, type Page, test } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';

const company = demoCompanies.bakery;
const matchNowCall = '**/api/main/transactions/autoUpdateTransaction';

/** Answers a call as the server does when it fails, in its envelope. */
function answerWith(page: Page, url: string, status: number, message: string, code: string) {
  return page.route(url, (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ isSuccess: false, success: false, message, code }),
    }),
  );
}

function serverErrorDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Oops...' });
}

test('a server error opens the "Oops..." dialog, for an action and for a page that loads', async ({
  page,
}) => {
  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${company.alias}/connect-missing`);
  await expect(page.getByTestId('missing-count')).toContainText('of', { timeout: 20_000 });

  await answerWith(page, matchNowCall, 500, 'Something went wrong on our side.', 'INTERNAL_ERROR');
  await page.getByRole('button', { name: 'Match now' }).click();

  const dialog = serverErrorDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Server Error...');
  await expect(dialog.getByTestId('server-error-message')).toHaveText('Something went wrong on our side.');
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong on our side.' })).toHaveCount(
    0,
  );
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  await answerWith(page, '**/api/main/voucher/years?*', 503, 'The database is not answering.', 'UNAVAILABLE');
  await page.goto(`/${company.alias}/voucher`);
  await expect(serverErrorDialog(page)).toBeVisible({ timeout: 20_000 });
  await expect(serverErrorDialog(page).getByTestId('server-error-message')).toHaveText(
    'The database is not answering.',
  );
});

test('a refused action stays a toast with the server’s message, in Norwegian the dialog says "Oi da..."', async ({
  page,
}) => {
  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${company.alias}/connect-missing`);
  await expect(page.getByTestId('missing-count')).toContainText('of', { timeout: 20_000 });

  await answerWith(page, matchNowCall, 409, 'A matching run is already going.', 'CONFLICT');
  await page.getByRole('button', { name: 'Match now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A matching run is already going.' })).toBeVisible();
  await expect(serverErrorDialog(page)).toHaveCount(0);

  await signIn(page, demoUsers.ceo.email, { language: 'no' });
  await answerWith(page, matchNowCall, 502, 'Banken svarte ikke som avtalt.', 'PROVIDER_MISCONFIGURED');
  await page.goto(`/${company.alias}/connect-missing`);
  await page.getByRole('button', { name: 'Avstem nå' }).click();
  const dialog = page.getByRole('dialog', { name: 'Oi da...' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Serverfeil...');
});
