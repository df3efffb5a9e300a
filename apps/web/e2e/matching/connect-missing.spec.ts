import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  camtAmount,
  countOf,
  createVoucher,
  FIRST_LOAD_TIMEOUT_MS,
  importEntries,
  importEntriesThroughWizard,
  kidNumber,
  missingRow,
  missingRows,
  openConnectMissing,
  randomOre,
  shownAmount,
  uniqueToken,
} from './helpers';

const company = demoCompanies.fishery;

test('an accountant sees what was connected automatically, accepts, rejects, marks private and registers a missing voucher', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const token = uniqueToken();
  const kid = kidNumber();
  const lyseOre = randomOre(1000, 3000);
  const fjordkraftOre = randomOre(3000, 6000);
  const cardOre = randomOre(200, 900);

  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Connect missing vouchers' })
    .click();
  await expect(page).toHaveURL(`/${company.alias}/connect-missing`);
  const automaticBefore = await countOf(page, 'connectedAutomatically');

  await createVoucher(page, company, {
    date: '2026-09-01',
    dueDate: '2026-09-10',
    supplierName: 'Lyse Energi AS',
    amountOre: lyseOre,
  });
  await createVoucher(page, company, {
    date: '2026-08-25',
    dueDate: '2026-09-08',
    supplierName: 'Fjordkraft AS',
    amountOre: fjordkraftOre,
    kid,
  });
  const kiwi = await createVoucher(page, company, {
    date: '2026-09-14',
    supplierName: 'Kiwi Bryggen',
    amountOre: cardOre,
  });
  const rema = await createVoucher(page, company, {
    date: '2026-09-14',
    supplierName: 'Rema Bryggen',
    amountOre: cardOre,
  });
  await importEntriesThroughWizard(page, company, token, [
    { date: '2026-09-12', amount: camtAmount(lyseOre), text: `Giro LYSE ENERGI AS ${token}` },
    { date: '2026-09-08', amount: camtAmount(fjordkraftOre), text: `Nettgiro ${token}`, kid },
    { date: '2026-09-15', amount: camtAmount(cardOre), text: `Kortkjøp ${token} 4411` },
    { date: '2026-09-20', amount: '75.00', text: `Gebyr kontohold ${token}` },
    { date: '2026-09-21', amount: '45.00', text: `Parkering ${token} Bryggen` },
  ]);

  await openConnectMissing(page, company, token);
  await expect
    .poll(() => countOf(page, 'connectedAutomatically'), { timeout: FIRST_LOAD_TIMEOUT_MS })
    .toBeGreaterThanOrEqual(automaticBefore + 2);
  await expect(missingRows(page)).toHaveCount(3);
  await expect(missingRow(page, `Giro LYSE ENERGI AS ${token}`)).toHaveCount(0);
  await expect(missingRow(page, `Nettgiro ${token}`)).toHaveCount(0);

  const card = missingRow(page, `Kortkjøp ${token}`);
  await expect(card.getByTestId(/^suggestion-/)).toHaveCount(2);
  await expect(card.getByTestId(`suggestion-${kiwi}`)).toContainText('Same amount');
  await expect(card.getByTestId(`suggestion-${kiwi}`)).toContainText('1 day apart');
  await expect(card.getByTestId(`suggestion-${kiwi}`)).toContainText(shownAmount(cardOre));
  await expect(missingRow(page, `Gebyr kontohold ${token}`).getByTestId('no-suggestions')).toBeVisible();
  await expect(page.getByTestId('keyboard-help')).toContainText('connect the best suggestion');
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole('button', { name: `Reject voucher ${rema} from Rema Bryggen` }).click();
  await expect(page.getByText('The suggestion was rejected and will not be made again.')).toBeVisible();
  await expect(card.getByTestId(/^suggestion-/)).toHaveCount(1);
  await page.getByRole('button', { name: 'Match now' }).click();
  await expect(page.getByText(/Matching done\. Connected: \d+/)).toBeVisible();
  await expect(card.getByTestId(/^suggestion-/)).toHaveCount(1);
  await expect(card.getByTestId(`suggestion-${rema}`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Learn from history and match' }).click();
  await expect(page.getByText(/^Learned from \d+ earlier connections\./)).toBeVisible();
  await expect(card.getByTestId(`suggestion-${rema}`)).toHaveCount(0);

  const connectedBefore = await countOf(page, 'connected');
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(card).toHaveCount(0);
  await expect(missingRows(page)).toHaveCount(2);
  // The counts are asked for again after the connection is stored, a moment after the row has gone.
  await expect
    .poll(() => countOf(page, 'connected'), { timeout: FIRST_LOAD_TIMEOUT_MS })
    .toBeGreaterThanOrEqual(connectedBefore + 1);

  await missingRow(page, `Gebyr kontohold ${token}`).getByRole('button', { name: 'Mark private' }).click();
  await expect(page.getByText('The transaction was marked private.')).toBeVisible();
  await expect(missingRow(page, `Gebyr kontohold ${token}`)).toHaveCount(0);

  await missingRow(page, `Parkering ${token}`).getByRole('button', { name: 'Voucher missing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Voucher missing' });
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Parkeringsautomaten ga ingen kvittering');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(missingRows(page)).toHaveCount(0);
  await expect(page.getByTestId('missing-list-empty')).toBeVisible();

  await page.getByTestId('filter-status').click();
  await page.getByRole('option', { name: 'Private' }).click();
  await expect(missingRow(page, `Gebyr kontohold ${token}`)).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await page.getByTestId('filter-status').click();
  await page.getByRole('option', { name: 'Voucher lost' }).click();
  await expect(missingRow(page, `Parkering ${token}`)).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
});

test('one payment of two invoices is connected once the sums agree to the øre', async ({ page }) => {
  test.setTimeout(180_000);
  const token = uniqueToken();
  const firstOre = randomOre(1000, 2000);
  const secondOre = randomOre(300, 900);

  await signIn(page, demoUsers.accountant.email);
  const first = await createVoucher(page, company, {
    date: '2026-07-01',
    supplierName: `Havbruk ${token} Utstyr`,
    amountOre: firstOre,
  });
  const second = await createVoucher(page, company, {
    date: '2026-07-02',
    supplierName: `Havbruk ${token} Service`,
    amountOre: secondOre,
  });
  await importEntries(page, company, token, [
    { date: '2026-07-20', amount: camtAmount(firstOre + secondOre), text: `Samlet betaling ${token}` },
  ]);

  await openConnectMissing(page, company, token);
  const row = missingRow(page, `Samlet betaling ${token}`);
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await page.getByTestId('connect-several').click();
  const dialog = page.getByRole('dialog', { name: 'Connect transactions and vouchers' });
  await dialog.getByRole('textbox', { name: "Search the company's vouchers" }).fill(`Havbruk ${token}`);
  await dialog
    .getByRole('checkbox', { name: new RegExp(`voucher ${first} from Havbruk ${token} Utstyr`) })
    .check();
  await expect(dialog.getByTestId('sum-transactions')).toHaveText(
    `-${shownAmount(firstOre + secondOre)}\u00A0NOK`,
  );
  await expect(dialog.getByTestId('sum-vouchers')).toHaveText(`${shownAmount(firstOre)}\u00A0NOK`);
  await expect(dialog.getByTestId('sum-difference')).toHaveText(
    `The sums differ by ${shownAmount(secondOre)}\u00A0NOK`,
  );
  await expect(dialog.getByRole('button', { name: 'Connect' })).toBeEnabled();

  await dialog
    .getByRole('checkbox', { name: new RegExp(`voucher ${second} from Havbruk ${token} Service`) })
    .check();
  await expect(dialog.getByTestId('sum-difference')).toHaveText('The sums match');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 connections made.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the voucher page shows its bank transactions: an automatic one removed stays only a suggestion, a suggested one connected', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = uniqueToken();
  const boatOre = randomOre(3000, 9000);
  const marinaOre = randomOre(1000, 3000);

  await signIn(page, demoUsers.accountant.email);
  const boat = await createVoucher(page, company, {
    date: '2026-06-01',
    dueDate: '2026-06-10',
    supplierName: 'Båtservice Nord AS',
    amountOre: boatOre,
  });
  const marinaWest = await createVoucher(page, company, {
    date: '2026-06-14',
    supplierName: 'Marina Vest AS',
    amountOre: marinaOre,
  });
  await createVoucher(page, company, {
    date: '2026-06-14',
    supplierName: 'Marina Øst AS',
    amountOre: marinaOre,
  });
  await importEntries(page, company, token, [
    { date: '2026-06-10', amount: camtAmount(boatOre), text: `Giro BÅTSERVICE NORD AS ${token}` },
    { date: '2026-06-15', amount: camtAmount(marinaOre), text: `Kortkjøp ${token} 5522` },
  ]);

  await page.goto(`/${company.alias}/voucher/${boat}`);
  const card = page.getByRole('region', { name: 'Bank transactions' });
  const connected = card.getByTestId(/^connected-transaction-/);
  await expect(connected).toContainText(`Giro BÅTSERVICE NORD AS ${token}`, {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(connected).toContainText('Automatically');
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole('button', { name: /^Remove connection to transaction \d+/ }).click();
  await page.getByTestId('confirm-remove-connection').click();
  await expect(page.getByText('The connection was removed.')).toBeVisible();
  await expect(card.getByTestId(/^connected-transaction-/)).toHaveCount(0);
  await expect(card.getByTestId(/^suggested-transaction-/)).toContainText(`Giro BÅTSERVICE NORD AS ${token}`);

  await openConnectMissing(page, company, token);
  await expect(missingRow(page, `Giro BÅTSERVICE NORD AS ${token}`)).toBeVisible();
  await page.getByRole('button', { name: 'Match now' }).click();
  await expect(page.getByText(/Matching done\./)).toBeVisible();
  const boatRow = missingRow(page, `Giro BÅTSERVICE NORD AS ${token}`);
  await expect(boatRow).toBeVisible();
  await expect(boatRow.getByTestId(`suggestion-${boat}`)).toHaveCount(1);

  await page.goto(`/${company.alias}/voucher/${marinaWest}`);
  const suggested = card.getByTestId(/^suggested-transaction-/);
  await expect(suggested).toContainText(`Kortkjøp ${token} 5522`, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(suggested).toContainText('Same amount');
  await expect(suggested).toContainText('1 day apart');
  await card.getByRole('button', { name: /^Connect transaction \d+: Kortkjøp/ }).click();
  await expect(connected).toContainText(`Kortkjøp ${token} 5522`);
  await expect(connected).toContainText('Accepted suggestion');
});
