import type { TaskDetail } from '@bilag/contracts';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import {
  addComment,
  assignableUserId,
  callerOf,
  createTask,
  expectOnlyLoader,
  readTask,
  uniqueName,
  webviewToken,
} from './helpers';

const company = demoCompanies.bakery;
const PAYLOAD = '<img src=x onerror="window.__xssFired = true"><script>window.__xssFired = true</script>';

test('the comment web view shows only a loader while a parameter is missing', async ({ page }) => {
  await page.goto(`/task-comment-webview?companyId=${company.id}&taskId=1`);
  await expectOnlyLoader(page);
  await page.goto(`/task-comment-webview?token=abc&companyId=${company.id}`);
  await expectOnlyLoader(page);
});

test('a comment is written in the web view with a mention, and stored text never runs as code', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const caller = await callerOf(page);
  const olaId = await assignableUserId(page, caller, company.id, demoUsers.ceo.fullName);
  const task = await createTask(page, caller, company.id, { title: uniqueName('Inventory count') });
  // What the server keeps of an attack: it removes what could run.
  await addComment(page, caller, company.id, task.id, `<p>Stored attack</p>${PAYLOAD}`);
  // And should anything get past it, the page still shows stored text only through the editor's schema.
  await page.route(`**/api/task/tasks/${task.id}?*`, async (route) => {
    const reply = await route.fetch();
    const body = (await reply.json()) as { data: TaskDetail };
    const [first] = body.data.comments;
    if (first)
      body.data.comments.push({ ...first, id: first.id + 1_000_000, content: `<p>Raw attack</p>${PAYLOAD}` });
    await route.fulfill({ response: reply, json: body });
  });
  page.on('dialog', (dialog) => {
    throw new Error(`A dialog opened: ${dialog.message()}`);
  });

  const token = await webviewToken(page);
  await page.goto(`/task-comment-webview?companyId=${company.id}&token=${token}&taskId=${task.id}`);
  await expect(page.getByTestId('webview-task-title')).toHaveText(task.title);
  await expect(
    page.getByTestId('webview-comment-content').filter({ hasText: 'Stored attack' }),
  ).toBeVisible();
  await expect(page.getByTestId('webview-comment-content').filter({ hasText: 'Raw attack' })).toBeVisible();
  await expect(page.locator('[data-testid="webview-comment-content"] img[onerror]')).toHaveCount(0);
  await expect(page.locator('[data-testid="webview-comment-content"] script')).toHaveCount(0);

  const send = page.getByTestId('webview-send');
  await expect(send).toBeDisabled();
  // The view speaks the language the person chose, which other tests change: the checks hold in both.
  const editor = page.getByTestId('webview-comment-editor');
  await editor.click();
  await page.keyboard.type('Counted, ');
  await page.keyboard.type('@Ola');
  await page.getByRole('option', { name: /Ola Ansatt/ }).click();
  // Markup typed as text stays text.
  await page.keyboard.type('see <img src=x onerror=alert(1)>');
  expect(await seriousViolations(page)).toEqual([]);
  await send.click();
  await expect(page.getByTestId('webview-saved')).toHaveText(
    /^(The comment is sent\.|Kommentaren er sendt\.)$/,
  );
  await expect(editor).toHaveText('');

  const shown = page.getByTestId('webview-comment-content').filter({ hasText: 'Counted,' });
  await expect(shown).toContainText('see <img src=x onerror=alert(1)>');
  await expect(shown.locator('span[data-type="mention"]')).toHaveAttribute('data-id', String(olaId));
  expect(await page.evaluate(() => (window as { __xssFired?: boolean }).__xssFired)).toBeUndefined();

  const stored = await readTask(page, caller, company.id, task.id);
  const written = stored.comments.find((comment) => comment.content.includes('Counted,'));
  expect(written?.mentionedUserIds).toEqual([olaId]);
  expect(written?.content).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(stored.comments.find((comment) => comment.content.includes('Stored attack'))?.content).not.toContain(
    'onerror',
  );
});
