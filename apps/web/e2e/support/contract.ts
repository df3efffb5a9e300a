import type { Page } from '@playwright/test';
import type { DemoCompany } from './demo';

/** Answers the company's detail call with a shape its contract does not allow. */
export async function breakCompanyReply(page: Page, company: DemoCompany) {
  await page.route(`**/api/main/company/${company.id}`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        isSuccess: true,
        success: true,
        message: '',
        data: { Id: 'not-a-number', Name: 42 },
      }),
    }),
  );
}
