import type { ConsentAccount, ConsentBankTemplate, ConsentStarted } from '@bilag/contracts';
import { expect, type Page, test } from '@playwright/test';
import { BANK_ROUND_TRIP_MS, decideConsentAtBank } from '../consents/helpers';
import { authorization, ensureAccount } from '../imports/helpers';
import { FIRST_LOAD_TIMEOUT_MS } from '../payments/helpers';
import { seriousViolations } from '../support/accessibility';
import { dataOf } from '../support/api';
import { demoCompanies, demoUsers } from '../support/demo';
import { PRODUCT_URL } from '../support/sandbox';
import { pickLanguage, signIn } from '../support/session';

/** No other spec makes a consent for the construction company, whose accounts are at SpareBank 1. */
const company = demoCompanies.construction;
/** Fjelltopp Bygg's project account at SpareBank 1 in the sandbox. */
const PROJECT_ACCOUNT = '32010998874';

/** Asks SpareBank 1 for a consent to read the project account, as the consent page's dialog does. */
async function startProjectAccountConsent(page: Page) {
  const headers = await authorization(page);
  const templates = await dataOf<ConsentBankTemplate[]>(
    await page.request.get(`/api/consent/bank-templates/${company.id}`, { headers }),
  );
  const bank = templates.find((template) => template.accountNumbers.includes(PROJECT_ACCOUNT));
  if (!bank) throw new Error(`No bank template names ${PROJECT_ACCOUNT}`);
  return dataOf<ConsentStarted>(
    await page.request.post('/api/consent/create', {
      // As from the browser: the bank sends the person back to the origin the page is on.
      headers: { ...headers, Origin: PRODUCT_URL },
      data: {
        companyId: company.id,
        bankId: bank.bankId,
        accountNumbers: [PROJECT_ACCOUNT],
        callbackUrl: `/${company.alias}/bank-management`,
      },
    }),
  );
}

test('the accounts page shows the balance the bank gave through a consent, with its date', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.accountant.email);
  const accountId = await ensureAccount(page, company, PROJECT_ACCOUNT, 'Prosjektkonto');

  const started = await startProjectAccountConsent(page);
  await page.goto(started.scaRedirectUrl);
  await decideConsentAtBank(page, 'Approve');
  await page.waitForURL(`**/${company.alias}/bank-management`, { timeout: BANK_ROUND_TRIP_MS });

  // The approval starts the first read of the account; its balance comes with it.
  const headers = await authorization(page);
  await expect
    .poll(
      async () => {
        const accounts = await dataOf<ConsentAccount[]>(
          await page.request.get(`/api/consent/account-list?companyId=${company.id}`, { headers }),
        );
        return accounts.find((account) => account.companyBankId === accountId)?.balance?.date ?? null;
      },
      { timeout: BANK_ROUND_TRIP_MS },
    )
    .not.toBeNull();

  await page.reload();
  const row = page.getByTestId(`bank-account-row-${accountId}`);
  const balance = row.getByTestId('bank-balance');
  await expect(balance).toContainText(/From the bank \d{2}\.\d{2}\.\d{4}/, {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(balance).toContainText(/\d\u00A0NOK/);
  expect(await seriousViolations(page)).toEqual([]);

  await pickLanguage(page, 'no');
  await expect(balance).toContainText(/Saldo fra banken \d{2}\.\d{2}\.\d{4}/);
});
