import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { pickLanguage } from '../support/session';
import {
  callerFor,
  FIRST_LOAD_TIMEOUT_MS,
  inviteThroughApi,
  openCompanyUsers,
  signInToCompanyUsers,
  uniqueEmail,
  userRow,
} from './helpers';

const bakery = demoCompanies.bakery;
const construction = demoCompanies.construction;
const fishery = demoCompanies.fishery;
const bureau = demoCompanies.bureau;

test('an accountant finds the people of the bakery from the menu, with their roles, in both languages', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInToCompanyUsers(page, demoUsers.accountant.email, bakery);
  await page.goto(`/${bakery.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Users', exact: true })
    .click();
  await expect(page).toHaveURL(`/${bakery.alias}/admin-users`);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  const table = page.getByRole('table', { name: `Users of ${bakery.name}` });
  await expect(userRow(page, demoUsers.accountant.email)).toContainText('Accountant', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(userRow(page, demoUsers.accountant.email)).toContainText('(you)');
  await expect(userRow(page, demoUsers.ceo.email)).toContainText('CEO');
  await expect(userRow(page, demoUsers.admin.email)).toContainText('Admin');
  // The pointer leaves the menu, whose hovered item is not what this test looks at.
  await page.mouse.move(0, 0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('users-en.png'), fullPage: true });

  await page.getByRole('textbox', { name: 'Search' }).fill('ansatt@demo');
  await expect(page).toHaveURL(/q=ansatt%40demo/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(userRow(page, demoUsers.ceo.email)).toBeVisible();

  // An accountant runs the company's people but not roles, which are the administrators'.
  await userRow(page, demoUsers.ceo.email)
    .getByRole('button', { name: `Actions for ${demoUsers.ceo.fullName}` })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Remove from company' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Change role/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('textbox', { name: 'Search' }).fill('nobody-by-this-name');
  await expect(page.getByTestId('company-users-empty')).toContainText(
    "Nobody's name or e-mail matches the search.",
  );

  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await page.getByRole('tab', { name: 'Reminders and alerts' }).click();
  await expect(page).toHaveURL(/tab=alerts/);
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Voucher alert' })).toBeVisible();
  await page.getByRole('tab', { name: 'Users' }).click();

  await pickLanguage(page, 'no');
  await expect(page.getByRole('heading', { name: 'Brukere', level: 1 })).toBeVisible();
  await expect(userRow(page, demoUsers.ceo.email)).toContainText('Daglig leder');
  await expect(userRow(page, demoUsers.accountant.email)).toContainText('Regnskapsfører');
  await page.screenshot({ path: test.info().outputPath('users-no.png'), fullPage: true });
});

test('adding someone who already has an account keeps their role, and adding them twice is refused', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('per');
  const accountant = await callerFor(page, demoUsers.accountant.email);
  await inviteThroughApi(page, accountant, {
    companyId: fishery.id,
    email,
    fullName: 'Per Eksisterende',
    roleId: 15,
  });

  await signInToCompanyUsers(page, demoUsers.accountant.email, construction);
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: `Add a user to ${construction.name}` });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email.toUpperCase());
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Accountant (limited)', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog).toBeHidden();

  const outcome = page.getByTestId('invite-outcome');
  await expect(outcome).toContainText('Per Eksisterende is added');
  await expect(outcome).toContainText('with the role they have: HR company A');
  await expect(userRow(page, email)).toContainText('HR company A');
  await expect(userRow(page, email)).toContainText('Invitation sent');

  await page.getByRole('button', { name: 'Add user' }).click();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Accountant (limited)', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add user' }).click();
  const emailField = dialog.getByRole('textbox', { name: 'E-mail' });
  await expect(dialog.getByText('This person is already a user of the company.')).toBeVisible();
  await expect(emailField).toBeFocused();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
});

test('an administrator changes a role, but not their own, and removes a person, but not the owner', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('rolf');
  const admin = await callerFor(page, demoUsers.admin.email);
  await inviteThroughApi(page, admin, {
    companyId: construction.id,
    email,
    fullName: 'Rolf Rolle',
    roleId: 15,
  });

  await signInToCompanyUsers(page, demoUsers.admin.email, construction);
  await openCompanyUsers(page, construction, `?q=${encodeURIComponent(email)}`);
  const row = userRow(page, email);
  await row.getByRole('button', { name: 'Actions for Rolf Rolle' }).click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();

  const dialog = page.getByRole('dialog', { name: 'Change the role of Rolf Rolle' });
  await expect(dialog).toContainText('Rolf Rolle is HR company A now.');
  await expect(dialog.getByTestId('change-role-warning')).toContainText(
    'it changes in every company Rolf Rolle works in. Their sign-ins end now',
  );
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(dialog.getByText('Choose a role other than the one they have.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'New role' }).click();
  await page.getByRole('option', { name: 'HR company B', exact: true }).click();
  await page.screenshot({ path: test.info().outputPath('change-role-en.png') });
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Rolf Rolle is now HR company B.')).toBeVisible();
  await expect(row).toContainText('HR company B');

  await row.getByRole('button', { name: 'Actions for Rolf Rolle' }).click();
  await page.getByRole('menuitem', { name: 'Remove from company' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove user' });
  await expect(confirm).toContainText(`Rolf Rolle will no longer work in ${construction.name}`);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('company-users-empty')).toBeVisible();

  await openCompanyUsers(page, construction, `?q=${encodeURIComponent(demoUsers.admin.email)}`);
  await userRow(page, demoUsers.admin.email)
    .getByRole('button', { name: `Actions for ${demoUsers.admin.fullName}` })
    .click();
  await expect(page.getByRole('menuitem', { name: /Change role/ })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: /Change role/ })).toContainText(
    'You cannot change your own role.',
  );
  await page.keyboard.press('Escape');

  await openCompanyUsers(page, bureau);
  const owner = userRow(page, demoUsers.accountant.email);
  await expect(owner.getByTestId('badge-owner')).toHaveText('Owner');
  await owner.getByRole('button', { name: `Actions for ${demoUsers.accountant.fullName}` }).click();
  await expect(page.getByRole('menuitem', { name: /Remove from company/ })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: /Remove from company/ })).toContainText(
    'The owner of the company cannot be removed.',
  );
});

test('an administrator names a responsible accountant, who the accountants tab then shows', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('rita');
  const admin = await callerFor(page, demoUsers.admin.email);
  const { user } = await inviteThroughApi(page, admin, {
    companyId: fishery.id,
    email,
    fullName: 'Rita Revisor',
    roleId: 3,
  });

  await signInToCompanyUsers(page, demoUsers.admin.email, fishery);
  await openCompanyUsers(page, fishery, `?q=${encodeURIComponent(email)}`);
  const row = userRow(page, email);
  await row.getByRole('button', { name: 'Actions for Rita Revisor' }).click();
  await page.getByRole('menuitem', { name: 'Make responsible accountant' }).click();
  await expect(page.getByText("Rita Revisor is now the company's responsible accountant.")).toBeVisible();
  await expect(row.getByTestId('badge-responsible')).toHaveText('Responsible accountant');

  await page.getByRole('tab', { name: 'Accountants' }).click();
  await expect(page).toHaveURL(/tab=accountants/);
  const responsibleOnly = page.getByRole('switch', { name: 'Responsible accountants only' });
  await responsibleOnly.click();
  await expect(responsibleOnly).toBeChecked();
  await expect(page).toHaveURL(/responsible=1/);
  const accountant = page.getByTestId(`accountant-${user.Id}`);
  await expect(accountant).toContainText('Rita Revisor');
  await expect(accountant.getByRole('link', { name: fishery.name })).toHaveAttribute(
    'href',
    `/${fishery.alias}/`,
  );
  await expect(accountant.getByTestId('badge-responsible')).toHaveText('Responsible');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('accountants-en.png'), fullPage: true });

  await page.getByRole('tab', { name: 'Users' }).click();
  await row.getByRole('button', { name: 'Actions for Rita Revisor' }).click();
  await page.getByRole('menuitem', { name: 'No longer responsible accountant' }).click();
  await expect(
    page.getByText("Rita Revisor is no longer the company's responsible accountant."),
  ).toBeVisible();
  await expect(row.getByTestId('badge-responsible')).toHaveCount(0);

  // Nobody else needs Rita: she leaves the company, so the accountants of later runs stay few.
  await page.request.delete(`/api/main/companyUsers/${user.Id}?companyId=${fishery.id}`, {
    headers: admin.headers,
  });
});

test('a person is invited with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('kim');
  await signInToCompanyUsers(page, demoUsers.accountant.email, construction);

  await page.getByRole('button', { name: 'Add user' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Add a user to ${construction.name}` });
  const emailField = dialog.getByRole('textbox', { name: 'E-mail' });
  await expect(emailField).toBeFocused();

  // Sending at once says what is missing and leaves the focus where it was.
  await page.keyboard.press('Enter');
  await expect(dialog.getByText("Give the person's e-mail.")).toBeVisible();
  await expect(dialog.getByText("Choose the person's role.")).toBeVisible();

  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Full name' })).toBeFocused();
  await page.keyboard.type('Kim Tastatur');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toBeFocused();
  // The first key opens the roles on the first of them.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Accountant', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('Accountant (limited)');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Norsk' })).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('invite-dialog-en.png') });
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('invite-outcome')).toContainText(`An e-mail is on its way to ${email}`);
  await expect(userRow(page, email)).toContainText('Invitation sent');
});
