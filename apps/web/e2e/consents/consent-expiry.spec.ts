import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { demoCompanies, demoUsers } from '../support/demo';
import { pickLanguage, signIn } from '../support/session';
import { approvedConsent, consentCard, daysFromToday, openConsentPage } from './helpers';

const company = demoCompanies.bakery;

test('a consent ending in 10 days blinks in warning red, also for people who ask for reduced motion', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, demoUsers.accountant.email);
  const consent = await approvedConsent(page, company, { validUntil: daysFromToday(10) });

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openConsentPage(page, company);
  const warning = consentCard(page, consent.id).getByTestId('consent-expiring-soon');
  await expect(warning).toHaveText(/^Expires in (9|10) days: \d{2}\.\d{2}\.\d{4}$/);
  const look = await warning.evaluate((element) => {
    const style = getComputedStyle(element);
    return { animation: style.animationName, iterations: style.animationIterationCount };
  });
  expect(look.animation).not.toBe('none');
  expect(look.iterations).toBe('infinite');
  expect(await seriousViolations(page)).toEqual([]);

  await pickLanguage(page, 'no');
  await expect(warning).toHaveText(/^Utløper om (9|10) dager: \d{2}\.\d{2}\.\d{4}$/);
});
