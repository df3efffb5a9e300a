import { createHash } from 'node:crypto';
import { addDays, ore, oreToDecimal } from '@bilag/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestedFault } from '../platform/faults';
import { findAccount, type SandboxAccount } from '../platform/world';
import type { LedgerEntry } from './activity';
import { consentAt } from './consents';
import { BankError } from './errors';
import { bankOf, v1 } from './initiation';
import { companyNameOf, ledgerFor } from './lifecycle';
import { type AccountHeaders, accountHeaders, bankParams, isoDate } from './protocol';
import { type AccountGrant, type BankState, consentStatusOf, type StoredConsent } from './state';

/** Account information (NextGenPSD2 1.3, section 6.5): accounts, balances and transactions under a consent. */

/** The most transactions one page holds; the rest is behind `_links.next`. */
export const TRANSACTIONS_PER_PAGE = 100;

/** An account's id in the API: stable, and not its number, as NextGenPSD2 asks. */
export function resourceIdOf(account: SandboxAccount): string {
  const hex = createHash('sha256').update(`account-resource|${account.bankId}|${account.bban}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const amountOf = (minor: number) => ({ currency: 'NOK', amount: oreToDecimal(ore(minor)) });

const withBalanceQuery = z.object({
  withBalance: z.enum(['true', 'false']).optional().describe('true adds the balances to each account'),
});

const accountParams = bankParams.extend({ resourceId: z.string().min(1).max(100) });

const transactionsQuery = z.object({
  bookingStatus: z.enum(['booked', 'pending', 'both']),
  dateFrom: isoDate,
  dateTo: isoDate.optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: 'must be a page number from a next link' })
    .optional()
    .describe('Set by the bank in _links.next; not for the TPP to make up'),
});

/**
 * The consent an account read is made under, checked as a bank checks it: known, valid, not
 * expired (or the sandbox fault `consent-expired`).
 */
function readableConsent(state: BankState, request: FastifyRequest, bankId: string, headers: AccountHeaders) {
  const consent = consentAt(state, bankId, headers['consent-id']);
  const status = consentStatusOf(consent, state.today());
  if (requestedFault(request)?.name === 'consent-expired' || status === 'expired') {
    throw new BankError('CONSENT_EXPIRED', `The consent expired after ${consent.validUntil}.`);
  }
  if (status !== 'valid') {
    throw new BankError('CONSENT_INVALID', `The consent is ${status}, not valid.`);
  }
  return consent;
}

/**
 * A recurring consent allows frequencyPerDay reads of each account and call a day without the
 * person; a read with PSU-IP-Address is the person's own and is not counted. Later pages of one
 * transaction list are one read.
 */
function countRead(state: BankState, consent: StoredConsent, headers: AccountHeaders, what: string) {
  consent.lastActionDate = state.today();
  state.changed();
  if (!consent.recurringIndicator || headers['psu-ip-address'] !== undefined) return;
  const today = state.today();
  const previous = state.accessCounts.get(consent.id);
  const counts = previous?.date === today ? previous.counts : {};
  const used = counts[what] ?? 0;
  if (used >= consent.frequencyPerDay) {
    throw new BankError(
      'ACCESS_EXCEEDED',
      `The consent allows ${consent.frequencyPerDay} reads a day of this account without the PSU; try again tomorrow.`,
    );
  }
  state.accessCounts.set(consent.id, { date: today, counts: { ...counts, [what]: used + 1 } });
}

function grantedAccount(
  consent: StoredConsent,
  resourceId: string,
): { account: SandboxAccount; grant: AccountGrant } {
  for (const grant of consent.grants) {
    const account = findAccount(consent.bankId, grant.bban);
    if (account && resourceIdOf(account) === resourceId) return { account, grant };
  }
  throw new BankError('RESOURCE_UNKNOWN', 'The account is not part of this consent.');
}

function balancesOf(state: BankState, account: SandboxAccount) {
  const ledger = ledgerFor(state, account);
  const yesterday = addDays(state.today(), -1);
  return [
    {
      balanceType: 'closingBooked',
      balanceAmount: amountOf(ledger.closingBalance(yesterday)),
      referenceDate: yesterday,
    },
    {
      balanceType: 'interimAvailable',
      balanceAmount: amountOf(ledger.availableBalance),
      lastChangeDateTime: state.now().toISOString(),
    },
  ];
}

/** What an account's JSON shows besides the account itself: who owns it, its balances, and what it links to. */
type AccountView = {
  resourceId: string;
  ownerName: string;
  /** Only when asked for with the account and granted. */
  balances: object[] | undefined;
  grant: { balances: boolean; transactions: boolean };
};

/** An account as the account information calls answer it (list and details). */
export function accountJson(
  account: SandboxAccount,
  { resourceId, ownerName, balances, grant }: AccountView,
) {
  return {
    resourceId,
    iban: account.iban,
    bban: account.bban,
    currency: account.currency,
    name: account.name,
    product: account.product,
    cashAccountType: 'CACC',
    status: 'enabled',
    bic: bankOf(account.bankId).bic,
    ownerName,
    ...(balances ? { balances } : {}),
    _links: {
      ...(grant.balances ? { balances: { href: v1(`/accounts/${resourceId}/balances`) } } : {}),
      ...(grant.transactions ? { transactions: { href: v1(`/accounts/${resourceId}/transactions`) } } : {}),
    },
  };
}

function accountDetails(
  state: BankState,
  account: SandboxAccount,
  grant: AccountGrant,
  withBalance: boolean,
) {
  return accountJson(account, {
    resourceId: resourceIdOf(account),
    ownerName: companyNameOf(account.ownerOrganisationNumber) ?? account.name,
    balances: withBalance && grant.balances ? balancesOf(state, account) : undefined,
    grant,
  });
}

function transactionOf(entry: LedgerEntry) {
  return {
    transactionId: entry.transactionId,
    ...(entry.entryReference ? { entryReference: entry.entryReference } : {}),
    ...(entry.endToEndId ? { endToEndId: entry.endToEndId } : {}),
    ...(entry.bookingDate ? { bookingDate: entry.bookingDate } : {}),
    valueDate: entry.valueDate,
    transactionAmount: amountOf(entry.amountMinor),
    ...(entry.creditorName ? { creditorName: entry.creditorName } : {}),
    ...(entry.creditorAccount ? { creditorAccount: entry.creditorAccount } : {}),
    ...(entry.debtorName ? { debtorName: entry.debtorName } : {}),
    ...(entry.debtorAccount ? { debtorAccount: entry.debtorAccount } : {}),
    ...(entry.remittanceInformationUnstructured
      ? { remittanceInformationUnstructured: entry.remittanceInformationUnstructured }
      : {}),
    ...(entry.kid
      ? { remittanceInformationStructured: { reference: entry.kid, referenceType: 'SCOR' } }
      : {}),
    bankTransactionCode: entry.bankTransactionCode,
    proprietaryBankTransactionCode: entry.proprietaryBankTransactionCode,
  };
}

export function registerAccountRoutes(parent: FastifyInstance, state: BankState) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/psd2/:bankId/v1/accounts',
    {
      schema: {
        tags: ['bank'],
        summary:
          'List the accounts a consent gives access to, with their balances when asked (withBalance=true)',
        params: bankParams,
        headers: accountHeaders,
        querystring: withBalanceQuery,
      },
    },
    async (request) => {
      const consent = readableConsent(state, request, request.params.bankId, request.headers);
      countRead(state, consent, request.headers, 'list');
      const withBalance = request.query.withBalance === 'true';
      const accounts = consent.grants.flatMap((grant) => {
        const account = findAccount(consent.bankId, grant.bban);
        return account ? [accountDetails(state, account, grant, withBalance)] : [];
      });
      return { accounts };
    },
  );

  app.get(
    '/psd2/:bankId/v1/accounts/:resourceId',
    {
      schema: {
        tags: ['bank'],
        summary: 'Read one account of the consent, with its balances when asked (withBalance=true)',
        params: accountParams,
        headers: accountHeaders,
        querystring: withBalanceQuery,
      },
    },
    async (request) => {
      const consent = readableConsent(state, request, request.params.bankId, request.headers);
      const { account, grant } = grantedAccount(consent, request.params.resourceId);
      countRead(state, consent, request.headers, `account:${resourceIdOf(account)}`);
      return { account: accountDetails(state, account, grant, request.query.withBalance === 'true') };
    },
  );

  app.get(
    '/psd2/:bankId/v1/accounts/:resourceId/balances',
    {
      schema: {
        tags: ['bank'],
        summary: "Read an account's balances: closingBooked (end of yesterday) and interimAvailable (now)",
        params: accountParams,
        headers: accountHeaders,
      },
    },
    async (request) => {
      const consent = readableConsent(state, request, request.params.bankId, request.headers);
      const { account, grant } = grantedAccount(consent, request.params.resourceId);
      if (!grant.balances) {
        throw new BankError(
          'CONSENT_INVALID',
          'The consent does not give access to the balances of this account.',
        );
      }
      countRead(state, consent, request.headers, `balances:${resourceIdOf(account)}`);
      return { account: { iban: account.iban }, balances: balancesOf(state, account) };
    },
  );

  app.get(
    '/psd2/:bankId/v1/accounts/:resourceId/transactions',
    {
      schema: {
        tags: ['bank'],
        summary:
          "Read an account's booked and pending transactions in a period, 100 a page (follow _links.next)",
        params: accountParams,
        headers: accountHeaders,
        querystring: transactionsQuery,
      },
    },
    async (request) => {
      const { bankId, resourceId } = request.params;
      const { bookingStatus, dateFrom, page } = request.query;
      const today = state.today();
      const dateTo = request.query.dateTo ?? today;
      if (dateFrom > dateTo) {
        throw new BankError('PERIOD_INVALID', `dateFrom ${dateFrom} is after dateTo ${dateTo}.`);
      }
      const consent = readableConsent(state, request, bankId, request.headers);
      const { account, grant } = grantedAccount(consent, resourceId);
      if (!grant.transactions) {
        throw new BankError(
          'CONSENT_INVALID',
          'The consent does not give access to the transactions of this account.',
        );
      }
      const pageNumber = Number(page ?? '1');
      if (pageNumber === 1) {
        countRead(state, consent, request.headers, `transactions:${resourceId}`);
      }

      const ledger = ledgerFor(state, account);
      const inPeriod = (date: string | undefined) => date !== undefined && date >= dateFrom && date <= dateTo;
      const booked =
        bookingStatus === 'pending'
          ? []
          : ledger.booked.filter((entry) => inPeriod(entry.bookingDate)).reverse();
      const pending =
        bookingStatus === 'booked' ? [] : ledger.pending.filter((entry) => inPeriod(entry.valueDate));
      // Pending first, then booked from the newest; pages cut that one list.
      const listed = [
        ...pending.map((entry) => ({ entry, pending: true })),
        ...booked.map((entry) => ({ entry, pending: false })),
      ];
      const start = (pageNumber - 1) * TRANSACTIONS_PER_PAGE;
      const onPage = listed.slice(start, start + TRANSACTIONS_PER_PAGE);
      const hasNext = listed.length > start + TRANSACTIONS_PER_PAGE;
      const query = (number: number) =>
        new URLSearchParams({ bookingStatus, dateFrom, dateTo, page: String(number) }).toString();
      return {
        account: { iban: account.iban },
        transactions: {
          booked: onPage.filter((item) => !item.pending).map((item) => transactionOf(item.entry)),
          pending: onPage.filter((item) => item.pending).map((item) => transactionOf(item.entry)),
          _links: {
            account: { href: v1(`/accounts/${resourceId}`) },
            ...(hasNext
              ? { next: { href: v1(`/accounts/${resourceId}/transactions?${query(pageNumber + 1)}`) } }
              : {}),
          },
        },
      };
    },
  );
}
