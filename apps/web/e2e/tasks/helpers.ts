import type { Task, TaskComment, TaskDetail, TaskFields, TaskUser } from '@bilag/contracts';
import { expect, type Page } from '@playwright/test';
import { signInForCalls } from '../payments/helpers';
import { dataOf } from '../support/api';
import { demoUsers } from '../support/demo';

export { FIRST_LOAD_TIMEOUT_MS } from '../payments/helpers';
export { pdfFile, uniqueName } from '../vouchers/helpers';

type Caller = Awaited<ReturnType<typeof signInForCalls>>;

/** Signs in for calls as the accountant unless told otherwise. */
export function callerOf(page: Page, email: string = demoUsers.accountant.email): Promise<Caller> {
  return signInForCalls(page, email);
}

export async function createTask(
  page: Page,
  caller: Caller,
  companyId: number,
  fields: Partial<TaskFields> & { title: string },
): Promise<Task> {
  return dataOf<Task>(
    await page.request.post('/api/task/tasks', { headers: caller.headers, data: { companyId, ...fields } }),
  );
}

export async function readTask(
  page: Page,
  caller: Caller,
  companyId: number,
  taskId: number,
): Promise<TaskDetail> {
  return dataOf<TaskDetail>(
    await page.request.get(`/api/task/tasks/${taskId}?companyId=${companyId}`, { headers: caller.headers }),
  );
}

export async function addComment(
  page: Page,
  caller: Caller,
  companyId: number,
  taskId: number,
  content: string,
): Promise<TaskComment> {
  return dataOf<TaskComment>(
    await page.request.post('/api/task/comments', {
      headers: caller.headers,
      data: { companyId, taskId, content },
    }),
  );
}

/** The id of one of the company's people, by the name the demo gives them. */
export async function assignableUserId(page: Page, caller: Caller, companyId: number, fullName: string) {
  const users = await dataOf<TaskUser[]>(
    await page.request.get(`/api/task/assignable-users?companyId=${companyId}`, { headers: caller.headers }),
  );
  const user = users.find((candidate) => candidate.fullName === fullName);
  expect(user, `${fullName} among ${users.map((candidate) => candidate.fullName).join(', ')}`).toBeDefined();
  return user?.id ?? 0;
}

/** The titles of the task rows in the order the list shows them. */
export async function shownTitles(page: Page): Promise<string[]> {
  return page
    .getByTestId(/^task-row-/)
    .getByTestId('task-open')
    .allInnerTexts();
}

/** The access token the mobile app opens a task web view with. */
export async function webviewToken(page: Page, email: string = demoUsers.accountant.email): Promise<string> {
  const caller = await callerOf(page, email);
  return caller.headers.Authorization?.replace(/^Bearer /, '') ?? '';
}

/** A web view opened without one of its parameters shows a spinner and nothing else, however long it waits. */
export async function expectOnlyLoader(page: Page) {
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('heading')).toHaveCount(0);
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
}
