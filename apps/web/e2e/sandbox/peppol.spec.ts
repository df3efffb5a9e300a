import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { PRODUCT_URL, SANDBOX_URL } from '../support/sandbox';

/**
 * The PEPPOL access point's page, as a person meets it: the product registers a company to
 * receive EHF by API; someone sends it a document from the page, by keyboard, and reads what
 * became of the delivery. The product's inbound EHF webhook comes in a later issue, so the
 * delivery to it fails, and the page must say so.
 */

/** The sandbox's default PEPPOL API key, which the server's configuration also uses. */
const API_KEY = 'sandbox-peppol-key';
const INBOUND_URL = `${PRODUCT_URL}/api/ehf/inbound`;

async function registerReceiver(request: APIRequestContext, organisationNumber: string, name: string) {
  const response = await request.post(`${SANDBOX_URL}/peppol/api/v1/participants`, {
    headers: { 'x-api-key': API_KEY },
    data: { organisationNumber, name, webhookUrl: INBOUND_URL },
  });
  expect([200, 201]).toContain(response.status());
}

/** Types the receiver in the focused first field, picks a document with the arrow keys and sends with Enter. */
async function sendByKeyboard(page: Page, receiver: string, arrowDowns: number) {
  const receiverField = page.getByRole('combobox', { name: "Receiver's organisation number" });
  await expect(receiverField).toBeFocused();
  await page.keyboard.type(receiver);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Document', exact: true })).toBeFocused();
  for (let step = 0; step < arrowDowns; step += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'My own XML' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send' })).toBeFocused();
  await page.keyboard.press('Enter');
}

test('a document sent to a registered company is shown as not delivered while its webhook does not take it', async ({
  page,
  request,
}) => {
  await registerReceiver(request, '923456783', 'Nordlys Bakeri AS');
  await page.goto(`${SANDBOX_URL}/peppol?lang=en`);
  await expect(page.getByRole('heading', { name: 'Send and receive EHF', level: 1 })).toBeVisible();
  const receiverRow = page.getByRole('row', { name: /923456783 Nordlys Bakeri AS/ });
  await expect(receiverRow).toContainText(INBOUND_URL);

  await sendByKeyboard(page, '923456783', 2);

  await expect(page).toHaveURL(/\/peppol\?lang=en&sent=[0-9a-f-]{36}#outcome$/);
  await expect(page.getByRole('heading', { name: 'Outcome' })).toBeVisible();
  const outcome = page.locator('[data-outcome]');
  await expect(outcome).toHaveAttribute('data-outcome', 'not-delivered');
  await expect(outcome).toHaveText(
    new RegExp(
      `^Not delivered: the webhook ${INBOUND_URL} (answered HTTP [45]\\d\\d after|could not be reached in) \\d+ attempts?\\.$`,
    ),
  );
  await expect(
    page.getByText(/^Invoice FK-\d{8}-\d+: Fjordhotellet Konferanse AS → Nordlys Bakeri AS/),
  ).toBeVisible();
  const sentRow = page.getByRole('row', { name: /Fjordhotellet Konferanse AS → Nordlys Bakeri AS/ }).first();
  await expect(sentRow).toContainText('Not delivered');
});

test('a document for a company nobody registered is not sent, and the page says why', async ({ page }) => {
  await page.goto(`${SANDBOX_URL}/peppol?lang=en`);
  await sendByKeyboard(page, '974760673', 0);

  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(
    '974 760 673 is not registered in the SMP, so the network has nowhere to deliver to.',
  );
  await expect(page.getByRole('combobox', { name: "Receiver's organisation number" })).toHaveValue(
    '974760673',
  );
  await expect(page.getByRole('combobox', { name: "Receiver's organisation number" })).toBeFocused();
});

test('the page has no serious accessibility violations, in English and Norwegian', async ({
  page,
  request,
}) => {
  await registerReceiver(request, '934567897', 'Fjelltopp Bygg AS');
  await page.goto(`${SANDBOX_URL}/peppol?lang=en`);
  await expect(page.getByRole('heading', { name: 'Send and receive EHF', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Norsk' }).click();
  await expect(page.getByRole('heading', { name: 'Send og motta EHF', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('combobox', { name: 'Mottakerens organisasjonsnummer' }).fill('12345');
  await page.getByRole('button', { name: 'Send' }).press('Enter');
  await expect(page.getByRole('alert')).toContainText('Skriv mottakeren som et norsk organisasjonsnummer');
  expect(await seriousViolations(page)).toEqual([]);
});
