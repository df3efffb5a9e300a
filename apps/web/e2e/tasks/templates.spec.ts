import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { FIRST_LOAD_TIMEOUT_MS, uniqueName } from './helpers';

const company = demoCompanies.bakery;

test('a recurring template is made, says when its tasks come due, and fills in a new task', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = uniqueName('Payroll run');
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/task/template`);
  await expect(page.getByRole('heading', { name: 'Task templates', level: 1 })).toBeVisible();
  // The global templates are offered here, to read only.
  const global = page.getByRole('table', { name: 'Global templates' });
  await expect(global.getByRole('row').filter({ hasText: 'MVA-melding' })).toContainText(
    'Every second month',
    {
      timeout: FIRST_LOAD_TIMEOUT_MS,
    },
  );
  await expect(global.getByRole('button')).toHaveCount(0);

  await page.getByTestId('template-new').click();
  const form = page.getByRole('dialog', { name: 'New template' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Hours from the bakery in by the 20th.');
  await form.getByRole('switch', { name: 'Requires a note to finish' }).check();
  await form.getByRole('switch', { name: 'Make the task by itself every period' }).check();
  await form.getByLabel('How often', { exact: true }).click();
  await page.getByRole('option', { name: 'Every quarter' }).click();
  await form.getByRole('textbox', { name: 'First due date' }).fill('31.01.2030');
  await form.getByRole('textbox', { name: 'Days before' }).fill('10');
  await expect(form.getByTestId('template-recurrence-preview')).toHaveText(
    'Every quarter from 31.01.2030, made 10 days before it is due. Next due: 31.01.2030, 30.04.2030, 31.07.2030.',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByTestId('template-save').click();
  await expect(page.getByRole('alert').filter({ hasText: `Template “${title}” added` })).toBeVisible();

  const row = page
    .getByRole('table', { name: /^Templates of/ })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(row.getByTestId('template-recurrence')).toHaveText(
    'Every quarter from 31.01.2030, made 10 days before it is due',
  );
  await expect(row).toContainText('Next due: 31.01.2030, 30.04.2030, 31.07.2030');
  await expect(row).toContainText('Note');

  // Changed to every month, without lead days.
  await row.getByRole('button', { name: `Change ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Change the template' });
  await edit.getByLabel('How often', { exact: true }).click();
  await page.getByRole('option', { name: 'Every month' }).click();
  await edit.getByRole('textbox', { name: 'Days before' }).fill('0');
  await edit.getByTestId('template-save').click();
  await expect(row.getByTestId('template-recurrence')).toHaveText(
    'Every month from 31.01.2030, made on the due date',
  );

  // Picked in a new task, it fills in the title, the description and the note it requires.
  await page.getByRole('navigation', { name: 'Task pages' }).getByRole('link', { name: 'Tasks' }).click();
  await page.getByTestId('task-new').click();
  const task = page.getByRole('dialog', { name: 'New task' });
  await task.getByLabel('Template', { exact: true }).click();
  await page.getByRole('option', { name: title }).click();
  await expect(task.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(task.getByRole('textbox', { name: 'Description' })).toHaveText(
    'Hours from the bakery in by the 20th.',
  );
  await expect(task.getByRole('switch', { name: 'Requires a note to finish' })).toBeChecked();
  await task.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('navigation', { name: 'Task pages' }).getByRole('link', { name: 'Templates' }).click();
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByTestId('template-delete-confirm').click();
  await expect(page.getByRole('alert').filter({ hasText: `Template “${title}” deleted` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});
