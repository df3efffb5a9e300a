import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { PRODUCT_URL } from '../support/sandbox';
import { fillSignInForm, pickLanguage } from '../support/session';
import {
  invitationMail,
  invitationPath,
  openCompanyUsers,
  signInToCompanyUsers,
  uniqueEmail,
  userRow,
} from './helpers';

const fishery = demoCompanies.fishery;

test('an invited person chooses a password from the e-mail and signs in to the company', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('nina');
  const password = 'tre ord etter hverandre';

  await signInToCompanyUsers(page, demoUsers.accountant.email, fishery);
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: `Add a user to ${fishery.name}` });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Full name' }).fill('Nina Ny');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'HR company A', exact: true }).click();
  await dialog.getByRole('radio', { name: 'English' }).check();
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByTestId('invite-outcome')).toContainText('Nina Ny is invited');
  await expect(userRow(page, email)).toContainText('Invitation sent');

  const mail = await invitationMail(page, email);
  expect(mail.subject).toBe(`${demoUsers.accountant.fullName} invited you to ${fishery.name}`);

  // The invited person opens the link in a browser of their own, where nobody is signed in.
  const context = await browser.newContext({
    baseURL: PRODUCT_URL,
    locale: 'en-GB',
    timezoneId: 'Europe/Oslo',
  });
  const invitee = await context.newPage();
  await invitee.goto(invitationPath(mail));
  await expect(invitee.getByRole('heading', { name: 'Welcome, Nina Ny', level: 1 })).toBeVisible();
  await expect(invitee.getByTestId('invitation-summary')).toHaveText(
    `${demoUsers.accountant.fullName} has given you access to ${fishery.name} in Bilag. Choose a password to get started.`,
  );
  await expect(invitee.getByRole('textbox', { name: 'Your e-mail (you sign in with it)' })).toHaveValue(
    email,
  );
  const passwordField = invitee.getByRole('textbox', { name: 'Password', exact: true });
  await expect(passwordField).toBeFocused();
  expect(await seriousViolations(invitee)).toEqual([]);
  await invitee.screenshot({ path: test.info().outputPath('invitation-en.png'), fullPage: true });

  await passwordField.fill('for kort');
  await invitee.getByRole('button', { name: 'Save password' }).click();
  await expect(invitee.getByText('The password is too short.')).toBeVisible();
  await passwordField.fill(password);
  await invitee.getByRole('textbox', { name: 'Repeat the password' }).fill(`${password}!`);
  await invitee.getByRole('button', { name: 'Save password' }).click();
  await expect(invitee.getByText('The two passwords are not the same.')).toBeVisible();
  await invitee.getByRole('button', { name: 'Show the passwords' }).first().click();
  await expect(invitee.getByRole('textbox', { name: 'Repeat the password' })).toHaveAttribute('type', 'text');
  await expect(passwordField).toHaveAttribute('type', 'text');
  await invitee.getByRole('textbox', { name: 'Repeat the password' }).fill(password);
  await invitee.getByRole('button', { name: 'Save password' }).click();

  await expect(invitee.getByRole('heading', { name: 'Your password is saved' })).toBeVisible();
  await expect(invitee.getByText(`Sign in with ${email} and the password you chose.`)).toBeVisible();
  await invitee.screenshot({ path: test.info().outputPath('invitation-accepted-en.png'), fullPage: true });
  await invitee.getByRole('link', { name: 'Sign in' }).click();
  await expect(invitee).toHaveURL(`/login?email=${encodeURIComponent(email)}`);
  await expect(invitee.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await fillSignInForm(invitee, email, password);
  await invitee.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The only company of the new person opens at once.
  await expect(invitee).toHaveURL(`/${fishery.alias}/`);

  await invitee.goto(invitationPath(mail));
  await expect(invitee.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await context.close();

  await openCompanyUsers(page, fishery, `?q=${encodeURIComponent(email)}`);
  await expect(userRow(page, email)).toContainText('Nina Ny');
  await expect(userRow(page, email).getByTestId('badge-invited')).toHaveCount(0);
});

test('a link that is cut short or used says so, in both languages', async ({ page }) => {
  const unknownSecret = 'A'.repeat(43);

  await page.goto('/invitation');
  await expect(page.getByRole('heading', { name: 'This is not an invitation link' })).toBeFocused();
  await page.goto(`/invitation#${unknownSecret}`);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');

  await pickLanguage(page, 'no');
  await expect(page.getByRole('heading', { name: 'Denne lenken kan ikke brukes' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('invitation-used-no.png'), fullPage: true });
});

test('the invitation speaks Norwegian to someone who picks it', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('ola');
  await signInToCompanyUsers(page, demoUsers.accountant.email, fishery, { language: 'no' });
  await page.getByRole('button', { name: 'Legg til bruker' }).click();
  const dialog = page.getByRole('dialog', { name: `Legg til en bruker i ${fishery.name}` });
  await dialog.getByRole('textbox', { name: 'E-post' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Fullt navn' }).fill('Ola Nordmann');
  await dialog.getByRole('combobox', { name: 'Rolle' }).click();
  await page.getByRole('option', { name: 'HR firma B', exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Norsk' })).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('invite-dialog-no.png') });
  await dialog.getByRole('button', { name: 'Legg til bruker' }).click();
  await expect(page.getByTestId('invite-outcome')).toContainText('Ola Nordmann er invitert');

  const mail = await invitationMail(page, email);
  expect(mail.subject).toBe(`${demoUsers.accountant.fullName} har invitert deg til ${fishery.name}`);
  await page.goto(invitationPath(mail));
  await expect(page.getByRole('heading', { name: 'Velkommen, Ola Nordmann', level: 1 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('invitation-no.png'), fullPage: true });
});
