import { addDays } from '@bilag/domain/dates/norwegian-dates';
import { expect, test } from '@playwright/test';
import { todayInNorway, typedDate } from '../payments/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import { assignableUserId, callerOf, createTask, FIRST_LOAD_TIMEOUT_MS, uniqueName } from './helpers';

test('the bureau sees the open tasks of all its companies, overdue first, and opens one in its company', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const caller = await callerOf(page);
  const construction = demoCompanies.construction;
  const kariId = await assignableUserId(page, caller, construction.id, demoUsers.accountant.fullName);
  const late = await createTask(page, caller, construction.id, {
    title: uniqueName('Chase the missing receipts'),
    dueDate: addDays(todayInNorway(), -2),
    assigneeUserIds: [kariId],
  });
  const later = await createTask(page, caller, construction.id, {
    title: uniqueName('Prepare the shareholder register'),
    dueDate: addDays(todayInNorway(), 40),
  });

  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${demoCompanies.bakery.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Task overview' })
    .click();
  await expect(page.getByRole('heading', { name: 'Task overview', level: 1 })).toBeVisible();
  await expect(page.getByTestId('overview-count')).toContainText('overdue', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  // Overdue first: every overdue row comes before the first one that is not.
  const overdueFlags = await page
    .getByTestId(/^overview-row-/)
    .evaluateAll((rows) => rows.map((row) => row.hasAttribute('data-overdue')));
  expect(
    overdueFlags.indexOf(false) === -1 || !overdueFlags.slice(overdueFlags.indexOf(false)).includes(true),
  ).toBe(true);

  await page.getByTestId('overview-company').click();
  await page.getByRole('option', { name: construction.name }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]company=${construction.id}`));
  const lateRow = page.getByTestId(`overview-row-${late.id}`);
  await expect(lateRow.getByTestId('task-overdue')).toBeVisible();
  await expect(page.getByTestId(`overview-row-${later.id}`)).toBeVisible();

  // The filter lives in the address, so the switch follows once the address has changed.
  const onlyMine = page.getByRole('switch', { name: 'Only mine' });
  await onlyMine.click();
  await expect(onlyMine).toBeChecked();
  await expect(page).toHaveURL(/[?&]mine=true/);
  await expect(lateRow).toBeVisible();
  await expect(page.getByTestId(`overview-row-${later.id}`)).toHaveCount(0);
  await onlyMine.click();
  await expect(onlyMine).not.toBeChecked();

  await page.getByRole('textbox', { name: 'Due by' }).fill(typedDate(addDays(todayInNorway(), 7)));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]due=\d{4}-\d{2}-\d{2}/);
  await expect(lateRow).toBeVisible();
  await expect(page.getByTestId(`overview-row-${later.id}`)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await lateRow.getByRole('link', { name: construction.name }).click();
  await expect(page).toHaveURL(`/${construction.alias}/task?taskId=${late.id}`);
  await expect(page.getByRole('dialog', { name: 'Task' }).getByTestId('task-detail-title')).toHaveText(
    late.title,
    {
      timeout: FIRST_LOAD_TIMEOUT_MS,
    },
  );
});
