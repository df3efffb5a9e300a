import { addDays } from '@bilag/domain';
import { buildSandbox, type Sandbox } from '../app';
import { osloDate } from '../platform/clock';

/** What the bank tests share: the sandbox, a TPP's headers, and a person walking the SCA page by its forms. */

export const KARI = '12857910093';
/** May use the bakery's operating account only. */
export const OLA = '03878510096';
export const RITA_REJECTS = '21919010182';
export const TORE_TIMES_OUT = '30827210060';
export const FEIL_FAILS = '07896610087';
/** Approves at BankID signing, then never answers at the bank's SCA page. */
export const VERA_TIMES_OUT_AT_BANK = '14918310143';

export const BAKERY = '923456783';
export const BAKERY_OPERATING = '15030123457';
export const BAKERY_TAX = '15039876547';
export const BUILDER_OPERATING = '32010456788';

export const OK_URI = 'https://product.test/consent/sca-callback?state=s1';
export const NOK_URI = 'https://product.test/consent/sca-callback?state=s1&outcome=rejected';

export function givenSandbox() {
  return buildSandbox({ scaTimeoutSeconds: 1 });
}

export const tpp = (headers: Record<string, string> = {}) => ({
  'x-request-id': crypto.randomUUID(),
  ...headers,
});

export const initiation = (headers: Record<string, string> = {}) =>
  tpp({ 'tpp-redirect-uri': OK_URI, 'tpp-nok-redirect-uri': NOK_URI, ...headers });

/** A day counted from the machine's today (the sandbox's, while its clock is not moved). */
export function daysFromToday(days: number): string {
  return addDays(osloDate(new Date()), days);
}

export async function moveClock(app: Sandbox, offsetDays: number) {
  await app.inject({ method: 'PUT', url: '/sandbox/clock', payload: { offsetDays } });
}

export type ConsentRequest = {
  bankId?: string;
  access?: Record<string, unknown>;
  recurringIndicator?: boolean;
  validUntil?: string;
  frequencyPerDay?: number;
  headers?: Record<string, string>;
};

export async function createConsent(app: Sandbox, request: ConsentRequest = {}) {
  return app.inject({
    method: 'POST',
    url: `/psd2/${request.bankId ?? 'dnb'}/v1/consents`,
    headers: initiation(request.headers),
    payload: {
      access: request.access ?? { allPsd2: 'allAccounts' },
      recurringIndicator: request.recurringIndicator ?? true,
      validUntil: request.validUntil ?? '2099-12-31',
      frequencyPerDay: request.frequencyPerDay ?? 4,
      combinedServiceIndicator: false,
    },
  });
}

/** The path of the SCA page an initiation answer links to. */
export function scaPathOf(answer: { _links: { scaRedirect: { href: string } } }): string {
  return new URL(answer._links.scaRedirect.href).pathname;
}

export function postForm(app: Sandbox, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Logs in on the SCA page and approves or rejects there; the answer is the bank's last redirect. */
export async function walkSca(
  app: Sandbox,
  scaPath: string,
  ssn: string,
  decision: 'approve' | 'reject' = 'approve',
) {
  const login = await postForm(app, `${scaPath}/login`, { ssn });
  if (login.statusCode !== 303) return login;
  return postForm(app, `${scaPath}/decision`, { decision });
}

/** A consent the person approved on the SCA page, ready for account reads. */
export async function approvedConsent(app: Sandbox, request: ConsentRequest = {}, ssn = KARI) {
  const created = await createConsent(app, request);
  const answer = created.json();
  const approved = await walkSca(app, scaPathOf(answer), ssn);
  if (approved.headers.location !== OK_URI) throw new Error(`SCA did not approve: ${approved.body}`);
  return answer.consentId as string;
}

export function readAccounts(
  app: Sandbox,
  consentId: string,
  path: string,
  headers: Record<string, string> = {},
  bankId = 'dnb',
) {
  return app.inject({
    method: 'GET',
    url: `/psd2/${bankId}/v1${path}`,
    headers: tpp({ 'consent-id': consentId, ...headers }),
  });
}
