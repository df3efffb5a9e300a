import type { CompanyService, Division } from '@bilag/contracts';
import { expect, type Page } from '@playwright/test';
import { authorization } from '../imports/helpers';
import { dataOf } from '../support/api';
import { demoCompanies } from '../support/demo';

/** No payment spec works in the fishery, so turning its payments off disturbs no other test. */
export const company = demoCompanies.fishery;

/** A first visit loads the screen's code and its calls; a busy test machine needs the time. */
export const FIRST_LOAD_TIMEOUT_MS = 20_000;

/** Puts payments on or off through the API, so a run that stopped halfway starts from the same place. */
export async function setPayments(page: Page, isPaymentOn: boolean) {
  const reply = await page.request.put('/api/main/company-services/payment-status', {
    headers: await authorization(page),
    data: { companyId: company.id, isPaymentOn },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

/** The bank connection on again, bought through the API when it was left off. */
export async function ensureBankConnection(page: Page) {
  const headers = await authorization(page);
  const services = await dataOf<{ services: CompanyService[] }>(
    await page.request.get(`/api/main/company-services/fetchAll?companyId=${company.id}`, { headers }),
  );
  if (services.services.find((service) => service.service === 'bank-sync')?.isOn) return;
  await dataOf(
    await page.request.post('/api/main/company-services/buy-ztl-service', {
      headers,
      data: { companyId: company.id },
    }),
  );
}

/** Deletes the company's divisions, so the page starts empty. */
export async function deleteDivisions(page: Page) {
  const headers = await authorization(page);
  const divisions = await dataOf<Division[]>(
    await page.request.get(`/api/main/company-services/division?companyId=${company.id}`, { headers }),
  );
  for (const division of divisions) {
    const reply = await page.request.delete(
      `/api/main/company-services/division/delete/${division.id}?companyId=${company.id}`,
      { headers },
    );
    expect(reply.ok(), await reply.text()).toBe(true);
  }
}
