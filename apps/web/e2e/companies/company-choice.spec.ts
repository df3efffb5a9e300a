import { expect, test } from '@playwright/test';
import { demoCompanies, demoUsers } from '../support/demo';
import { chooseCompany, companyDialog, signIn } from '../support/session';

test('choosing a company lands on its dashboard with its name and organisation number', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto('/');
  await chooseCompany(page, demoCompanies.construction);

  await expect(companyDialog(page)).toBeHidden();
  await expect(page.getByTestId('current-company-name')).toHaveText(demoCompanies.construction.name);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(demoCompanies.construction.name);
  await expect(page.getByTestId('dashboard-organisation-number')).toHaveText(
    demoCompanies.construction.organisationNumber,
  );
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('switch company opens the same dialog, which works with the keyboard alone', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${demoCompanies.construction.alias}/`);

  await page.getByRole('button', { name: 'Switch company' }).click();
  const dialog = companyDialog(page);
  await expect(dialog).toBeVisible();
  const current = dialog.getByRole('button', { name: new RegExp(demoCompanies.construction.name) });
  await expect(current).toHaveAttribute('aria-current', 'true');
  await expect(current).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('button', { name: new RegExp(demoCompanies.fishery.name) })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(`/${demoCompanies.fishery.alias}/`);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('current-company-name')).toHaveText(demoCompanies.fishery.name);
  await expect(page.getByTestId('dashboard-organisation-number')).toHaveText(
    demoCompanies.fishery.organisationNumber,
  );
});

test('closing the switch dialog with Escape keeps the current company', async ({ page }) => {
  await signIn(page, demoUsers.admin.email);
  await page.goto(`/${demoCompanies.bakery.alias}/`);

  await page.getByRole('button', { name: 'Switch company' }).click();
  await expect(companyDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');

  await expect(companyDialog(page)).toBeHidden();
  await expect(page).toHaveURL(`/${demoCompanies.bakery.alias}/`);
});

test('a company the user does not belong to is answered with not found', async ({ page }) => {
  await signIn(page, demoUsers.ceo.email);
  await page.goto('/');
  await expect(page).toHaveURL(`/${demoCompanies.bakery.alias}/`);

  await page.goto(`/${demoCompanies.construction.alias}/`);

  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('heading', { name: 'Not found here' })).toBeVisible();
});

test('a bureau with many companies can search by name or organisation number and pick with Enter', async ({
  page,
}) => {
  const extraCompanies = [
    'Aurora Regnskap AS',
    'Bryggen Bakst AS',
    'Dovre Dekk AS',
    'Elvebakken Eiendom AS',
  ].map((name, index) => ({
    Id: 900 + index,
    CompanyId: 900 + index,
    Name: name,
    Alias: `extra-${index}`,
    OrganisationNumber: `91000000${index}`,
    SubscriptionId: null,
    Status: 1,
    IsSpecial: false,
    isOwner: false,
  }));
  await page.route('**/api/main/companies', async (route) => {
    const reply = await route.fetch();
    const body = await reply.json();
    const rows = [...body.data.rows, ...extraCompanies];
    await route.fulfill({ response: reply, json: { ...body, data: { rows, total: rows.length } } });
  });
  await signIn(page, demoUsers.accountant.email);
  await page.goto('/');

  const dialog = companyDialog(page);
  const search = dialog.getByRole('searchbox', { name: 'Search companies' });
  await expect(search).toBeFocused();
  await expect(dialog.getByRole('list', { name: 'Your companies' }).getByRole('button')).toHaveCount(8);

  await search.fill('812 345');
  await expect(dialog.getByRole('list', { name: 'Your companies' }).getByRole('button')).toHaveText([
    new RegExp(demoCompanies.fishery.name),
  ]);
  await search.fill('zzz');
  await expect(dialog.getByText('No companies match “zzz”.')).toBeVisible();

  await search.fill('bakeri');
  await search.press('Enter');
  await expect(page).toHaveURL(`/${demoCompanies.bakery.alias}/`);
  await expect(page.getByTestId('dashboard-company-name')).toHaveText(demoCompanies.bakery.name);
});
