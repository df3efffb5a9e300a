import { readFile } from 'node:fs/promises';
import {
  type ConsentStatisticReply,
  type PaymentStatisticReply,
  VAT_RATES,
  type VatRateTotal,
  type VatStatisticReply,
} from '@bilag/contracts';
import { expect, type Page, test } from '@playwright/test';
import { approvedConsent, daysFromToday } from '../consents/helpers';
import { receiveEhf, sendExampleEhf } from '../inbox/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  CHART_LOAD_TIMEOUT_MS,
  columnNumbers,
  csvOre,
  expectChartDrawn,
  monthInNorway,
  monthRowLabel,
  paymentRefusedByBank,
  receivedEhfDocument,
  replyThePageGets,
  revokeConsent,
  shownOre,
} from './helpers';

/**
 * The bakery's books run up to today, so its last twelve months have vouchers, transactions and a payment.
 * It is also the company the inbox, EHF and consent specs send to and make consents for, so what these
 * tests add there is what those specs already expect to see beside their own.
 */
const bakery = demoCompanies.bakery;

/** The basis and the VAT of each standard rate (25, 15, 12, 0 %) in a term or a year, as the table adds them. */
function byStandardRate(totals: readonly VatRateTotal[]) {
  return VAT_RATES.map((rate) => {
    const ofRate = totals.filter((total) => total.rate === rate);
    return {
      rate,
      taxableOre: ofRate.reduce((sum, total) => sum + total.taxableOre, 0),
      taxOre: ofRate.reduce((sum, total) => sum + total.taxOre, 0),
    };
  });
}

