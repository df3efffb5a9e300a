import { addDays, todayIsoDate } from '@bilag/domain';
import { type PersonBehaviour, SANDBOX_ACCOUNTS, TEST_PEOPLE } from '@bilag/sandbox/world';
import { expect } from 'vitest';
import { translate } from '../../platform/messages';
import { ProviderError, providerErrorToAppError } from '../provider-error';
import type { AccountReference, BankClient, ConsentRequest, ReturnUrls } from './interface';

/**
 * What the bank client's contract tests share: the product's return URLs, the test world's people
 * and accounts, and a person at the bank's SCA page, driven
 * over HTTP the way a browser does it: reading the page's forms and following its redirects.
 */

export const RETURN_URLS = {
  returnUrl: 'https://bilag.test/bank/return?state=approved-path',
  returnUrlOnRejection: 'https://bilag.test/bank/return?state=rejected-path',
} satisfies ReturnUrls;

export function personWho(behaviour: PersonBehaviour): string {
  const person = TEST_PEOPLE.find((candidate) => candidate.behaviour.bank === behaviour);
  if (!person) throw new Error(`the test world has no person who ${behaviour}`);
  return person.ssn;
}

function personNamed(name: string): string {
  const person = TEST_PEOPLE.find((candidate) => candidate.name === name);
  if (!person) throw new Error(`the test world has no ${name}`);
  return person.ssn;
}

/** Approves, and may use every account of every demo company. */
export const KARI = personNamed('Kari Nordmann');
/** Approves, and may use the bakery's operating account only. */
export const OLA = personNamed('Ola Nordmann');

export function accountOf(bankId: string, name: string) {
  const account = SANDBOX_ACCOUNTS.find(
    (candidate) => candidate.bankId === bankId && candidate.name === name,
  );
  if (!account) throw new Error(`the test world has no ${name} at ${bankId}`);
  return account;
}

export const BAKERY_OPERATING = accountOf('dnb', 'Driftskonto');
export const BAKERY_TAX = accountOf('dnb', 'Skattetrekk');
export const BAKERY = BAKERY_OPERATING.ownerOrganisationNumber;

export const byNumber = (account: { bban: string }): AccountReference => ({ accountNumber: account.bban });

/** The sandbox's today moved by whole days, as YYYY-MM-DD in Oslo (where the banks book). */
export function osloDay(offsetDays: number): string {
  return addDays(todayIsoDate('Europe/Oslo'), offsetDays);
}

// --- A person at the bank's page ----------------------------------------------------------------

export type BankPage = { url: string; status: number; html: string; title: string };

/** Where a step on the bank's pages ended: on another of its pages, or back at the product. */
export type Step = { page: BankPage; returnedTo?: undefined } | { page?: undefined; returnedTo: string };

type HtmlForm = {
  action: string;
  method: string;
  fields: Map<string, string>;
  /** The id of every input, for finding one by its label. */
  inputs: { id?: string; name?: string; readonly: boolean }[];
  buttons: { name?: string; value?: string; label: string }[];
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_whole, name: string) => ENTITIES[name] ?? '');
const textOf = (markup: string) =>
  decode(markup.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([a-zA-Z-]+)(?:\s*=\s*"([^"]*)")?/g)) {
    const [, name, value] = match;
    if (name) attributes.set(name.toLowerCase(), decode(value ?? ''));
  }
  return attributes;
}

function formsOf(page: BankPage): HtmlForm[] {
  return [...page.html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map(([, tag = '', inner = '']) => {
    const form = attributesOf(tag);
    const fields = new Map<string, string>();
    const inputs: HtmlForm['inputs'] = [];
    for (const [, inputTag = ''] of inner.matchAll(/<input\b([^>]*)>/gi)) {
      const input = attributesOf(inputTag);
      const name = input.get('name');
      if (name) fields.set(name, input.get('value') ?? '');
      inputs.push({ id: input.get('id'), name, readonly: input.has('readonly') });
    }
    const buttons = [...inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)].map(
      ([, buttonTag = '', label = '']) => {
        const button = attributesOf(buttonTag);
        return { name: button.get('name'), value: button.get('value'), label: textOf(label) };
      },
    );
    return {
      action: new URL(form.get('action') ?? page.url, page.url).toString(),
      method: (form.get('method') ?? 'get').toLowerCase(),
      fields,
      inputs,
      buttons,
    };
  });
}

async function stepFrom(response: Response, url: string): Promise<Step> {
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) {
    await response.body?.cancel();
    const next = new URL(location, url);
    // Back at the product: the bank's part is over.
    if (next.origin !== new URL(url).origin) return { returnedTo: next.toString() };
    return openBankPage(next.toString());
  }
  const html = await response.text();
  const title = textOf(/<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1] ?? '');
  return { page: { url, status: response.status, html, title } };
}

