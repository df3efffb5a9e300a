import { PaymentBankGroup } from '@bilag/contracts';
import { z } from 'zod';

/**
 * What the return pages read from their address. An outside party (or anyone with a link) writes it,
 * so each value is checked before the page acts on it; an address a page cannot act on is read as
 * undefined, and the page answers it with 404 as the spec says for an unknown action or basket.
 */

const Uuid = z.string().uuid();
const CompanyBankId = z.coerce.number().int().positive().safe();
const AccountNumber = z.string().regex(/^\d{11}$/);
const OrganisationNumber = z.string().regex(/^\d{9}$/);

function readUuid(query: URLSearchParams, name: string): string | undefined {
  return Uuid.safeParse(query.get(name) ?? undefined).data;
}

/** A list travels as repeated parameters or as one comma-separated value; both are read. */
function readList(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

export type SignantAuthReturn = {
  action: 'signant-auth';
  bankGroup: PaymentBankGroup;
  organisationNumber: string;
  companyBankIds: number[];
  accountNumbers: string[];
  /** Set when the signing approves a basket; without it the signing verified the accounts. */
  basketUUID: string | undefined;
};
export type PaymentAuthReturn = { action: 'payment-auth'; basketUUID: string };
export type SignNextQuery = SignantAuthReturn | PaymentAuthReturn;

const SignantAuthLists = z
  .object({
    companyBankIds: z.array(CompanyBankId).min(1).max(50),
    accountNumbers: z.array(AccountNumber).min(1).max(50),
  })
  .refine((lists) => lists.companyBankIds.length === lists.accountNumbers.length);

/** /sign-next: the signing provider's return after BankID, or ours after the bank accepted a payment. */
export function readSignNextQuery(query: URLSearchParams): SignNextQuery | undefined {
  const action = query.get('action');
  if (action === 'payment-auth') {
    const basketUUID = readUuid(query, 'basketUUID');
    return basketUUID ? { action, basketUUID } : undefined;
  }
  if (action !== 'signant-auth') return undefined;
  const bankGroup = PaymentBankGroup.safeParse(query.get('bankGroup')).data;
  const organisationNumber = OrganisationNumber.safeParse(query.get('organisationNumber')).data;
  const lists = SignantAuthLists.safeParse({
    companyBankIds: readList(query, 'companyBankIds'),
    accountNumbers: readList(query, 'accountNumbers'),
  }).data;
  const basketText = query.get('basketUUID');
  const basketUUID = basketText === null || basketText === '' ? undefined : readUuid(query, 'basketUUID');
  const hasBadBasket = basketText !== null && basketText !== '' && basketUUID === undefined;
  if (!bankGroup || !organisationNumber || !lists || hasBadBasket) return undefined;
  return { action, bankGroup, organisationNumber, ...lists, basketUUID };
}

export type SignCancelQuery = { action: 'signant-auth' } | { action: 'payment-auth'; basketUUID: string };

/** /sign-cancel: the person cancelled at BankID, or it failed or timed out there. */
export function readSignCancelQuery(query: URLSearchParams): SignCancelQuery | undefined {
  const action = query.get('action');
  if (action === 'signant-auth') return { action };
  if (action !== 'payment-auth') return undefined;
  const basketUUID = readUuid(query, 'basketUUID');
  return basketUUID ? { action, basketUUID } : undefined;
}

/** Every parameter of the address, as the callbacks take them (a repeated one counts once, its last value). */
export function queryRecord(query: URLSearchParams): Record<string, string> {
  return Object.fromEntries(query.entries());
}

/**
 * A path of this app to go to, never another site: it starts with one slash ("//host" and "/\host"
 * name a host to a browser).
 */
export function safeAppPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/')) return undefined;
  const second = value.charAt(1);
  return second === '/' || second === '\\' ? undefined : value;
}

export type PaymentScaQuery = {
  flowId: string;
  basketUUID: string | undefined;
  /** Everything the bank sent back, for the server's log; the server asks the bank itself. */
  query: Record<string, string>;
  /** Where to go instead of the payment list when the payment is not accepted. */
  returnPath: string | undefined;
};

/** /ztl-payment/sca-callback: the bank's return after its SCA page. */
export function readPaymentScaQuery(query: URLSearchParams): PaymentScaQuery | undefined {
  const flowId = readUuid(query, 'flowId');
  if (!flowId) return undefined;
  return {
    flowId,
    basketUUID: readUuid(query, 'basketUUID'),
    query: queryRecord(query),
    returnPath: safeAppPath(query.get('pathname')),
  };
}

export type PaymentCancelQuery = {
  /** The bank reported the cancellation done; only then is there anything to record. */
  isSuccess: boolean;
  flowId: string | undefined;
  alias: string | undefined;
  query: Record<string, string>;
};

/** /ztl-payment/cancel-callback: the bank's return after the person cancelled a payment there. */
export function readPaymentCancelQuery(query: URLSearchParams): PaymentCancelQuery {
  const alias = query.get('alias')?.trim();
  return {
    isSuccess: query.get('status') === 'success',
    flowId: readUuid(query, 'flowId'),
    alias: alias ? alias : undefined,
    query: queryRecord(query),
  };
}
