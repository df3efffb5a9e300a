import { expect, type Page } from '@playwright/test';
import { signInForCalls } from '../payments/helpers';
import { type DemoCompany, demoUsers } from '../support/demo';
import { SANDBOX_URL } from '../support/sandbox';

/** The sandbox's default PEPPOL API key, which the server's configuration also uses. */
const PEPPOL_API_KEY = 'sandbox-peppol-key';

type SentMessage = { documentId: string; delivery: { delivered: boolean } };

/** Registers the company to receive EHF through the product, as its administrator does on the settings page. */
export async function receiveEhf(page: Page, company: DemoCompany) {
  const admin = await signInForCalls(page, demoUsers.admin.email);
  const reply = await page.request.post('/api/main/company-services/ehf', {
    headers: admin.headers,
    data: { companyId: company.id },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

/**
 * Sends one of the access point's example documents to the company from the sandbox's own send form,
 * as a supplier's system would, and answers the document's number once it has been delivered.
 */
export async function sendExampleEhf(page: Page, company: DemoCompany, example: string): Promise<string> {
  const receiver = company.organisationNumber.replaceAll(' ', '');
  const sent = await page.request.post(`${SANDBOX_URL}/peppol/send?lang=en`, {
    form: { receiver, document: `example:${example}`, xml: '' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  // The form answers with the page of the message it sent; other specs send at the same time, so the
  // newest message in the outbox need not be this one.
  const messageId = new URL(sent.url()).searchParams.get('sent');
  expect(messageId, sent.url()).toBeTruthy();
  const reply = await page.request.get(`${SANDBOX_URL}/peppol/api/v1/outbox/${messageId}`, {
    headers: { 'x-api-key': PEPPOL_API_KEY },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  const message = (await reply.json()) as SentMessage;
  expect(message.delivery.delivered, JSON.stringify(message)).toBe(true);
  return message.documentId;
}