/** A received EHF invoice with VAT at 25, 15, 12 and 0 %, and the year and term of its issue date. */
async function invoiceWithEveryRate(page: Page) {
  await receiveEhf(page, bakery);
  const documentNumber = await sendExampleEhf(page, bakery, 'conference-invoice');
  const invoice = await receivedEhfDocument(page, bakery, documentNumber);
  const issueDate = invoice.issueDate ?? '';
  expect(issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return {
    invoice,
    year: issueDate.slice(0, 4),
    term: Math.ceil(Number(issueDate.slice(5, 7)) / 2),
  };
}

test('the statistics page shows a headline of each statistic and opens its page', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${bakery.alias}/statistics`);
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
  for (const statistic of ['voucher', 'bank', 'payment', 'vat', 'consent']) {
    await expect(
      page.getByTestId(`statistic-card-${statistic}`).getByTestId('statistic-headline'),
    ).toBeVisible({
      timeout: CHART_LOAD_TIMEOUT_MS,
    });
  }
  const vouchers = page.getByTestId('statistic-card-voucher');
  const headline = Number(await vouchers.getByTestId('statistic-headline').textContent());
  expect(headline).toBeGreaterThan(0);
  await vouchers.click();
  await expect(page).toHaveURL(`/${bakery.alias}/statistic/voucher`);
  await expect(
    page.getByTestId('voucher-table').getByTestId('statistic-total').locator('[data-column="count"]'),
  ).toHaveText(String(headline));
});

test('the voucher statistic draws its months and lists the same numbers in its table', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${bakery.alias}/statistic/voucher`);
  await expect(page.getByRole('heading', { name: 'Voucher statistics', level: 1 })).toBeVisible();
  await expectChartDrawn(page.getByTestId('voucher-chart-section'));

  const table = page.getByTestId('voucher-table');
  await expect(table.getByTestId('statistic-row')).toHaveCount(12);
  await expect(table.getByRole('rowheader', { name: monthRowLabel(monthInNorway(), 'en') })).toBeVisible();
  const perMonth = await columnNumbers(table, 'count');
  const total = Number(
    await table.getByTestId('statistic-total').locator('[data-column="count"]').textContent(),
  );
  expect(total).toBeGreaterThan(0);
  expect(perMonth.reduce((sum, count) => sum + count, 0)).toBe(total);
  // The chart's bars are the table's months: one group of bars per row.
  await expect(
    page
      .getByTestId('voucher-chart-section')
      .locator('.recharts-bar-rectangle')
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the bank statistic shows explained and missing per month and the days to a voucher', async ({
  page,
}) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${bakery.alias}/statistic/bank`);
  await expectChartDrawn(page.getByTestId('bank-chart-section'));
  await expectChartDrawn(page.getByTestId('bank-days-section'));

  const table = page.getByTestId('bank-table');
  await expect(table.getByTestId('statistic-row')).toHaveCount(12);
  const transactions = await columnNumbers(table, 'transactions');
  const explained = await columnNumbers(table, 'explained');
  const missing = await columnNumbers(table, 'missing');
  expect(transactions.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
  transactions.forEach((count, index) => {
    expect((explained[index] ?? 0) + (missing[index] ?? 0)).toBe(count);
  });
  await expect(page.getByTestId('bank-accounts-table')).toContainText('15030123457');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the payment statistic counts the payments by status and makes a payment the bank refused stand out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.accountant.email);
  await paymentRefusedByBank(page, bakery);
  // The refused payment falls due in the coming days, so the period reaches next month.
  const period = `from=${monthInNorway(-10)}&to=${monthInNorway(1)}`;
  const statistic = await replyThePageGets<PaymentStatisticReply>(page, 'payment', () =>
    page.goto(`/${bakery.alias}/statistic/payment?${period}`),
  );
  await expectChartDrawn(page.getByTestId('payment-chart-section'));
  await expect(page.getByTestId('payment-table').getByTestId('statistic-row')).toHaveCount(12);

  const { counter } = statistic;
  expect(counter.totalFailed).toBeGreaterThan(0);
  await expect(page.getByTestId('payment-counter-total').getByTestId('counter-value')).toHaveText(
    String(counter.total),
  );
  await expect(page.getByTestId('payment-counter-forApproval').getByTestId('counter-value')).toHaveText(
    String(counter.forApproval),
  );
  const failed = page.getByTestId('payment-counter-failed');
  await expect(failed.getByTestId('counter-value')).toHaveText(String(counter.totalFailed));
  await expect(failed).toHaveCSS('background-color', 'rgb(255, 245, 245)');
  await expect(page.getByTestId('payment-failed-alert')).toContainText(
    counter.totalFailed === 1 ? '1 payment failed' : `${counter.totalFailed} payments failed`,
  );
  await expect(page.getByRole('link', { name: 'Open the failed payments' })).toHaveAttribute(
    'href',
    `/${bakery.alias}/payments/payment-list?status=2&from=none`,
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test('choosing a period asks for its months and keeps them in the address', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${bakery.alias}/statistic/voucher`);
  await expect(page.getByTestId('voucher-table')).toBeVisible({ timeout: CHART_LOAD_TIMEOUT_MS });
  await expect(page.getByTestId('statistic-preset-last12Months')).toHaveAttribute('aria-pressed', 'true');

  const lastYear = Number(monthInNorway().slice(0, 4)) - 1;
  const [lastYearRequest] = await Promise.all([
    page.waitForRequest((request) => request.url().includes('/api/statistic/voucher?')),
    page.getByRole('button', { name: 'Last year' }).click(),
  ]);
  const asked = new URL(lastYearRequest.url()).searchParams;
  expect([asked.get('from'), asked.get('to')]).toEqual([`${lastYear}-01`, `${lastYear}-12`]);
  await expect(page).toHaveURL(`/${bakery.alias}/statistic/voucher?from=${lastYear}-01&to=${lastYear}-12`);
  await expect(page.getByTestId('statistic-preset-lastYear')).toHaveAttribute('aria-pressed', 'true');

  const thisMonth = monthInNorway();
  await page.getByTestId('statistic-from').click();
  const [fromRequest] = await Promise.all([
    page.waitForRequest((request) => request.url().includes('/api/statistic/voucher?')),
    page.getByRole('option', { name: monthRowLabel(thisMonth, 'en') }).click(),
  ]);
  // A first month after the last one moves the last one along.
  const movedTo = new URL(fromRequest.url()).searchParams;
  expect([movedTo.get('from'), movedTo.get('to')]).toEqual([thisMonth, thisMonth]);
  await expect(page.getByTestId('voucher-table').getByTestId('statistic-row')).toHaveCount(1);
});

