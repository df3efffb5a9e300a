import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { pickLanguage } from '../support/session';

/** The demo password of the tutorial videos (TUTORIAL_PASSWORD's default). */
const PASSWORD = 'bilag-demo';

/** HTMLMediaElement.HAVE_METADATA: the browser knows the video's length and size. */
const HAVE_METADATA = 1;

const TUTORIAL_PAGES = [
  { path: '/video', title: 'Vouchers and bank accounts' },
  { path: '/video/android', title: 'Upload a receipt from your phone' },
  { path: '/video/pay-dnb-android', title: 'Pay an invoice with DNB' },
  { path: '/video/pay-sp1-android', title: 'Pay an invoice with SpareBank 1' },
  { path: '/video/invoice-web', title: 'EHF invoices to the payment list' },
] as const;

function passwordDialog(page: Page) {
  return page.getByRole('dialog', { name: /^(Password for the tutorials|Passord for opplæringen)$/ });
}

/** What the browser knows of the video once it has read it: enough to play, and how long it is. */
function videoState(page: Page) {
  return page.getByTestId('tutorial-video').evaluate((element: HTMLVideoElement) => ({
    readyState: element.readyState,
    duration: element.duration,
    currentTime: element.currentTime,
    showingCaptions: Array.from(element.textTracks)
      .filter((track) => track.mode === 'showing')
      .map((track) => track.language),
  }));
}

async function expectVideoReady(page: Page) {
  await expect
    .poll(async () => {
      const state = await videoState(page);
      return state.readyState >= HAVE_METADATA && state.duration > 0;
    })
    .toBe(true);
}

async function enterPassword(page: Page, typed: string) {
  const dialog = passwordDialog(page);
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Password', exact: true });
  await field.pressSequentially(typed);
  return { dialog, field };
}

test('a wrong password is said to be wrong, and the page loads again to ask anew', async ({ page }) => {
  await page.goto('/video');
  await expect(page.getByTestId('tutorial-title')).toHaveText('Vouchers and bank accounts');
  // The prompt is attached a moment after the page has loaded (spec §9).
  await expect(passwordDialog(page)).toBeHidden();
  const { dialog, field } = await enterPassword(page, 'not the password');
  await expect(field).toHaveValue('notthepassword');
  expect(await seriousViolations(page)).toEqual([]);

  const reloaded = page.waitForEvent('load');
  await field.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('The password for the tutorial videos is wrong.');
  await expect(dialog.getByRole('alert')).toContainText('The page loads again');
  await reloaded;
  await expect(passwordDialog(page)).toBeVisible();
  await expect(passwordDialog(page).getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
  await expect(page.getByTestId('tutorial-video')).toHaveCount(0);
});

test('the right password shows the video, which plays with captions, and every tutorial opens without asking again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/video');
  const { dialog, field } = await enterPassword(page, ` ${PASSWORD.slice(0, 5)} ${PASSWORD.slice(5)} `);
  await expect(field).toHaveValue(PASSWORD);
  await field.press('Enter');
  await expect(dialog).toBeHidden();

  await expectVideoReady(page);
  expect((await videoState(page)).showingCaptions).toEqual(['en']);
  const steps = page.getByTestId('tutorial-steps').getByRole('button');
  await expect(steps.first()).toBeVisible();
  expect(await steps.count()).toBeGreaterThanOrEqual(3);
  expect(await seriousViolations(page)).toEqual([]);

  // A step jumps to its moment in the video, from the keyboard.
  const third = steps.nth(2);
  // Named by what it shows: its moment in the video, then its text.
  const moment = (await third.textContent())?.match(/^(\d+):(\d\d)/);
  const seconds = Number(moment?.[1]) * 60 + Number(moment?.[2]);
  await page.getByTestId('tutorial-video').evaluate((element: HTMLVideoElement) => {
    element.muted = true;
  });
  await third.focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await videoState(page)).currentTime).toBeGreaterThanOrEqual(seconds);
  await expect(third).toHaveAttribute('aria-current', 'step');

  for (const tutorial of TUTORIAL_PAGES.slice(1)) {
    await page
      .getByRole('navigation', { name: 'All tutorials' })
      .getByRole('link', { name: tutorial.title })
      .click();
    await expect(page).toHaveURL(tutorial.path);
    await expect(page.getByTestId('tutorial-title')).toHaveText(tutorial.title);
    await expectVideoReady(page);
    await expect(passwordDialog(page)).toBeHidden();
  }

  // A page opened afresh in the same browser session asks for nothing either.
  await page.goto('/video/pay-dnb-android');
  await expectVideoReady(page);
  await page.waitForTimeout(1500);
  await expect(passwordDialog(page)).toBeHidden();
});

test('each tutorial page opens at its own address, in Norwegian too, with the captions of the language', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const reply = await page.request.post('/api/account/users/check-password', {
    data: { password: PASSWORD },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  const { token, expiresIn } = (await reply.json()).data as { token: string; expiresIn: number };
  await page.goto('/favicon.svg');
  await page.evaluate((access) => sessionStorage.setItem('bilag.tutorials.access', JSON.stringify(access)), {
    token,
    expiresAt: Date.now() + expiresIn * 1000,
  });
  for (const tutorial of TUTORIAL_PAGES) {
    await page.goto(tutorial.path);
    await expect(page.getByTestId('tutorial-title')).toHaveText(tutorial.title);
    await expectVideoReady(page);
  }

  await pickLanguage(page, 'no');
  await expect(page.getByTestId('tutorial-title')).toHaveText('EHF-fakturaer til betalingslisten');
  await expect.poll(async () => (await videoState(page)).showingCaptions).toEqual(['nb']);
  await expect(page.getByTestId('tutorial-steps')).toContainText('betalingslisten');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the video is streamed in byte ranges, so the player can seek, and only with the token', async ({
  request,
}) => {
  const reply = await request.post('/api/account/users/check-password', { data: { password: PASSWORD } });
  const { token } = (await reply.json()).data as { token: string };

  const whole = await request.get(`/api/account/tutorials/overview/video?token=${token}`);
  expect(whole.status()).toBe(200);
  expect(whole.headers()['content-type']).toBe('video/webm');
  expect(whole.headers()['accept-ranges']).toBe('bytes');
  const size = (await whole.body()).length;

  const part = await request.get(`/api/account/tutorials/overview/video?token=${token}`, {
    headers: { Range: 'bytes=1000-1999' },
  });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 1000-1999/${size}`);
  expect((await part.body()).equals((await whole.body()).subarray(1000, 2000))).toBe(true);

  const withoutToken = await request.get('/api/account/tutorials/overview/video', {
    headers: { Range: 'bytes=0-99' },
  });
  expect(withoutToken.status()).toBe(401);
});
