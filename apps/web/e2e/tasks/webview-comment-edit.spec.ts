import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies } from '../support/demo';
import {
  addComment,
  callerOf,
  createTask,
  expectOnlyLoader,
  readTask,
  uniqueName,
  webviewToken,
} from './helpers';

const company = demoCompanies.bakery;

test('the comment edit web view shows only a loader while a parameter is missing', async ({ page }) => {
  const token = await webviewToken(page);
  await page.goto(`/task-comment-edit-webview?companyId=${company.id}&token=${token}&taskId=1`);
  await expectOnlyLoader(page);
});

test('a comment is changed in the web view and saved', async ({ page }) => {
  const caller = await callerOf(page);
  const task = await createTask(page, caller, company.id, { title: uniqueName('Pay the flour supplier') });
  const comment = await addComment(page, caller, company.id, task.id, '<p>First draft</p>');
  const token = await webviewToken(page);

  await page.goto(
    `/task-comment-edit-webview?companyId=${company.id}&token=${token}&taskId=${task.id}&commentId=${comment.id}`,
  );
  await expect(page.getByTestId('webview-task-title')).toHaveText(task.title);
  // The view speaks the language the person chose, which other tests change: the checks hold in both.
  const editor = page.getByTestId('webview-comment-editor');
  await expect(editor).toHaveText('First draft');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Paid on Friday.');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('webview-send').click();
  await expect(page.getByTestId('webview-saved')).toHaveText(
    /^(The comment is saved\.|Kommentaren er lagret\.)$/,
  );
  const stored = await readTask(page, caller, company.id, task.id);
  expect(stored.comments.map((saved) => saved.content)).toEqual(['<p>Paid on Friday.</p>']);

  await page.goto(
    `/task-comment-edit-webview?companyId=${company.id}&token=${token}&taskId=${task.id}&commentId=999999`,
  );
  await expect(page.getByTestId('webview-comment-missing')).toHaveText(
    /^(The comment is not on this task any more\.|Kommentaren finnes ikke lenger på denne oppgaven\.)$/,
  );
});