test('another company opens on the same statistic and period', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${bakery.alias}/statistic/bank?from=2026-01&to=2026-06`);
  await page.getByTestId('statistic-company').click();
  await page.getByRole('option', { name: demoCompanies.construction.name }).click();
  await expect(page).toHaveURL(`/${demoCompanies.construction.alias}/statistic/bank?from=2026-01&to=2026-06`);
  await expect(page.getByTestId('statistic-company')).toHaveValue(demoCompanies.construction.name);
});

test('the VAT statistic shows a received EHF invoice by rate in its term and exports the table as CSV', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { invoice, year, term } = await invoiceWithEveryRate(page);
  await signIn(page, demoUsers.accountant.email);
  const statistic = await replyThePageGets<VatStatisticReply>(page, 'mva', () =>
    page.goto(`/${bakery.alias}/statistic/mva?year=${year}`),
  );
  expect(statistic.year).toBe(Number(year));
  await expectChartDrawn(page.getByTestId('vat-chart-section'));

  // The invoice is in its term: every rate it has is there with at least its basis and VAT.
  const termOfInvoice = statistic.terms.find((candidate) => candidate.term === term);
  expect(termOfInvoice, JSON.stringify(statistic)).toBeDefined();
  const termRates = byStandardRate(termOfInvoice?.rates ?? []);
  expect(invoice.vatRates.map((rate) => Number(rate.percent)).sort()).toEqual([0, 12, 15, 25]);
  for (const invoiceRate of invoice.vatRates) {
    const shown = termRates.find((candidate) => candidate.rate === Number(invoiceRate.percent));
    expect(shown?.taxableOre).toBeGreaterThanOrEqual(invoiceRate.taxableAmountOre);
    expect(shown?.taxOre).toBeGreaterThanOrEqual(invoiceRate.taxAmountOre);
  }

  const table = page.getByTestId('vat-table');
  await expect(table.getByTestId('statistic-row')).toHaveCount(6);
  await expect(table.getByTestId('statistic-row').first().getByRole('rowheader')).toHaveText(
    'Term 1 (Jan–Feb)',
  );
  const termRow = table.getByTestId('statistic-row').nth(term - 1);
  for (const [index, shown] of termRates.entries()) {
    await expect(termRow.locator(`[data-column="taxable${index}"]`)).toHaveText(shownOre(shown.taxableOre));
    await expect(termRow.locator(`[data-column="tax${index}"]`)).toHaveText(shownOre(shown.taxOre));
  }
  await expect(termRow.locator('[data-column="tax"]')).toHaveText(shownOre(termOfInvoice?.taxOre ?? 0));
  await expect(table.getByTestId('statistic-total').locator('[data-column="tax"]')).toHaveText(
    shownOre(statistic.taxOre),
  );
  await expect(table.getByRole('columnheader', { name: 'Rate 25%' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`mva-${year}.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).replace('\uFEFF', '').split('\r\n');
  expect(lines[0]).toBe(
    'Term;From;To;Basis 25%;VAT 25%;Basis 15%;VAT 15%;Basis 12%;VAT 12%;Basis 0%;VAT 0%;Basis total;VAT total',
  );
  const month = (number: number) => `${year}-${String(number).padStart(2, '0')}`;
  expect(lines[term]).toBe(
    [
      String(term),
      month(term * 2 - 1),
      month(term * 2),
      ...termRates.flatMap((shown) => [csvOre(shown.taxableOre, '.'), csvOre(shown.taxOre, '.')]),
      csvOre(termOfInvoice?.taxableOre ?? 0, '.'),
      csvOre(termOfInvoice?.taxOre ?? 0, '.'),
    ].join(';'),
  );
  expect(lines[7]).toBe(
    `Total;${year}-01;${year}-12;${byStandardRate(statistic.rates)
      .flatMap((shown) => [csvOre(shown.taxableOre, '.'), csvOre(shown.taxOre, '.')])
      .join(';')};${csvOre(statistic.taxableOre, '.')};${csvOre(statistic.taxOre, '.')}`,
  );

  const [yearRequest] = await Promise.all([
    page.waitForRequest((request) => request.url().includes('/api/statistic/mva?')),
    page
      .getByTestId('vat-year')
      .click()
      .then(() => page.getByRole('option', { name: String(Number(year) - 1) }).click()),
  ]);
  expect(new URL(yearRequest.url()).searchParams.get('year')).toBe(String(Number(year) - 1));
  expect(await seriousViolations(page)).toEqual([]);
});

