import type { EhfDocumentDetail, EhfDocumentPage } from '@bilag/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { authorization, uniqueAccountNumber } from '../imports/helpers';
import { kidNumber, randomOre, uniqueToken } from '../matching/helpers';
import {
  allowToPayFrom,
  comingDueDate,
  createPayableVoucher,
  pain002For,
  signInForCalls,
} from '../payments/helpers';
import { putVoucherOnPaymentList } from '../signing/helpers';
import { dataOf } from '../support/api';
import { type DemoCompany, demoUsers } from '../support/demo';

/** A statistics page's first load builds its chart chunk too. */
export const CHART_LOAD_TIMEOUT_MS = 20_000;

/** The month `offset` months from this one in Norway, as `YYYY-MM`. */
export function monthInNorway(offset = 0): string {
  const [year = '', month = ''] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-');
  const index = Number(year) * 12 + Number(month) - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A month as the statistics tables name their rows ("November 2026", "November 2026" in Norwegian too). */
export function monthRowLabel(month: string, locale: 'en' | 'nb'): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const text = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, monthNumber - 1, 1)),
  );
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** A chart drawn on the page: the image wrapping it, with the chart library's surface inside. */
export async function expectChartDrawn(section: Locator) {
  const chart = section.getByTestId('statistic-chart').first();
  await expect(chart).toBeVisible({ timeout: CHART_LOAD_TIMEOUT_MS });
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
}

/** The numbers of a table's cells in one column, read as the page writes them (spaces grouping thousands). */
export async function columnNumbers(table: Locator, column: string): Promise<number[]> {
  const cells = await table.locator(`tbody [data-column="${column}"]`).allTextContents();
  return cells.map((text) => Number(text.replace(/[\s\u00A0]/g, '').replace(',', '.')));
}

/** A statistic of the company as the server gives it now, read with the signed-in person's session. */
export async function statisticNow<T>(page: Page, path: string): Promise<T> {
  return dataOf<T>(await page.request.get(`/api/statistic/${path}`, { headers: await authorization(page) }));
}

/**
 * The reply the page itself gets for a statistic call, observed as it passes (not answered): other specs
 * add to the same company while this one runs, so the page is compared with what it was given.
 */
export async function replyThePageGets<T>(
  page: Page,
  path: string,
  load: () => Promise<unknown>,
): Promise<T> {
  const [reply] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.url().includes(`/api/statistic/${path}?`) && response.request().method() === 'GET',
    ),
    load(),
  ]);
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { data: T }).data;
}

/** An amount in øre as the statistics tables write it: "12\u00A0345,00". */
export function shownOre(amountOre: number): string {
  const sign = amountOre < 0 ? '-' : '';
  const digits = String(Math.abs(amountOre)).padStart(3, '0');
  const kroner = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00A0');
  return `${sign}${kroner},${digits.slice(-2)}`;
}

/** An amount in øre as the VAT CSV writes it in English: "12345.00". */
export function csvOre(amountOre: number, decimalMark: '.' | ','): string {
  const sign = amountOre < 0 ? '-' : '';
  const digits = String(Math.abs(amountOre)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}${decimalMark}${digits.slice(-2)}`;
}

/** A received EHF document as the administrator's EHF page reads it, found by its invoice number. */
export async function receivedEhfDocument(
  page: Page,
  company: DemoCompany,
  documentNumber: string,
): Promise<EhfDocumentDetail> {
  const admin = await signInForCalls(page, demoUsers.admin.email);
  const list = await dataOf<EhfDocumentPage>(
    await page.request.get(`/api/ehf/documents?companyId=${company.id}&pagesize=100`, {
      headers: admin.headers,
    }),
  );
  const summary = list.rows.find((row) => row.documentNumber === documentNumber);
  if (!summary) throw new Error(`${company.name} has not received ${documentNumber}`);
  return dataOf<EhfDocumentDetail>(
    await page.request.get(`/api/ehf/documents/${summary.id}?companyId=${company.id}`, {
      headers: admin.headers,
    }),
  );
}

/**
 * A payment the bank refused, made the way the product offers: an invoice on the payment list, approved
 * into a pain.001 file for the bank, and the bank's pain.002 status report rejecting it (AC04, a closed
 * account) read back in. Answers the payment's id.
 */
export async function paymentRefusedByBank(page: Page, company: DemoCompany): Promise<number> {
  const voucherId = await createPayableVoucher(page, company, {
    supplierName: `Nedlagt Leverandør ${uniqueToken()}`,
    amountOre: randomOre(100, 900),
    accountNumber: uniqueAccountNumber(),
    kid: kidNumber(),
    dueDate: comingDueDate(),
  });
  const payment = await putVoucherOnPaymentList(page, company, voucherId);
  if (payment.DebtorCompanyBankId === null)
    throw new Error(`Voucher ${voucherId} has no account to pay from`);
  const ceo = await signInForCalls(page, demoUsers.ceo.email);
  const payer = await signInForCalls(page, demoUsers.accountant.email);
  await allowToPayFrom(page, ceo.headers, company, payer.userId, [payment.DebtorCompanyBankId]);

  const headers = await authorization(page);
  const base = '/api/main/v2/voucher-payments';
  const exported = await dataOf<{ Id: number }>(
    await page.request.post(`${base}/export-pain001`, {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      data: { companyId: company.id, companyBankId: payment.DebtorCompanyBankId, ids: [payment.Id] },
    }),
  );
  const file = await page.request.get(`${base}/exports/${exported.Id}/file?companyId=${company.id}`, {
    headers,
  });
  expect(file.ok(), await file.text()).toBe(true);
  const statusReport = pain002For(await file.text(), [
    { endToEndId: payment.EndToEndId, status: 'RJCT', reason: 'AC04' },
  ]);
  await dataOf(
    await page.request.post(`${base}/import-pain002`, {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      multipart: {
        companyId: String(company.id),
        files: { name: `status-${payment.Id}.xml`, mimeType: 'application/xml', buffer: statusReport },
      },
    }),
  );
  return payment.Id;
}

/** Ends a consent at the bank through the product, as the consent page's revoke button does. */
export async function revokeConsent(page: Page, company: DemoCompany, consentId: number) {
  await dataOf(
    await page.request.delete(`/api/consent/${consentId}?companyId=${company.id}`, {
      headers: { ...(await authorization(page)), 'Idempotency-Key': crypto.randomUUID() },
    }),
  );
}
