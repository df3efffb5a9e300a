import { expect, test } from '@playwright/test';
import { FIRST_LOAD_TIMEOUT_MS } from '../payments/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { SANDBOX_URL } from '../support/sandbox';
import { signIn } from '../support/session';
import { openSettings, SIGNATORY_SSN } from './helpers';

test('the CEO onboards the bakery: the signatory signs at the payment service, and the settings show it done', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const company = demoCompanies.bakery;
  await signIn(page, demoUsers.ceo.email);
  await openSettings(page, company);
  const card = page.getByTestId('onboarding-card');
  await expect(card.getByTestId('onboarding-status')).toHaveText('Not started');
  await expect(card.getByTestId('onboarding-next')).toContainText('signs the agreement with BankID');
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Start onboarding' }).click();
  await page.waitForURL(`${SANDBOX_URL}/**`, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(page.getByRole('heading', { name: 'Sign the agreement for the company' })).toBeVisible();
  await page.getByRole('textbox', { name: /National identity number of the signatory/ }).fill(SIGNATORY_SSN);

  // The return page shows the result for 300 ms before it goes on to the settings; the company's details
  // it needs for the way there are held back, so the result stays on screen long enough to be read.
  let releaseCompany = () => {};
  const companyHeld = new Promise<void>((resolve) => {
    releaseCompany = resolve;
  });
  await page.route(`**/api/main/company/${company.id}`, async (route) => {
    await companyHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Sign with BankID' }).click();

  await page.waitForURL(`**/onboarding/callback?companyId=${company.id}`, { timeout: FIRST_LOAD_TIMEOUT_MS });
  const result = page.getByTestId('onboarding-callback-result');
  await expect(page.getByRole('heading', { name: 'Back from the onboarding', level: 1 })).toBeVisible();
  await expect(result.getByTestId('onboarding-status')).toHaveText(/^(Onboarded|Completed)$/);
  await expect(result).toContainText('Taking you to the settings');
  expect(await seriousViolations(page)).toEqual([]);

  releaseCompany();
  await page.waitForURL(`**/${company.alias}/setting`);
  await expect(card.getByTestId('onboarding-state')).toHaveAttribute('data-status', /^(success|completed)$/);
  await expect(card.getByTestId('onboarding-status')).toHaveText(/^(Onboarded|Completed)$/);
  await expect(card.getByTestId('onboarding-started')).toContainText(`by ${demoUsers.ceo.fullName}`);
  await expect(card.getByRole('button', { name: /Start/ })).toHaveCount(0);
  const step = page.getByTestId('settings-step-onboarding');
  await expect(step.getByTestId('step-state')).toHaveText('Done');
  await expect(step.getByTestId('step-summary')).toHaveText(
    'The company is onboarded with the payment service.',
  );
});

test('a company the payment service cannot find is told so, with what to do next', async ({ page }) => {
  // The bureau's organisation number is valid but in no register of the sandbox's payment service.
  const company = demoCompanies.bureau;
  await signIn(page, demoUsers.accountant.email);
  await openSettings(page, company);
  const card = page.getByTestId('onboarding-card');
  await card.getByRole('button', { name: /^Start (onboarding|again)$/ }).click();

  await expect(card.getByTestId('onboarding-status')).toHaveText('Company not found');
  await expect(card.getByTestId('onboarding-next')).toContainText(
    'Check the organisation number in the company details, then start again.',
  );
  await expect(card.getByRole('button', { name: 'Start again' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('someone who may not bind the company to the payment service is told so by the server', async ({
  page,
}) => {
  // The accountant works for the fishery but neither owns it nor is its CEO.
  const company = demoCompanies.fishery;
  await signIn(page, demoUsers.accountant.email);
  await openSettings(page, company);
  const card = page.getByTestId('onboarding-card');
  await card.getByRole('button', { name: 'Start onboarding' }).click();
  await expect(card.getByTestId('onboarding-start-failed')).toBeVisible();
  await expect(card.getByTestId('onboarding-status')).toHaveText('Not started');
});
