import { addDays } from '@bilag/domain/dates/norwegian-dates';
import { expect, type Page, test } from '@playwright/test';
import { todayInNorway, typedDate } from '../payments/helpers';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  assignableUserId,
  callerOf,
  createTask,
  FIRST_LOAD_TIMEOUT_MS,
  pdfFile,
  readTask,
  shownTitles,
  uniqueName,
} from './helpers';

const company = demoCompanies.bakery;

function drawer(page: Page) {
  return page.getByRole('dialog', { name: 'Task' });
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

test('a task is made with a person and a label, opened, discussed with a mention, given a file and finished with its note', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = uniqueName('Close the books for');
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Tasks', exact: true })
    .click();
  await expect(page).toHaveURL(`/${company.alias}/task`);
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(page.getByTestId('task-count')).not.toHaveText(' ', { timeout: FIRST_LOAD_TIMEOUT_MS });

  await page.getByTestId('task-new').click();
  const form = page.getByRole('dialog', { name: 'New task' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  const description = form.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.type('Reconcile the bank and the VAT accounts.');
  await form.getByRole('combobox', { name: 'Assigned to' }).click();
  await page.getByRole('option', { name: demoUsers.ceo.fullName }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('combobox', { name: 'Labels' }).click();
  await page.getByRole('option', { name: 'MVA' }).click();
  await page.keyboard.press('Escape');
  const dueDate = addDays(todayInNorway(), 14);
  await form.getByRole('textbox', { name: 'Due date' }).fill(typedDate(dueDate));
  await form.getByRole('switch', { name: 'Requires a note to finish' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByTestId('task-save').click();
  await expect(toast(page, `Task “${title}” created`)).toBeVisible();
  await expect(form).toBeHidden();

  const row = page.getByTestId(/^task-row-/).filter({ hasText: title });
  await expect(row.getByTestId('task-label')).toHaveText('MVA');
  await expect(row.getByRole('img', { name: demoUsers.ceo.fullName })).toBeVisible();
  await expect(row).toContainText(typedDate(dueDate));
  expect(await seriousViolations(page)).toEqual([]);

  // Opened by its link, which names it in the address, as a notification's link does.
  await row.getByTestId('task-open').click();
  await expect(page).toHaveURL(/[?&]taskId=\d+/);
  const taskId = Number(new URL(page.url()).searchParams.get('taskId'));
  await expect(drawer(page).getByTestId('task-detail-title')).toHaveText(title);
  await expect(drawer(page).getByTestId('task-detail-assignees')).toHaveText(demoUsers.ceo.fullName);
  await expect(drawer(page).getByTestId('task-detail-description')).toContainText('Reconcile the bank');

  // A comment that mentions Ola: the editor offers the company's people after an @.
  const comments = drawer(page).getByTestId('task-comments');
  const send = comments.getByTestId('task-comment-new-send');
  await expect(send).toBeDisabled();
  await comments.getByRole('textbox', { name: 'New comment' }).click();
  await page.keyboard.type('@Ola');
  await expect(page.getByRole('listbox', { name: 'People to mention' })).toBeVisible();
  await expect(page.getByRole('option', { name: /Ola Ansatt/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.type('can you check the bank statement?');
  await send.click();
  const comment = comments
    .getByTestId(/^task-comment-\d+$/)
    .filter({ hasText: 'can you check the bank statement?' });
  await expect(comment.locator('span[data-type="mention"]')).toHaveText('@Ola Ansatt');
  await expect(comments.getByRole('heading', { name: '1 comment' })).toBeVisible();
  const caller = await callerOf(page);
  const olaId = await assignableUserId(page, caller, company.id, demoUsers.ceo.fullName);
  const stored = await readTask(page, caller, company.id, taskId);
  expect(stored.comments.map((saved) => saved.mentionedUserIds)).toEqual([[olaId]]);

  // A file, attached and downloaded again.
  const files = drawer(page).getByTestId('task-files');
  await files.locator('input[type="file"]').setInputFiles(pdfFile('bank-statement.pdf', 'Kontoutskrift'));
  await expect(toast(page, 'The file is attached')).toBeVisible();
  const fileLine = files.getByRole('listitem').filter({ hasText: 'bank-statement.pdf' });
  await expect(fileLine).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    fileLine.getByRole('button', { name: 'Download bank-statement.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('bank-statement.pdf');

  // Finishing asks for the note the task requires.
  await drawer(page).getByTestId('task-status-done').click();
  const finish = page.getByRole('dialog', { name: 'Finish the task' });
  await finish.getByTestId('task-finish-confirm').click();
  await expect(finish.getByText('Write the note first.')).toBeVisible();
  await finish.getByRole('textbox', { name: 'Note' }).fill('Reconciled against the statement of the month.');
  await finish.getByTestId('task-finish-confirm').click();
  await expect(toast(page, 'The task is done')).toBeVisible();
  await expect(drawer(page).getByTestId('task-status')).toHaveText('Done');
  await expect(drawer(page).getByTestId('task-detail-note')).toHaveText(
    'Reconciled against the statement of the month.',
  );
  await expect(drawer(page).getByTestId('task-history').getByTestId('history-entry').first()).toContainText(
    'Finished',
  );
  expect(await seriousViolations(page)).toEqual([]);

  // Done, it leaves the list of open tasks.
  await drawer(page).getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/taskId=/);
  await expect(page.getByTestId(/^task-row-/).filter({ hasText: title })).toHaveCount(0);
});

test('a task that requires a voucher is not finished without one, and the server says why', async ({
  page,
}) => {
  const caller = await callerOf(page);
  const task = await createTask(page, caller, company.id, {
    title: uniqueName('Receipt for the mixer'),
    isRequireVoucher: true,
  });
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/task?taskId=${task.id}`);
  await expect(drawer(page).getByTestId('task-detail-title')).toHaveText(task.title, {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await drawer(page).getByTestId('task-status-done').click();
  await expect(toast(page, 'Attach a file or link a voucher before you finish this task.')).toBeVisible();
  await expect(drawer(page).getByTestId('task-status')).toHaveText('To do');
});

test('tasks are put in order from the keyboard, and the order is kept', async ({ page }) => {
  const caller = await callerOf(page);
  const tag = uniqueName('Order');
  // A new task comes first: the second one made shows at the top.
  const first = await createTask(page, caller, company.id, { title: `${tag} pay rent` });
  const second = await createTask(page, caller, company.id, { title: `${tag} send invoices` });
  await signIn(page, demoUsers.accountant.email);
  await page.goto(`/${company.alias}/task?q=${encodeURIComponent(tag)}`);
  await expect(page.getByTestId(/^task-row-/)).toHaveCount(2, { timeout: FIRST_LOAD_TIMEOUT_MS });
  expect(await shownTitles(page)).toEqual([second.title, first.title]);

  const handle = page.getByRole('button', { name: `Move “${second.title}”` });
  await handle.focus();
  const moved = page.waitForResponse((reply) => reply.url().endsWith(`/api/task/tasks/${second.id}/move`));
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => shownTitles(page)).toEqual([first.title, second.title]);
  await expect(page.getByTestId('task-move-announcement')).toHaveText(
    `“${second.title}” moved to place 2 of 2.`,
  );
  expect((await moved).ok()).toBe(true);
  await expect(handle).toBeFocused();
  // Already last: a step further down changes nothing.
  await page.keyboard.press('Alt+ArrowDown');
  expect(await shownTitles(page)).toEqual([first.title, second.title]);

  await page.reload();
  await expect(page.getByTestId(/^task-row-/)).toHaveCount(2, { timeout: FIRST_LOAD_TIMEOUT_MS });
  expect(await shownTitles(page)).toEqual([first.title, second.title]);
  // Up again, and the other tasks of the company keep their places around them.
  // The list may draw itself once more as the page settles after the reload; the key goes to the
  // handle once it holds the focus, and the new order is waited for as the list redraws.
  const handleAfterReload = page.getByRole('button', { name: `Move “${second.title}”` });
  await handleAfterReload.focus();
  await expect(handleAfterReload).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => shownTitles(page)).toEqual([second.title, first.title]);
});

test('the person a task is given to opens it from the notification', async ({ page }) => {
  const caller = await callerOf(page);
  const olaId = await assignableUserId(page, caller, company.id, demoUsers.ceo.fullName);
  const task = await createTask(page, caller, company.id, {
    title: uniqueName('Count the cash register'),
    assigneeUserIds: [olaId],
  });
  await signIn(page, demoUsers.ceo.email);
  await page.goto(`/${company.alias}/`);
  await page.getByTestId('notification-bell').click();
  await page.getByRole('button', { name: new RegExp(task.title) }).click();
  await expect(page).toHaveURL(`/${company.alias}/task?taskId=${task.id}`);
  await expect(drawer(page).getByTestId('task-detail-title')).toHaveText(task.title, {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
});
