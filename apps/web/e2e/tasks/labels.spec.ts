import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { FIRST_LOAD_TIMEOUT_MS, uniqueName } from './helpers';

const company = demoCompanies.bakery;

test('a label is added in a colour, renamed and deleted', async ({ page }) => {
  const name = uniqueName('Year-end');
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/task`);
  await page.getByRole('navigation', { name: 'Task pages' }).getByRole('link', { name: 'Labels' }).click();
  await expect(page).toHaveURL(`/${company.alias}/task/label`);
  await expect(page.getByRole('heading', { name: 'Task labels', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Task labels' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  await page.getByTestId('label-new').click();
  const form = page.getByRole('dialog', { name: 'New label' });
  await form.getByTestId('label-save').click();
  await expect(form.getByText('Give it a name.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('radio', { name: 'Plum' }).click();
  await expect(form.getByRole('radio', { name: 'Plum' })).toBeChecked();
  await expect(form.getByTestId('task-label')).toHaveText(name);
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByTestId('label-save').click();
  await expect(page.getByRole('alert').filter({ hasText: `Label ${name} added` })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Plum');
  expect(await seriousViolations(page)).toEqual([]);

  // The same name twice is refused with the server's reason.
  await page.getByTestId('label-new').click();
  await page.getByRole('dialog', { name: 'New label' }).getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('dialog', { name: 'New label' }).getByTestId('label-save').click();
  await expect(
    page.getByRole('alert').filter({ hasText: `A label named "${name}" already exists.` }),
  ).toBeVisible();
  await page.getByRole('dialog', { name: 'New label' }).getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: `Change ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Change the label' });
  await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} 2`);
  await edit.getByRole('radio', { name: 'Orange' }).click();
  await edit.getByTestId('label-save').click();
  const renamed = page.getByRole('row').filter({ hasText: `${name} 2` });
  await expect(renamed).toContainText('Orange');

  await renamed.getByRole('button', { name: `Delete ${name} 2` }).click();
  await page.getByTestId('label-delete-confirm').click();
  await expect(page.getByRole('alert').filter({ hasText: `Label ${name} 2 deleted` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('the labels page speaks Norwegian', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email, { language: 'no' });
  await page.goto(`/${company.alias}/task/label`);
  await expect(page.getByRole('heading', { name: 'Etiketter for oppgaver', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'MVA' })).toContainText('Blågrønn', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await page.getByTestId('label-new').click();
  await expect(
    page.getByRole('dialog', { name: 'Ny etikett' }).getByRole('radio', { name: 'Limegrønn' }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
