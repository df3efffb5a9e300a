import {
  currencyMinorUnits,
  oreFromDecimal,
  oreToDecimal,
  type Pain002Report,
  parsePain002,
} from '@bilag/domain';
import { z } from 'zod';
import type { ProviderSettings } from '../../config';
import type { MessageKey } from '../../platform/messages';
import { ProviderError } from '../provider-error';
import {
  createProviderHttp,
  type ProviderHttp,
  type ProviderRequest,
  type ProviderResponse,
  partyErrorOf,
} from '../provider-http';
import {
  type AccountRead,
  type AccountReference,
  type AccountTransactions,
  BALANCE_TYPES,
  type BankClient,
  type BankClients,
  type BankTransaction,
  type BulkPaymentRequest,
  CONNECTED_BANK_GROUPS,
  CONSENT_STATUSES,
  type ConnectedBankGroup,
  type ConsentAccess,
  type Money,
  type OnBehalfOf,
  PAYMENT_STATUSES,
  type PaymentKind,
  type PaymentOrder,
  type PaymentReference,
  type PaymentStatusReport,
  type ReturnUrls,
  SCA_STATUSES,
  type TransactionPage,
  type TransactionQuery,
} from './interface';

/**
 * The product's client of the Berlin Group NextGenPSD2 (1.3) interface each bank offers: account
 * information and payment initiation with the redirect SCA approach. One transport per bank, so each
 * bank's base URL (and, with a real bank, its certificates) stands alone.
 */

export type BankClientOptions = {
  /** Tests make the transport's backoff instant. */
  sleep?: (ms: number) => Promise<void>;
  /** The most pages of transactions one listing follows (100 transactions a page at the sandbox). */
  maxTransactionPages?: number;
};

const DEFAULT_MAX_TRANSACTION_PAGES = 100;

const PAYMENT_PRODUCTS: Record<PaymentKind, string> = {
  domestic: 'norwegian-domestic-credit-transfers',
  sepa: 'sepa-credit-transfers',
  crossBorder: 'cross-border-credit-transfers',
};

/**
 * The statuses NextGenPSD2 uses to refuse a request. They are read here rather than by the transport,
 * since a 401 or 403 from a bank is about the consent or the person, not about the product's own
 * credentials.
 */
const REFUSAL_STATUSES = [400, 401, 403, 404, 405, 409] as const;

const REFUSAL_REASONS = new Map<string, MessageKey>([
  ['CONSENT_EXPIRED', 'bankConsentExpired'],
  ['CONSENT_INVALID', 'bankConsentInvalid'],
  ['CONSENT_UNKNOWN', 'bankConsentUnknown'],
  ['RESOURCE_UNKNOWN', 'bankResourceUnknown'],
  ['PRODUCT_UNKNOWN', 'bankProductUnknown'],
  ['FORMAT_ERROR', 'bankRequestInvalid'],
  ['PERIOD_INVALID', 'bankPeriodInvalid'],
  ['PAYMENT_FAILED', 'bankPaymentFailed'],
  ['CANCELLATION_INVALID', 'bankCancellationInvalid'],
  ['STATUS_INVALID', 'bankStatusInvalid'],
  ['PSU_CREDENTIALS_INVALID', 'bankPersonUnknown'],
]);

// --- The bank's answers, as the protocol allows them ---------------------------------------------

const Id = z.string().min(1).max(1000);
const ShortText = z.string().max(1000);
const IsoDate = z.iso.date();
const Currency = z.string().regex(/^[A-Z]{3}$/);
const Link = z.object({ href: z.string().min(1).max(4000) });

const Amount = z.object({ currency: Currency, amount: z.string().max(40) }).transform((value, context) => {
  try {
    return {
      currency: value.currency,
      amount: oreFromDecimal(value.amount, currencyMinorUnits(value.currency)),
    };
  } catch {
    context.addIssue({ code: 'custom', message: `"${value.amount}" is not an amount in ${value.currency}` });
    return z.NEVER;
  }
});

/** An account as NextGenPSD2 names one; other kinds (card numbers, phone numbers) are left out. */
const AccountIdentification = z.object({
  bban: z.string().min(1).max(34).optional(),
  iban: z.string().min(1).max(34).optional(),
});

function accountReferenceOf(account: z.infer<typeof AccountIdentification>): AccountReference | undefined {
  if (account.bban) return { accountNumber: account.bban };
  if (account.iban) return { iban: account.iban };
  return undefined;
}

const RequiredAccountReference = AccountIdentification.transform((account, context) => {
  const reference = accountReferenceOf(account);
  if (!reference) {
    context.addIssue({ code: 'custom', message: 'the account has neither a bban nor an iban' });
    return z.NEVER;
  }
  return reference;
});

