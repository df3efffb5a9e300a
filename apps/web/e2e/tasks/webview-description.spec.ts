import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies } from '../support/demo';
import { pngFile } from '../vouchers/helpers';
import { callerOf, createTask, expectOnlyLoader, readTask, uniqueName, webviewToken } from './helpers';

const company = demoCompanies.bakery;

test('the description web view shows only a loader while a parameter is missing', async ({ page }) => {
  const token = await webviewToken(page);
  for (const query of [
    `companyId=${company.id}&taskId=1`,
    `token=${token}&taskId=1`,
    `companyId=${company.id}&token=${token}`,
  ]) {
    await page.goto(`/task-description-webview?${query}`);
    await expectOnlyLoader(page);
  }
});

test('the description web view signs in with its token and saves the changed description', async ({
  page,
}) => {
  const caller = await callerOf(page);
  const task = await createTask(page, caller, company.id, {
    title: uniqueName('Prepare the VAT return'),
    description: '<p>Collect the sales figures.</p>',
  });
  const token = await webviewToken(page);
  await page.goto(`/task-description-webview?companyId=${company.id}&token=${token}&taskId=${task.id}`);
  await expect(page.getByTestId('webview-task-title')).toHaveText(task.title);
  // The view speaks the language the person chose, which other tests change: the checks hold in both.
  const editor = page.getByTestId('webview-description-editor');
  await expect(editor).toHaveText('Collect the sales figures.');
  expect(await page.evaluate(() => localStorage.getItem('bilag.webview.token'))).toBe(token);
  // A web view has no menu and signs no one into the app itself.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('bilag.session'))).toBeNull();

  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Then send it in Altinn.');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('webview-save').click();
  await expect(page.getByTestId('webview-saved')).toHaveText(
    /^(The description is saved\.|Beskrivelsen er lagret\.)$/,
  );
  expect((await readTask(page, caller, company.id, task.id)).description).toBe(
    '<p>Collect the sales figures. Then send it in Altinn.</p>',
  );
});

test('a web view opened with a token that is not valid says so', async ({ page }) => {
  await page.goto(`/task-description-webview?companyId=${company.id}&token=not-a-token&taskId=1`);
  await expect(page.getByText('The link could not sign you in; open it again from the app.')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
});

test('an image in the description is uploaded with the view’s token, and goes inline when the upload fails', async ({
  page,
}) => {
  const caller = await callerOf(page);
  const task = await createTask(page, caller, company.id, { title: uniqueName('Photograph the receipt') });
  const token = await webviewToken(page);
  await page.goto(`/task-description-webview?companyId=${company.id}&token=${token}&taskId=${task.id}`);
  const editor = page.getByTestId('webview-description-editor');
  await expect(editor).toBeVisible();
  const imagePicker = page.locator('input[type="file"][accept="image/png,image/jpeg"]');

  await imagePicker.setInputFiles(pngFile('receipt.png'));
  const uploaded = editor.locator('img[src^="/api/task/editor-images/"]');
  await expect(uploaded).toBeVisible();
  await expect
    .poll(() => uploaded.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  await page.route('**/api/task/editor-images', (route) => route.abort());
  await imagePicker.setInputFiles(pngFile('second.png'));
  await expect(editor.locator('img[src^="data:image/png;base64,"]')).toBeVisible();

  await page.getByTestId('webview-save').click();
  await expect(page.getByTestId('webview-saved')).toBeVisible();
  const { description } = await readTask(page, caller, company.id, task.id);
  expect(description).toMatch(/<img src="\/api\/task\/editor-images\/[^"]+"/);
  expect(description).toMatch(/<img src="data:image\/png;base64,/);
});