test('a year without EHF invoices says so on the VAT page', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${demoCompanies.fishery.alias}/statistic/mva?year=2020`);
  await expect(page.getByTestId('statistic-empty')).toContainText(
    'No EHF invoice with VAT became a voucher in 2020',
  );
});

test('the consent statistic shows a consent ending within the fortnight in red, by state and days left', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, demoUsers.accountant.email);
  const consent = await approvedConsent(page, bakery, { validUntil: daysFromToday(5) });
  try {
    const statistic = await replyThePageGets<ConsentStatisticReply>(page, 'ztl', () =>
      page.goto(`/${bakery.alias}/statistic/ztl`),
    );
    await expectChartDrawn(page.getByTestId('consent-status-section'));
    await expectChartDrawn(page.getByTestId('consent-expiry-section'));

    const position = statistic.consents.findIndex((row) => row.id === consent.id);
    const mine = statistic.consents[position];
    expect(mine, JSON.stringify(statistic)).toBeDefined();
    expect(mine?.status).toBe('valid');
    // Five days from today in Norway; a test that runs across midnight sees one less.
    expect([4, 5]).toContain(mine?.daysLeft);
    expect(statistic.expiringSoon).toBeGreaterThan(0);
    await expect(page.getByTestId('consent-expiring-soon')).toHaveText(
      statistic.expiringSoon === 1
        ? '1 consent ends within 14 days'
        : `${statistic.expiringSoon} consents end within 14 days`,
    );

    const valid = statistic.statuses.find((entry) => entry.status === 'valid')?.count ?? 0;
    await expect(
      page.getByTestId('consent-status-table').getByRole('row', { name: `Valid ${valid}` }),
    ).toBeVisible();
    const row = page.getByTestId('consent-table').getByTestId('statistic-row').nth(position);
    await expect(row.getByRole('rowheader')).toHaveText(mine?.bankName ?? '');
    await expect(row.locator('[data-column="daysLeft"]')).toHaveText(String(mine?.daysLeft));
    await expect(row.locator('[data-column="daysLeft"] span')).toHaveCSS('color', 'rgb(201, 42, 42)');
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    // The bakery's consents are the consent specs' too: this one leaves as it came, ended.
    await revokeConsent(page, bakery, consent.id);
  }
});

test('a company without consents is sent to make one', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${demoCompanies.fishery.alias}/statistic/ztl`);
  const empty = page.getByTestId('statistic-empty');
  await expect(empty).toContainText('The company has no bank consent yet');
  await empty.getByRole('link', { name: 'Go to bank consents' }).click();
  await expect(page).toHaveURL(`/${demoCompanies.fishery.alias}/consent`);
});

test('the statistics read in Norwegian, with Norwegian months, numbers and CSV', async ({ page }) => {
  test.setTimeout(120_000);
  const { year } = await invoiceWithEveryRate(page);
  await signIn(page, demoUsers.accountant.email, { language: 'no' });
  await page.goto(`/${bakery.alias}/statistic/voucher`);
  await expect(page.getByRole('heading', { name: 'Bilagsstatistikk', level: 1 })).toBeVisible();
  const table = page.getByTestId('voucher-table');
  await expect(table.getByRole('rowheader', { name: monthRowLabel(monthInNorway(), 'nb') })).toBeVisible({
    timeout: CHART_LOAD_TIMEOUT_MS,
  });
  await expect(table.getByRole('columnheader', { name: 'Beløp' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'I fjor' })).toBeVisible();

  const statistic = await replyThePageGets<VatStatisticReply>(page, 'mva', () =>
    page.goto(`/${bakery.alias}/statistic/mva?year=${year}`),
  );
  const vat = page.getByTestId('vat-table');
  await expect(vat.getByTestId('statistic-row').first().getByRole('rowheader')).toHaveText(
    '1. termin (Jan–Feb)',
  );
  await expect(vat.getByTestId('statistic-total').locator('[data-column="taxable"]')).toHaveText(
    shownOre(statistic.taxableOre),
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Eksporter CSV' }).click(),
  ]);
  const lines = (await readFile(await download.path(), 'utf8')).replace('\uFEFF', '').split('\r\n');
  expect(lines[0]?.startsWith('Termin;Fra;Til;Grunnlag 25 %;MVA 25 %;')).toBe(true);
  expect(lines[7]?.endsWith(`;${csvOre(statistic.taxableOre, ',')};${csvOre(statistic.taxOre, ',')}`)).toBe(
    true,
  );
  expect(await seriousViolations(page)).toEqual([]);
});
