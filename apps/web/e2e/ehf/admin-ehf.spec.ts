import { expect, type Page, test } from '@playwright/test';
import { receiveEhf, sendExampleEhf } from '../inbox/helpers';
import { signInForCalls } from '../payments/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { pickLanguage, signIn } from '../support/session';

const FIRST_LOAD_TIMEOUT_MS = 20_000;
/** Documents arrive for the bakery, which other specs register too; only this spec registers the bureau. */
const receiver = demoCompanies.bakery;
const toggled = demoCompanies.bureau;

async function openAdminEhf(page: Page, alias: string) {
  await page.goto(`/${alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'EHF (admin)' })
    .click();
  await expect(page).toHaveURL(`/${alias}/admin-ehf`);
  await expect(page.getByRole('heading', { name: 'EHF e-invoices', level: 1 })).toBeVisible();
  // The pointer leaves the menu, so the checks see the page as it rests, not a link's hover colours.
  await page.getByRole('heading', { name: 'EHF e-invoices', level: 1 }).hover();
}

test('an administrator registers the company to receive EHF, sees where it is delivered, and stops it again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const admin = await signInForCalls(page, demoUsers.admin.email);
  await page.request.delete(`/api/main/company-services/ehf/delete?companyId=${toggled.id}`, {
    headers: admin.headers,
  });
  await signIn(page, demoUsers.admin.email);
  await openAdminEhf(page, toggled.alias);

  const state = page.getByTestId('ehf-registration-state');
  await expect(state).toHaveText('Not registered: suppliers cannot send the company EHF', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(page.getByText('Organisation number 998877660')).toBeVisible();
  await expect(page.getByTestId('ehf-access-point')).toHaveAttribute('href', /\/peppol$/);
  await expect(page.getByTestId('ehf-documents-empty')).toContainText('No documents yet');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('ehf-register').click();
  await expect(state).toHaveText('Registered: the company receives EHF invoices and credit notes');
  await expect(page.getByText(/\/api\/ehf\/webhook\/peppol$/)).toBeVisible();

  await page.getByTestId('ehf-unregister').click();
  const confirm = page.getByRole('dialog', { name: 'Stop receiving EHF?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Stop receiving EHF' }).click();
  await expect(state).toHaveText('Not registered: suppliers cannot send the company EHF');

  await pickLanguage(page, 'no');
  await expect(page.getByRole('heading', { name: 'EHF-fakturaer', level: 1 })).toBeVisible();
  await expect(state).toHaveText('Ikke registrert: leverandører kan ikke sende firmaet EHF');
});

test('an accountant is not shown the EHF admin page', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${receiver.alias}/admin-ehf`);
  await expect(page).toHaveURL(/\/unauthorized$/, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'EHF (admin)' }),
  ).toHaveCount(0);
});

test('a received invoice shows with its lines and VAT, opens its voucher, and the voucher shows the EHF section', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await receiveEhf(page, receiver);
  const documentId = await sendExampleEhf(page, receiver, 'office-supplies-invoice');
  await signIn(page, demoUsers.admin.email);
  await openAdminEhf(page, receiver.alias);

  const row = page.getByTestId(`ehf-row-${documentId}`);
  await expect(row).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(row.getByTestId('ehf-status')).toHaveText('Voucher made');

  await row.getByRole('button', { name: `Invoice ${documentId}` }).click();
  await expect(page).toHaveURL(/[?&]document=\d+/);
  const drawer = page.getByRole('dialog', { name: 'EHF document' });
  await expect(drawer.getByTestId('ehf-lines')).toBeVisible();
  await expect(drawer.getByTestId('ehf-vat')).toContainText('25 %');
  await expect(drawer.getByTestId('ehf-file-pdf')).toBeVisible();
  await expect(drawer.getByTestId('ehf-file-xml')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await drawer.getByTestId('ehf-voucher-link').click();
  await expect(page).toHaveURL(new RegExp(`/${receiver.alias}/voucher/\\d+$`));
  const section = page.getByTestId('voucher-ehf');
  await expect(section).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(section.getByRole('heading', { name: `Invoice ${documentId}` })).toBeVisible();
  await expect(section.getByTestId('ehf-lines')).toBeVisible();
  await expect(section.getByTestId('ehf-kid')).not.toHaveText('—');
});

test('a credit note links to the invoice it credits, both ways', async ({ page }) => {
  test.setTimeout(90_000);
  await receiveEhf(page, receiver);
  const invoiceId = await sendExampleEhf(page, receiver, 'electricity-invoice');
  const creditNoteId = await sendExampleEhf(page, receiver, 'electricity-credit-note');
  await signIn(page, demoUsers.admin.email);
  await openAdminEhf(page, receiver.alias);

  await page
    .getByTestId(`ehf-row-${creditNoteId}`)
    .getByRole('button', { name: `Credit note ${creditNoteId}` })
    .click();
  const drawer = page.getByRole('dialog', { name: 'EHF document' });
  await expect(drawer.getByTestId('ehf-linked-document')).toContainText(`Credits ${invoiceId}`);
  await drawer.getByRole('link', { name: new RegExp(`^${invoiceId} \\(voucher \\d+\\)$`) }).click();
  const section = page.getByTestId('voucher-ehf');
  await expect(section.getByTestId('ehf-linked-document')).toContainText(`Credited by ${creditNoteId}`);
});
