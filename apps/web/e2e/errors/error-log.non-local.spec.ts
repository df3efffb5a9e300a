import { expect, test } from '@playwright/test';
import { breakCompanyReply } from '../support/contract';
import { demoCompanies, demoUsers } from '../support/demo';
import { signInThroughForm } from '../support/session';

test('on a host that is not local, a render failure is sent to the server’s log with its URL', async ({
  page,
  baseURL,
}) => {
  expect(new URL(baseURL ?? '').hostname).toBe('bilag.test');
  await breakCompanyReply(page, demoCompanies.bakery);
  const logCall = page.waitForRequest(
    (request) => request.url().endsWith('/api/log') && request.method() === 'POST',
  );

  await signInThroughForm(page, demoUsers.ceo.email);

  await expect(page.getByRole('heading', { name: 'OOP!' })).toBeVisible();
  const logged = (await logCall).postDataJSON();
  expect(logged.level).toBe('error');
  expect(logged.url).toBe(`${baseURL}/${demoCompanies.bakery.alias}/`);
  expect(logged.message).toContain('does not match its contract');
  const reply = await (await logCall).response();
  expect(reply?.status()).toBe(200);
});