export async function openBankPage(url: string): Promise<Step> {
  return stepFrom(await fetch(url, { redirect: 'manual' }), url);
}

export function pageOf(step: Step): BankPage {
  if (!step.page) throw new Error(`expected a bank page, but the person was sent back to ${step.returnedTo}`);
  return step.page;
}

/** The input a label names, as a person finds a field. */
export function fieldLabelled(page: BankPage, label: RegExp) {
  for (const [, tag = '', text = ''] of page.html.matchAll(/<label\b([^>]*)>([\s\S]*?)<\/label>/gi)) {
    if (!label.test(textOf(text))) continue;
    const id = attributesOf(tag).get('for');
    for (const form of formsOf(page)) {
      const input = form.inputs.find((candidate) => candidate.id === id);
      if (input?.name)
        return { form, name: input.name, value: form.fields.get(input.name) ?? '', readonly: input.readonly };
    }
  }
  throw new Error(`no field labelled ${label} on the page "${page.title}"`);
}

/** Presses the button with this label, with the form's fields as filled in. */
export async function press(
  page: BankPage,
  label: RegExp,
  filled: Record<string, string> = {},
): Promise<Step> {
  for (const form of formsOf(page)) {
    const button = form.buttons.find((candidate) => label.test(candidate.label));
    if (!button) continue;
    const fields = new URLSearchParams([...new Map([...form.fields, ...Object.entries(filled)])]);
    if (button.name) fields.set(button.name, button.value ?? '');
    if (form.method === 'post') {
      const response = await fetch(form.action, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: fields.toString(),
      });
      return stepFrom(response, form.action);
    }
    const target = new URL(form.action);
    for (const [name, value] of fields) target.searchParams.set(name, value);
    return openBankPage(target.toString());
  }
  throw new Error(`no button ${label} on the page "${page.title}"`);
}

/** The link a person follows back to the service from a page that ends the bank's part. */
export function linkBack(page: BankPage): string {
  for (const [, tag = '', text = ''] of page.html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)) {
    const href = attributesOf(tag).get('href');
    if (href && /back to the service/i.test(textOf(text))) return new URL(href, page.url).toString();
  }
  throw new Error(`no link back to the service on the page "${page.title}"`);
}

/** Logs in with the identity number (left as it is when the bank fixed it) and presses the login button. */
export async function logIn(page: BankPage, ssn: string): Promise<Step> {
  const field = fieldLabelled(page, /national identity number/i);
  return press(page, /log in with bankid/i, field.readonly ? {} : { [field.name]: ssn });
}

/** The whole SCA by a person who logs in and decides; where the bank sent them back to. */
export async function authoriseAtBank(
  scaRedirectUrl: string,
  ssn: string,
  decision: 'approve' | 'reject' = 'approve',
): Promise<string> {
  const loggedIn = pageOf(await logIn(pageOf(await openBankPage(scaRedirectUrl)), ssn));
  const decided = await press(loggedIn, decision === 'approve' ? /^approve$/i : /^reject$/i);
  if (decided.returnedTo === undefined)
    throw new Error(`the bank did not send the person back: ${decided.page.title}`);
  return decided.returnedTo;
}

/** A consent to read every account of the bakery at DNB (or another bank's), approved by the person. */
export async function approvedConsent(
  client: BankClient,
  overrides: Partial<ConsentRequest> = {},
  ssn = KARI,
): Promise<string> {
  const created = await client.createConsent({
    onBehalfOf: { organisationNumber: BAKERY },
    access: { scope: 'allAccounts' },
    recurring: true,
    validUntil: osloDay(90),
    frequencyPerDay: 100,
    ...RETURN_URLS,
    ...overrides,
  });
  expect(await authoriseAtBank(created.scaRedirectUrl, ssn)).toBe(RETURN_URLS.returnUrl);
  return created.consentId;
}

/** What a caller would catch from a call the bank refuses. */
export async function failureOf(call: Promise<unknown>): Promise<ProviderError> {
  const failure = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ProviderError);
  return failure as ProviderError;
}

/** What the person reads for a failure, in both languages. */
export function messagesFor(error: ProviderError): { en: string; no: string } {
  const inLanguage = (language: 'en' | 'no') => {
    const appError = providerErrorToAppError(error, (key) => translate(language, key));
    return translate(language, appError.messageKey, appError.options.params);
  };
  return { en: inLanguage('en'), no: inLanguage('no') };
}
