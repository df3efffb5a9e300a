import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { FIRST_LOAD_TIMEOUT_MS, uniqueName } from './helpers';

const company = demoCompanies.bakery;

test('an administrator keeps the global templates every company is offered', async ({ page }) => {
  const title = uniqueName('Annual accounts');
  await signIn(page, demoUsers.admin.email);
  await page.goto(`/${company.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Global task templates (admin)' })
    .click();
  await expect(page).toHaveURL(`/${company.alias}/task/template-global`);
  await expect(page.getByRole('heading', { name: 'Global task templates', level: 1 })).toBeVisible();
  const list = page.getByRole('table', { name: 'Global templates' });
  await expect(list.getByRole('row').filter({ hasText: 'MVA-melding' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  await page.getByTestId('template-new').click();
  const form = page.getByRole('dialog', { name: 'New template' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('switch', { name: 'Requires a voucher to finish' }).check();
  await form.getByRole('switch', { name: 'Make the task by itself every period' }).check();
  await form.getByLabel('How often', { exact: true }).click();
  await page.getByRole('option', { name: 'Every year' }).click();
  await form.getByRole('textbox', { name: 'First due date' }).fill('31.05.2030');
  await form.getByTestId('template-save').click();
  const row = list.getByRole('row').filter({ hasText: title });
  await expect(row.getByTestId('template-recurrence')).toHaveText(
    'Every year from 31.05.2030, made 14 days before it is due',
  );
  await expect(row).toContainText('Voucher');
  expect(await seriousViolations(page)).toEqual([]);

  // Every company is offered it, to read only.
  await page.goto(`/${demoCompanies.construction.alias}/task/template`);
  await expect(
    page.getByRole('table', { name: 'Global templates' }).getByRole('row').filter({ hasText: title }),
  ).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  await page.goto(`/${company.alias}/task/template-global`);
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByTestId('template-delete-confirm').click();
  await expect(list.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});

test('only administrators open the global templates', async ({ page }) => {
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/task/template`);
  await expect(page.getByRole('heading', { name: 'Task templates', level: 1 })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(page.getByRole('navigation', { name: 'Task pages' }).getByRole('link')).toHaveText([
    'Tasks',
    'Labels',
    'Templates',
  ]);
  await page.goto(`/${company.alias}/task/template-global`);
  await expect(page).toHaveURL('/unauthorized');
});