const ConsentStatusAnswer = z.enum(CONSENT_STATUSES);
const ScaStatusAnswer = z.enum(SCA_STATUSES);
const PaymentStatusAnswer = z.enum(PAYMENT_STATUSES);

function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The links of a started authorisation: the page the person is sent to (only http or https, since
 * the product redirects people there) and the authorisation's status resource, whose last path
 * segment is the authorisation id.
 */
const AuthorisationLinks = z
  .object({
    scaRedirect: z.object({ href: z.url({ protocol: /^https?$/ }).max(4000) }),
    scaStatus: Link,
  })
  .transform((links, context) => {
    const match = /\/authorisations\/([^/?#]+)\/?(?:[?#].*)?$/.exec(links.scaStatus.href);
    const authorisationId = match?.[1] && decodedSegment(match[1]);
    if (!authorisationId) {
      context.addIssue({ code: 'custom', message: 'the scaStatus link names no authorisation' });
      return z.NEVER;
    }
    return { authorisationId, scaRedirectUrl: links.scaRedirect.href };
  });

const ConsentCreatedAnswer = z.object({
  consentStatus: ConsentStatusAnswer,
  consentId: Id,
  validUntil: IsoDate.optional(),
  _links: AuthorisationLinks,
});

const AccountAccessAnswer = z.object({
  accounts: z.array(AccountIdentification).max(1000).optional(),
  balances: z.array(AccountIdentification).max(1000).optional(),
  transactions: z.array(AccountIdentification).max(1000).optional(),
  availableAccounts: z.string().optional(),
  allPsd2: z.string().optional(),
});

const ConsentAnswer = z.object({
  access: AccountAccessAnswer,
  recurringIndicator: z.boolean(),
  validUntil: IsoDate,
  frequencyPerDay: z.number().int().min(1),
  lastActionDate: IsoDate.optional(),
  consentStatus: ConsentStatusAnswer,
});

const ConsentStatusOnly = z.object({ consentStatus: ConsentStatusAnswer });
const ScaStatusOnly = z.object({ scaStatus: ScaStatusAnswer });
const AuthorisationList = z.object({ authorisationIds: z.array(Id).max(1000) });

const BalanceAnswer = z.object({
  balanceType: z.enum(BALANCE_TYPES),
  balanceAmount: Amount,
  referenceDate: IsoDate.optional(),
  lastChangeDateTime: z.iso.datetime({ offset: true }).optional(),
});

const AccountAnswer = z.object({
  resourceId: Id,
  iban: z.string().max(34).optional(),
  bban: z.string().max(34).optional(),
  currency: Currency,
  name: ShortText.optional(),
  product: ShortText.optional(),
  cashAccountType: ShortText.optional(),
  status: z.enum(['enabled', 'deleted', 'blocked']).optional(),
  bic: ShortText.optional(),
  ownerName: ShortText.optional(),
  balances: z.array(BalanceAnswer).max(100).optional(),
});

const AccountListAnswer = z.object({ accounts: z.array(AccountAnswer).max(10_000) });
const AccountDetailsAnswer = z.object({ account: AccountAnswer });
const BalancesAnswer = z.object({ balances: z.array(BalanceAnswer).max(100) });

const PaymentInitiatedAnswer = z.object({
  transactionStatus: PaymentStatusAnswer,
  paymentId: Id,
  _links: AuthorisationLinks,
});

const PaymentOrderAnswer = z.object({
  endToEndIdentification: ShortText.optional(),
  instructedAmount: Amount,
  creditorAccount: RequiredAccountReference,
  creditorName: ShortText,
  creditorAgent: ShortText.optional(),
  creditorAddress: z
    .object({
      streetName: ShortText.optional(),
      townName: ShortText.optional(),
      postCode: ShortText.optional(),
      country: ShortText,
    })
    .optional(),
  remittanceInformationUnstructured: ShortText.optional(),
  remittanceInformationStructured: z.object({ reference: ShortText }).optional(),
});

const SinglePaymentAnswer = PaymentOrderAnswer.extend({
  debtorAccount: RequiredAccountReference,
  requestedExecutionDate: IsoDate.optional(),
  transactionStatus: PaymentStatusAnswer,
});

const BulkPaymentAnswer = z.object({
  batchBookingPreferred: z.boolean().optional(),
  debtorAccount: RequiredAccountReference,
  requestedExecutionDate: IsoDate.optional(),
  payments: z.array(PaymentOrderAnswer).min(1).max(10_000),
  transactionStatus: PaymentStatusAnswer,
});

const TppMessage = z.object({
  category: ShortText.optional(),
  code: ShortText.optional(),
  text: ShortText.optional(),
  reasonCode: ShortText.optional(),
});

const PaymentStatusOnly = z.object({
  transactionStatus: PaymentStatusAnswer,
  reasonCode: ShortText.optional(),
  tppMessages: z.array(TppMessage).max(100).optional(),
});

// --- From the product's words to the protocol's and back -----------------------------------------

function accountBody(account: AccountReference) {
  return 'iban' in account ? { iban: account.iban } : { bban: account.accountNumber };
}

function amountBody(money: Money) {
  return { currency: money.currency, amount: oreToDecimal(money.amount, money.currency) };
}

function accessBody(access: ConsentAccess) {
  switch (access.scope) {
    case 'allAccounts':
      return { allPsd2: 'allAccounts' };
    case 'accountList':
      return { availableAccounts: 'allAccounts' };
    case 'accounts': {
      const accounts = access.accounts.map(accountBody);
      return {
        accounts,
        ...(access.balances ? { balances: accounts } : {}),
        ...(access.transactions ? { transactions: accounts } : {}),
      };
    }
  }
}

function accessOf(access: z.infer<typeof AccountAccessAnswer>): {
  access: ConsentAccess;
  accounts: AccountReference[];
} {
  const named = new Map<string, AccountReference>();
  for (const account of [
    ...(access.accounts ?? []),
    ...(access.balances ?? []),
    ...(access.transactions ?? []),
  ]) {
    const reference = accountReferenceOf(account);
    if (reference) named.set(JSON.stringify(reference), reference);
  }
  const accounts = [...named.values()];
  if (access.allPsd2) return { access: { scope: 'allAccounts' }, accounts };
  if (access.availableAccounts) return { access: { scope: 'accountList' }, accounts };
  return {
    access: {
      scope: 'accounts',
      accounts,
      balances: (access.balances?.length ?? 0) > 0,
      transactions: (access.transactions?.length ?? 0) > 0,
    },
    accounts,
  };
}

function paymentOrderBody(order: PaymentOrder) {
  const { creditor, remittance } = order;
  return {
    endToEndIdentification: order.endToEndId,
    instructedAmount: amountBody(order.amount),
    creditorAccount: accountBody(creditor.account),
    creditorName: creditor.name,
    creditorAgent: creditor.bic,
    creditorAddress: creditor.address && {
      streetName: creditor.address.street,
      townName: creditor.address.town,
      postCode: creditor.address.postCode,
      country: creditor.address.country,
    },
    remittanceInformationUnstructured: remittance && 'message' in remittance ? remittance.message : undefined,
    remittanceInformationStructured:
      remittance && 'kid' in remittance ? { reference: remittance.kid, referenceType: 'SCOR' } : undefined,
  };
}

function paymentOrderOf(answer: z.infer<typeof PaymentOrderAnswer>): PaymentOrder {
  const remittance = answer.remittanceInformationStructured
    ? { kid: answer.remittanceInformationStructured.reference }
    : answer.remittanceInformationUnstructured !== undefined
      ? { message: answer.remittanceInformationUnstructured }
      : undefined;
  const address = answer.creditorAddress;
  return {
    amount: answer.instructedAmount,
    creditor: {
      name: answer.creditorName,
      account: answer.creditorAccount,
      ...(answer.creditorAgent ? { bic: answer.creditorAgent } : {}),
      ...(address
        ? {
            address: {
              country: address.country,
              ...(address.streetName ? { street: address.streetName } : {}),
              ...(address.townName ? { town: address.townName } : {}),
              ...(address.postCode ? { postCode: address.postCode } : {}),
            },
          }
        : {}),
    },
    ...(remittance ? { remittance } : {}),
    ...(answer.endToEndIdentification ? { endToEndId: answer.endToEndIdentification } : {}),
  };
}

function balanceOf(answer: z.infer<typeof BalanceAnswer>) {
  return {
    type: answer.balanceType,
    amount: answer.balanceAmount,
    referenceDate: answer.referenceDate,
    lastChangeDateTime: answer.lastChangeDateTime,
  };
}

function accountOf(answer: z.infer<typeof AccountAnswer>) {
  return {
    accountId: answer.resourceId,
    accountNumber: answer.bban,
    iban: answer.iban,
    currency: answer.currency,
    name: answer.name,
    product: answer.product,
    cashAccountType: answer.cashAccountType,
    status: answer.status,
    bic: answer.bic,
    ownerName: answer.ownerName,
    balances: answer.balances?.map(balanceOf),
  };
}

// --- A page of transactions, read field by field ---------------------------------------------------

/**
 * A sync reads a million transactions in a run, so their pages are checked by hand instead of by a
 * schema: each transaction is read straight into the product's words, with no copy of the bank's
 * answer in between, under the same rules the schemas above hold the bank to.
 */
class AnswerIssue extends Error {}

function answerIssue(at: string, problem: string): never {
  throw new AnswerIssue(`${at}: ${problem}`);
}

type TextBounds = { min: number; max: number };
const ID_TEXT: TextBounds = { min: 1, max: 1000 };
const SHORT_TEXT: TextBounds = { min: 0, max: 1000 };
const ACCOUNT_TEXT: TextBounds = { min: 1, max: 34 };
const CURRENCY_TEXT: TextBounds = { min: 3, max: 3 };
const AMOUNT_TEXT: TextBounds = { min: 0, max: 40 };
const DATE_TEXT: TextBounds = { min: 10, max: 10 };
const ISO_DATE = z.regexes.date;
const CURRENCY_CODE = /^[A-Z]{3}$/;
const MAX_PAGE_TRANSACTIONS = 10_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function recordAt(value: unknown, at: string): Record<string, unknown> {
  if (!isRecord(value)) answerIssue(at, 'expected an object');
  return value;
}

/** The optional text under the key; `at` names where the record is, for the issue only. */
function optionalText(record: Record<string, unknown>, key: string, bounds: TextBounds, at = '') {
  const value = record[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') answerIssue(`${at}${key}`, 'expected a string');
  if (value.length < bounds.min || value.length > bounds.max) {
    answerIssue(`${at}${key}`, `expected ${bounds.min} to ${bounds.max} characters`);
  }
  return value;
}

function requiredText(record: Record<string, unknown>, key: string, bounds: TextBounds, at = '') {
  const value = optionalText(record, key, bounds, at);
  if (value === undefined) answerIssue(`${at}${key}`, 'required');
  return value;
}

function optionalDate(record: Record<string, unknown>, key: string) {
  const value = optionalText(record, key, DATE_TEXT);
  if (value !== undefined && !ISO_DATE.test(value)) answerIssue(key, 'expected a date (YYYY-MM-DD)');
  return value;
}

function optionalAccount(record: Record<string, unknown>, key: string): AccountReference | undefined {
  const value = record[key];
  if (value === undefined) return undefined;
  const account = recordAt(value, key);
  return accountReferenceOf({
    bban: optionalText(account, 'bban', ACCOUNT_TEXT, `${key}.`),
    iban: optionalText(account, 'iban', ACCOUNT_TEXT, `${key}.`),
  });
}

function transactionAmount(record: Record<string, unknown>): Money {
  const amount = recordAt(record.transactionAmount, 'transactionAmount');
  const currency = requiredText(amount, 'currency', CURRENCY_TEXT, 'transactionAmount.');
  if (!CURRENCY_CODE.test(currency)) answerIssue('transactionAmount.currency', 'expected a currency code');
  const decimal = requiredText(amount, 'amount', AMOUNT_TEXT, 'transactionAmount.');
  let minor: Money['amount'];
  try {
    minor = oreFromDecimal(decimal, currencyMinorUnits(currency));
  } catch {
    answerIssue('transactionAmount.amount', `"${decimal}" is not an amount in ${currency}`);
  }
  return { currency, amount: minor };
}

function transactionOf(value: unknown): BankTransaction {
  const answer = recordAt(value, 'the transaction');
  const structured =
    answer.remittanceInformationStructured === undefined
      ? undefined
      : recordAt(answer.remittanceInformationStructured, 'remittanceInformationStructured');
  if (structured) {
    optionalText(structured, 'referenceType', SHORT_TEXT, 'remittanceInformationStructured.');
  }
  return {
    transactionId: requiredText(answer, 'transactionId', ID_TEXT),
    entryReference: optionalText(answer, 'entryReference', SHORT_TEXT),
    endToEndId: optionalText(answer, 'endToEndId', SHORT_TEXT),
    bookingDate: optionalDate(answer, 'bookingDate'),
    valueDate: optionalDate(answer, 'valueDate'),
    amount: transactionAmount(answer),
    creditorName: optionalText(answer, 'creditorName', SHORT_TEXT),
    creditorAccount: optionalAccount(answer, 'creditorAccount'),
    debtorName: optionalText(answer, 'debtorName', SHORT_TEXT),
    debtorAccount: optionalAccount(answer, 'debtorAccount'),
    message: optionalText(answer, 'remittanceInformationUnstructured', SHORT_TEXT),
    kid: structured && requiredText(structured, 'reference', SHORT_TEXT, 'remittanceInformationStructured.'),
    bankTransactionCode: optionalText(answer, 'bankTransactionCode', SHORT_TEXT),
    proprietaryBankTransactionCode: optionalText(answer, 'proprietaryBankTransactionCode', SHORT_TEXT),
  };
}

/**
 * The list's transactions that the page before did not have; `seen` gains their ids. A booking made
 * while the pages are read pushes a transaction onto the next page, never further, so only the page
 * before is remembered.
 */
function newTransactionsOf(
  answers: unknown,
  list: string,
  before: ReadonlySet<string>,
  seen: Set<string>,
): BankTransaction[] {
  if (answers === undefined) return [];
  if (!Array.isArray(answers)) answerIssue(`transactions.${list}`, 'expected a list');
  if (answers.length > MAX_PAGE_TRANSACTIONS) {
    answerIssue(`transactions.${list}`, `more than ${MAX_PAGE_TRANSACTIONS} transactions`);
  }
  const transactions: BankTransaction[] = [];
  for (const [index, answer] of answers.entries()) {
    let transaction: BankTransaction;
    try {
      transaction = transactionOf(answer);
    } catch (error) {
      if (error instanceof AnswerIssue) {
        throw new AnswerIssue(`transactions.${list}[${index}].${error.message}`, { cause: error });
      }
      throw error;
    }
    if (before.has(transaction.transactionId) || seen.has(transaction.transactionId)) continue;
    seen.add(transaction.transactionId);
    transactions.push(transaction);
  }
  return transactions;
}

type PageIds = { booked: ReadonlySet<string>; pending: ReadonlySet<string> };

/**
 * A page of the bank's transactions: the ones the page before did not have, their ids, and the link to
 * the next page.
 */
function transactionPageOf(response: ProviderResponse, before: PageIds) {
  try {
    const transactions = recordAt(recordAt(response.body, 'the answer').transactions, 'transactions');
    const links =
      transactions._links === undefined ? undefined : recordAt(transactions._links, 'transactions._links');
    const next =
      links?.next === undefined
        ? undefined
        : requiredText(
            recordAt(links.next, 'transactions._links.next'),
            'href',
            { min: 1, max: 4000 },
            'transactions._links.next.',
          );
    const ids = { booked: new Set<string>(), pending: new Set<string>() };
    return {
      page: {
        booked: newTransactionsOf(transactions.booked, 'booked', before.booked, ids.booked),
        pending: newTransactionsOf(transactions.pending, 'pending', before.pending, ids.pending),
      } satisfies TransactionPage,
      ids,
      next,
    };
  } catch (error) {
    if (error instanceof AnswerIssue) {
      throw protocolError(
        response.requestId,
        response.status,
        `the answer is not as NextGenPSD2 says: ${error.message}`,
        error,
      );
    }
    throw error;
  }
}

function onBehalfOfHeaders(onBehalfOf: OnBehalfOf | undefined) {
  return {
    'psu-id': onBehalfOf?.nationalIdentityNumber,
    'psu-corporate-id': onBehalfOf?.organisationNumber,
    'psu-ip-address': onBehalfOf?.ipAddress,
  };
}

/** The headers of a request the person approves on the bank's page. */
function initiationHeaders(request: ReturnUrls & { onBehalfOf: OnBehalfOf }) {
  return {
    ...onBehalfOfHeaders(request.onBehalfOf),
    'tpp-redirect-preferred': 'true',
    'tpp-redirect-uri': request.returnUrl,
    'tpp-nok-redirect-uri': request.returnUrlOnRejection,
  };
}

function paymentStatusOf(status: string | undefined, requestId: string) {
  if (status === undefined) return undefined;
  const parsed = PaymentStatusAnswer.safeParse(status);
  if (!parsed.success) throw protocolError(requestId, 200, `unknown payment status ${status} in pain.002`);
  return parsed.data;
}

function statusReportOf(report: Pain002Report, requestId: string): PaymentStatusReport {
  const codesOf = (reasons: { code: string | undefined }[]) =>
    reasons.map((reason) => reason.code).filter((code): code is string => code !== undefined);
  // A bank may give the status per payment information block instead of for the whole message.
  const onlyBlock = report.paymentInfos.length === 1 ? report.paymentInfos[0] : undefined;
  return {
    messageId: report.messageId,
    createdAt: report.createdAt,
    status: paymentStatusOf(report.groupStatus ?? onlyBlock?.status, requestId),
    reasonCodes: [
      ...codesOf(report.groupReasons),
      ...report.paymentInfos.flatMap((block) => codesOf(block.reasons)),
    ],
    transactions: report.paymentInfos.flatMap((block) =>
      block.transactions.map((transaction) => ({
        // ISO 20022 writes NOTPROVIDED where the payment had no end-to-end id.
        endToEndId:
          transaction.originalEndToEndId === 'NOTPROVIDED' ? undefined : transaction.originalEndToEndId,
        status: paymentStatusOf(transaction.status ?? block.status, requestId),
        reasonCodes: codesOf(transaction.reasons),
        amount:
          transaction.amount !== undefined && transaction.currency !== undefined
            ? { amount: transaction.amount, currency: transaction.currency }
            : undefined,
      })),
    ),
  };
}

function protocolError(requestId: string, status: number, detail: string, cause?: unknown) {
  return new ProviderError({
    party: 'bank',
    failure: 'protocol',
    requestId,
    status,
    partyText: detail,
    cause,
  });
}

function read<Schema extends z.ZodType>(schema: Schema, response: ProviderResponse): z.output<Schema> {
  const parsed = schema.safeParse(response.body);
  if (!parsed.success) {
    throw protocolError(
      response.requestId,
      response.status,
      `the answer is not as NextGenPSD2 says: ${z.prettifyError(parsed.error).slice(0, 500)}`,
      parsed.error,
    );
  }
  return parsed.data;
}

/** The bank's refusal as the product reports it: in its own words where the code is known. */
function refusalOf(response: ProviderResponse): ProviderError {
  const { code, text } = partyErrorOf(response.body);
  const reasonKey = code === undefined ? undefined : REFUSAL_REASONS.get(code);
  // An unknown code on 401/403 is most likely about the product itself (its certificate or role).
  const aboutTheProduct = reasonKey === undefined && (response.status === 401 || response.status === 403);
  return new ProviderError({
    party: 'bank',
    failure: aboutTheProduct ? 'credentials' : 'rejected',
    requestId: response.requestId,
    status: response.status,
    partyCode: code,
    partyText: text,
    reasonKey,
  });
}

/**
 * The path under the bank's base URL that a `_links` href points to, or undefined when it leads off
 * the bank. Links are absolute paths on the bank's host, or paths from its API root as the Berlin
 * Group examples write them (/v1/...); following one elsewhere would send the consent id off the bank.
 */
export function pathOnBank(baseUrl: string, href: string): string | undefined {
  const base = new URL(`${baseUrl.replace(/\/+$/, '')}/`);
  let target: URL;
  try {
    target = new URL(href, base.origin);
  } catch {
    return undefined;
  }
  if (target.origin !== base.origin) return undefined;
  const basePath = base.pathname.slice(0, -1);
  const path = target.pathname.startsWith(`${basePath}/`)
    ? target.pathname.slice(basePath.length)
    : target.pathname;
  return `${path}${target.search}`;
}

function bankClient(group: ConnectedBankGroup, http: ProviderHttp, maxTransactionPages: number): BankClient {
  async function exchange(request: ProviderRequest): Promise<ProviderResponse> {
    const response = await http.send({ ...request, accept: REFUSAL_STATUSES });
    if (response.status >= 400) throw refusalOf(response);
    return response;
  }

  /**
   * An account read under a consent. The transport retries a 429 as a passing rate limit; the one a
   * bank gives when the consent's reads per day are used up has no Retry-After, so one that is still
   * there after the retries and asked for no wait is that limit, which lasts until tomorrow.
   */
  async function readAccountData(consentRead: AccountRead, request: ProviderRequest) {
    try {
      return await exchange({
        ...request,
        headers: { ...onBehalfOfHeaders(consentRead.onBehalfOf), 'consent-id': consentRead.consentId },
      });
    } catch (error) {
      if (error instanceof ProviderError && error.status === 429 && error.retryAfterSeconds === undefined) {
        throw new ProviderError({
          party: 'bank',
          failure: 'rejected',
          requestId: error.requestId,
          status: 429,
          partyCode: 'ACCESS_EXCEEDED',
          reasonKey: 'bankAccessExceeded',
          cause: error,
        });
      }
      throw error;
    }
  }

  async function* transactionPages(
    consentRead: AccountRead,
    accountId: string,
    query: TransactionQuery,
  ): AsyncGenerator<TransactionPage> {
    let before: PageIds = { booked: new Set(), pending: new Set() };
    const pagesSeen = new Set<string>();
    let request: ProviderRequest = {
      method: 'GET',
      path: `${accountPath(accountId)}/transactions`,
      query: {
        bookingStatus: query.bookingStatus ?? 'both',
        dateFrom: query.dateFrom,
        dateTo: query.dateTo,
      },
    };
    for (let pageNumber = 1; ; pageNumber += 1) {
      const response = await readAccountData(consentRead, request);
      // A booking made while the pages are read can push a transaction onto the next page as well.
      const { page, ids, next } = transactionPageOf(response, before);
      before = ids;
      yield page;
      if (next === undefined) return;
      if (pageNumber >= maxTransactionPages) {
        throw new ProviderError({
          party: 'bank',
          failure: 'rejected',
          requestId: response.requestId,
          status: response.status,
          reasonKey: 'bankTooManyTransactions',
        });
      }
      const nextPath = pathOnBank(http.baseUrl, next);
      if (nextPath === undefined) {
        throw protocolError(response.requestId, response.status, 'the next page is not on the bank');
      }
      if (pagesSeen.has(nextPath)) {
        throw protocolError(response.requestId, response.status, 'the next page is one already read');
      }
      pagesSeen.add(nextPath);
      request = { method: 'GET', path: nextPath };
    }
  }

  const consentPath = (consentId: string) => `/v1/consents/${encodeURIComponent(consentId)}`;
  const accountPath = (accountId: string) => `/v1/accounts/${encodeURIComponent(accountId)}`;
  const paymentPath = (payment: PaymentReference) =>
    `/v1/${payment.bulk ? 'bulk-payments' : 'payments'}/${PAYMENT_PRODUCTS[payment.kind]}/${encodeURIComponent(payment.paymentId)}`;

  return {
    group,

    async createConsent(request) {
      const answer = read(
        ConsentCreatedAnswer,
        await exchange({
          method: 'POST',
          path: '/v1/consents',
          headers: initiationHeaders(request),
          // Always sent, so the transport may repeat the request after a failure without a second consent.
          idempotencyKey: request.idempotencyKey ?? crypto.randomUUID(),
          json: {
            access: accessBody(request.access),
            recurringIndicator: request.recurring,
            validUntil: request.validUntil,
            frequencyPerDay: request.frequencyPerDay,
            combinedServiceIndicator: false,
          },
        }),
      );
      return {
        consentId: answer.consentId,
        status: answer.consentStatus,
        validUntil: answer.validUntil,
        ...answer._links,
      };
    },

    async getConsent(consentId) {
      const answer = read(ConsentAnswer, await exchange({ method: 'GET', path: consentPath(consentId) }));
      return {
        consentId,
        ...accessOf(answer.access),
        recurring: answer.recurringIndicator,
        validUntil: answer.validUntil,
        frequencyPerDay: answer.frequencyPerDay,
        lastActionDate: answer.lastActionDate,
        status: answer.consentStatus,
      };
    },

    async getConsentStatus(consentId) {
      const path = `${consentPath(consentId)}/status`;
      return read(ConsentStatusOnly, await exchange({ method: 'GET', path })).consentStatus;
    },

    async listConsentAuthorisations(consentId) {
      const path = `${consentPath(consentId)}/authorisations`;
      return read(AuthorisationList, await exchange({ method: 'GET', path })).authorisationIds;
    },

    async getConsentScaStatus(consentId, authorisationId) {
      const path = `${consentPath(consentId)}/authorisations/${encodeURIComponent(authorisationId)}`;
      return read(ScaStatusOnly, await exchange({ method: 'GET', path })).scaStatus;
    },

    async revokeConsent(consentId) {
      await exchange({ method: 'DELETE', path: consentPath(consentId) });
    },

    async listAccounts(consentRead, options = {}) {
      const response = await readAccountData(consentRead, {
        method: 'GET',
        path: '/v1/accounts',
        query: { withBalance: options.withBalance ? true : undefined },
      });
      return read(AccountListAnswer, response).accounts.map(accountOf);
    },

    async getAccount(consentRead, accountId, options = {}) {
      const response = await readAccountData(consentRead, {
        method: 'GET',
        path: accountPath(accountId),
        query: { withBalance: options.withBalance ? true : undefined },
      });
      return accountOf(read(AccountDetailsAnswer, response).account);
    },

    async getBalances(consentRead, accountId) {
      const path = `${accountPath(accountId)}/balances`;
      const response = await readAccountData(consentRead, { method: 'GET', path });
      return read(BalancesAnswer, response).balances.map(balanceOf);
    },

    transactionPages,

    async listTransactions(consentRead, accountId, query): Promise<AccountTransactions> {
      const booked: BankTransaction[] = [];
      const pending: BankTransaction[] = [];
      for await (const page of transactionPages(consentRead, accountId, query)) {
        booked.push(...page.booked);
        pending.push(...page.pending);
      }
      return { booked, pending };
    },

    async initiatePayment(request) {
      const answer = read(
        PaymentInitiatedAnswer,
        await exchange({
          method: 'POST',
          path: `/v1/payments/${PAYMENT_PRODUCTS[request.kind]}`,
          headers: initiationHeaders(request),
          idempotencyKey: request.idempotencyKey,
          json: {
            ...paymentOrderBody(request),
            debtorAccount: accountBody(request.debtorAccount),
            requestedExecutionDate: request.requestedExecutionDate,
          },
        }),
      );
      return {
        paymentId: answer.paymentId,
        kind: request.kind,
        bulk: false,
        status: answer.transactionStatus,
        ...answer._links,
      };
    },

    async initiateBulkPayment(request: BulkPaymentRequest) {
      const answer = read(
        PaymentInitiatedAnswer,
        await exchange({
          method: 'POST',
          path: `/v1/bulk-payments/${PAYMENT_PRODUCTS[request.kind]}`,
          headers: initiationHeaders(request),
          idempotencyKey: request.idempotencyKey,
          json: {
            batchBookingPreferred: request.batchBooking,
            debtorAccount: accountBody(request.debtorAccount),
            requestedExecutionDate: request.requestedExecutionDate,
            payments: request.payments.map(paymentOrderBody),
          },
        }),
      );
      return {
        paymentId: answer.paymentId,
        kind: request.kind,
        bulk: true,
        status: answer.transactionStatus,
        ...answer._links,
      };
    },

    async getPayment(payment) {
      const response = await exchange({ method: 'GET', path: paymentPath(payment) });
      const reference = { paymentId: payment.paymentId, kind: payment.kind, bulk: payment.bulk };
      if (payment.bulk) {
        const answer = read(BulkPaymentAnswer, response);
        return {
          ...reference,
          status: answer.transactionStatus,
          debtorAccount: answer.debtorAccount,
          requestedExecutionDate: answer.requestedExecutionDate,
          batchBooking: answer.batchBookingPreferred,
          payments: answer.payments.map(paymentOrderOf),
        };
      }
      const answer = read(SinglePaymentAnswer, response);
      return {
        ...reference,
        status: answer.transactionStatus,
        debtorAccount: answer.debtorAccount,
        requestedExecutionDate: answer.requestedExecutionDate,
        batchBooking: undefined,
        payments: [paymentOrderOf(answer)],
      };
    },

    async getPaymentStatus(payment) {
      const response = await exchange({ method: 'GET', path: `${paymentPath(payment)}/status` });
      const answer = read(PaymentStatusOnly, response);
      if (answer.transactionStatus !== 'RJCT')
        return { status: answer.transactionStatus, rejection: undefined };
      const error = answer.tppMessages?.find((message) => message.category !== 'WARNING');
      return {
        status: answer.transactionStatus,
        rejection: { reasonCode: answer.reasonCode ?? error?.reasonCode, text: error?.text },
      };
    },

    async getPaymentStatusReport(payment) {
      const response = await exchange({
        method: 'GET',
        path: `${paymentPath(payment)}/status`,
        headers: { accept: 'application/xml' },
      });
      if (typeof response.body !== 'string') {
        throw protocolError(response.requestId, response.status, 'the status report is not XML');
      }
      let report: Pain002Report;
      try {
        report = parsePain002(response.body);
      } catch (cause) {
        throw protocolError(
          response.requestId,
          response.status,
          'the status report is not a pain.002',
          cause,
        );
      }
      return statusReportOf(report, response.requestId);
    },

    async listPaymentAuthorisations(payment) {
      const path = `${paymentPath(payment)}/authorisations`;
      return read(AuthorisationList, await exchange({ method: 'GET', path })).authorisationIds;
    },

    async getPaymentScaStatus(payment, authorisationId) {
      const path = `${paymentPath(payment)}/authorisations/${encodeURIComponent(authorisationId)}`;
      return read(ScaStatusOnly, await exchange({ method: 'GET', path })).scaStatus;
    },

    async cancelPayment(payment) {
      const response = await exchange({ method: 'DELETE', path: paymentPath(payment) });
      // 202 would mean the cancellation itself waits for the person's approval, which this product
      // does not ask banks for; reporting it as done would leave a payment running.
      if (response.status !== 204) {
        throw protocolError(
          response.requestId,
          response.status,
          'the cancellation was not carried out at once',
        );
      }
    },
  };
}

export function createBankClients(settings: ProviderSettings, options: BankClientOptions = {}): BankClients {
  const maxTransactionPages = options.maxTransactionPages ?? DEFAULT_MAX_TRANSACTION_PAGES;
  const clients = new Map<string, BankClient>(
    CONNECTED_BANK_GROUPS.map((group) => [
      group,
      bankClient(
        group,
        createProviderHttp({
          party: 'bank',
          baseUrl: settings.bankUrls[group],
          timeoutMs: settings.timeoutMs,
          sleep: options.sleep,
        }),
        maxTransactionPages,
      ),
    ]),
  );
  return { forGroup: (group) => clients.get(group) };
}
