import { createHash } from 'node:crypto';
import { accountNumberCheckDigit, addDays, bbanToIban, ore, oreToDecimal, toEpochDay } from '@bilag/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestedFault } from '../platform/faults';
import type { SandboxStore } from '../platform/store';
import { findAccount, type SandboxAccount } from '../platform/world';
import { accountJson, resourceIdOf, TRANSACTIONS_PER_PAGE } from './accounts';
import { consentAt, MAX_CONSENT_DAYS } from './consents';
import { BankError } from './errors';
import { v1 } from './initiation';
import { type AccountHeaders, bankParams } from './protocol';
import { type BankState, consentStatusOf, type StoredConsent } from './state';

/**
 * Bulk accounts, for load tests of the product's bank sync: a control call makes N extra accounts of a
 * company at one bank, each with a given number of booked transactions spread over the last days, and a
 * consent already approved for them. The accounts answer the same account information calls as the
 * world's (list, details, balances, transactions in pages of 100), but their transactions are computed
 * from the account's seed and the transaction's number when a page is asked for, so a million of them
 * take no memory and every run sees the same ones. They live beside the fixed world rather than in it:
 * the world's accounts and their lookups are untouched, and a bulk account costs a normal request one map
 * lookup.
 */

type BulkAccount = {
  account: SandboxAccount;
  resourceId: string;
  /** The bulk consent that reads it. */
  consentId: string;
  transactions: number;
  /** The first booking day; the transactions are spread evenly over `days` days from it. */
  firstDay: string;
  days: number;
  /** 32 bits of the account's seed, from which each transaction is computed. */
  seed: number;
};

const BulkAccountsBody = z.object({
  organisationNumber: z.string().regex(/^\d{9}$/, { error: 'must be an organisation number of 9 digits' }),
  accounts: z.number().int().min(1).max(1000),
  transactionsPerAccount: z.number().int().min(1).max(100_000),
  /** The days before today the transactions are spread over (today itself has none). */
  days: z.number().int().min(1).max(365).default(90),
  /** The same seed makes the same accounts and transactions. */
  seed: z.string().min(1).max(100).default('bulk'),
});

/** The most a transaction moves, in øre; the opening balance covers every debit, so no balance goes below zero. */
const MAX_AMOUNT_MINOR = 2_000_000;
const COUNTERPARTIES = [
  'Kafé Bølgen AS',
  'Vestlandsmel AS',
  'Fosen Frakt AS',
  'Hotell Fjordglimt AS',
  'Kvitfjell Energi AS',
  'Lia Eiendom AS',
] as const;

/** A 32-bit hash of two numbers (murmur3's finaliser): cheap enough for every transaction of a page. */
function mix(seed: number, value: number): number {
  let hash = (seed ^ Math.imul(value, 0x9e3779b1)) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

const compact = (date: string) => date.replaceAll('-', '');
const amountOf = (minor: number) => ({ currency: 'NOK', amount: oreToDecimal(ore(minor)) });

/** The account's first transaction on the day `offset` days after its first day (its count on offset = days). */
function firstIndexOn(bulk: BulkAccount, offset: number): number {
  const day = Math.min(Math.max(offset, 0), bulk.days);
  return Math.ceil((day * bulk.transactions) / bulk.days);
}

/** The first transaction after the day, as an index. */
function endIndexAfter(bulk: BulkAccount, date: string): number {
  return firstIndexOn(bulk, toEpochDay(date) - toEpochDay(bulk.firstDay) + 1);
}

function amountMinorOf(bulk: BulkAccount, index: number): number {
  const hash = mix(bulk.seed, index);
  const magnitude = 100 + (hash % MAX_AMOUNT_MINOR);
  return hash % 5 < 2 ? magnitude : -magnitude;
}

function balanceAfter(bulk: BulkAccount, endIndex: number): number {
  let balance = bulk.account.openingBalanceMinor;
  for (let index = 0; index < endIndex; index += 1) balance += amountMinorOf(bulk, index);
  return balance;
}

/** Transaction `index` of the account, in the shape of NextGenPSD2's booked transactions. */
function transactionOf(bulk: BulkAccount, index: number) {
  const offset = Math.floor((index * bulk.days) / bulk.transactions);
  const date = addDays(bulk.firstDay, offset);
  const hash = mix(bulk.seed ^ 0x5bd1e995, index);
  const amountMinor = amountMinorOf(bulk, index);
  const counterparty = COUNTERPARTIES[hash % COUNTERPARTIES.length] ?? 'Ukjent';
  const isIncoming = amountMinor > 0;
  const serial = String(index - firstIndexOn(bulk, offset)).padStart(4, '0');
  return {
    transactionId: `${compact(date)}-${hash.toString(16).padStart(8, '0')}-${index.toString(36)}`,
    entryReference: `${compact(date)}${bulk.account.bban.slice(-4)}${serial}`,
    ...(isIncoming ? {} : { endToEndId: `E2E-${compact(date)}-${index}` }),
    bookingDate: date,
    valueDate: date,
    transactionAmount: amountOf(amountMinor),
    ...(isIncoming ? { debtorName: counterparty } : { creditorName: counterparty }),
    remittanceInformationUnstructured: `Faktura ${10_000 + (hash % 90_000)}`,
    bankTransactionCode: isIncoming ? 'PMNT-RCDT-DMCT' : 'PMNT-ICDT-DMCT',
    proprietaryBankTransactionCode: isIncoming ? 'Giro' : 'Nettgiro',
  };
}

function balancesOf(state: BankState, bulk: BulkAccount) {
  const today = state.today();
  const yesterday = addDays(today, -1);
  return [
    {
      balanceType: 'closingBooked',
      balanceAmount: amountOf(balanceAfter(bulk, endIndexAfter(bulk, yesterday))),
      referenceDate: yesterday,
    },
    {
      balanceType: 'interimAvailable',
      balanceAmount: amountOf(balanceAfter(bulk, endIndexAfter(bulk, today))),
      lastChangeDateTime: state.now().toISOString(),
    },
  ];
}

/** A bulk consent grants balances and transactions of every account it makes. */
const FULL_GRANT = { balances: true, transactions: true };

function detailsOf(state: BankState, bulk: BulkAccount, withBalance: boolean) {
  return accountJson(bulk.account, {
    resourceId: bulk.resourceId,
    ownerName: bulk.account.name,
    balances: withBalance ? balancesOf(state, bulk) : undefined,
    grant: FULL_GRANT,
  });
}

/** Account numbers of the bank's registration number, from the seed on, that no world account has. */
function accountNumbers(bankId: SandboxAccount['bankId'], seed: string, count: number): string[] {
  const prefix = bankId === 'dnb' ? '1503' : bankId === 'sparebank1' ? '3201' : '9001';
  const start = createHash('sha256').update(`bulk-accounts|${seed}`).digest().readUInt32BE(0) % 500_000;
  const numbers: string[] = [];
  for (let serial = start; numbers.length < count; serial += 1) {
    const firstTen = `${prefix}${String(serial % 1_000_000).padStart(6, '0')}`;
    const check = accountNumberCheckDigit(firstTen);
    if (check !== undefined && !findAccount(bankId, `${firstTen}${check}`))
      numbers.push(`${firstTen}${check}`);
  }
  return numbers;
}

const withBalanceOf = (request: FastifyRequest) =>
  (request.query as { withBalance?: string } | undefined)?.withBalance === 'true';

export function registerBulkAccounts(parent: FastifyInstance, state: BankState, store: SandboxStore) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const bulkAccounts = store.collection<BulkAccount>('bankBulkAccounts');

  app.post(
    '/sandbox/banks/:bankId/bulk-accounts',
    {
      schema: {
        tags: ['sandbox'],
        summary:
          'Make N accounts of a company with a number of booked transactions each, and a consent approved for them (load tests)',
        params: bankParams,
        body: BulkAccountsBody,
      },
    },
    async (request, reply) => {
      const { bankId } = request.params;
      const body = request.body;
      const today = state.today();
      const numbers = accountNumbers(bankId, body.seed, body.accounts);
      const consent: StoredConsent = {
        id: crypto.randomUUID(),
        bankId,
        access: { accounts: numbers.map((bban) => ({ bban })) },
        recurringIndicator: true,
        validUntil: addDays(today, MAX_CONSENT_DAYS),
        frequencyPerDay: 100,
        status: 'valid',
        createdAt: state.now().toISOString(),
        lastActionDate: today,
        psuCorporateId: body.organisationNumber,
        authorisationIds: [],
        grants: numbers.map((bban) => ({ bban, balances: true, transactions: true })),
      };
      const made = numbers.map((bban, index) => {
        const account: SandboxAccount = {
          bankId,
          bban,
          iban: bbanToIban('NO', bban),
          currency: 'NOK',
          name: `Bulkkonto ${index + 1}`,
          product: 'Bedriftskonto',
          ownerOrganisationNumber: body.organisationNumber,
          openingBalanceMinor: body.transactionsPerAccount * MAX_AMOUNT_MINOR,
          openedOn: addDays(today, -body.days),
        };
        const bulk: BulkAccount = {
          account,
          resourceId: resourceIdOf(account),
          consentId: consent.id,
          transactions: body.transactionsPerAccount,
          firstDay: account.openedOn,
          days: body.days,
          seed: createHash('sha256').update(`${body.seed}|${bankId}|${bban}`).digest().readUInt32BE(0),
        };
        bulkAccounts.set(bulk.resourceId, bulk);
        return bulk;
      });
      state.consents.set(consent.id, consent);
      state.changed();
      return reply.code(201).send({
        consentId: consent.id,
        accounts: made.map((bulk) => ({
          resourceId: bulk.resourceId,
          bban: bulk.account.bban,
          iban: bulk.account.iban,
          transactions: bulk.transactions,
        })),
      });
    },
  );

  /** The bulk consent of the read, checked as the bank checks any consent: known here, valid, not expired. */
  function readableBulkConsent(request: FastifyRequest, bankId: string, consentId: string) {
    const consent = consentAt(state, bankId, consentId);
    const status = consentStatusOf(consent, state.today());
    if (requestedFault(request)?.name === 'consent-expired' || status === 'expired') {
      throw new BankError('CONSENT_EXPIRED', `The consent expired after ${consent.validUntil}.`);
    }
    if (status !== 'valid') throw new BankError('CONSENT_INVALID', `The consent is ${status}, not valid.`);
    return consent;
  }

  function transactionsPage(request: FastifyRequest, bulk: BulkAccount) {
    const query = request.query as {
      bookingStatus: string;
      dateFrom: string;
      dateTo?: string;
      page?: string;
    };
    const today = state.today();
    const dateTo = query.dateTo ?? today;
    if (query.dateFrom > dateTo) {
      throw new BankError('PERIOD_INVALID', `dateFrom ${query.dateFrom} is after dateTo ${dateTo}.`);
    }
    const first = endIndexAfter(bulk, addDays(query.dateFrom, -1));
    const end = Math.min(endIndexAfter(bulk, dateTo), endIndexAfter(bulk, today));
    const listed = query.bookingStatus === 'pending' ? 0 : Math.max(0, end - first);
    const pageNumber = Number(query.page ?? '1');
    const start = (pageNumber - 1) * TRANSACTIONS_PER_PAGE;
    const booked = [];
    // Newest first, as the world's accounts list them.
    for (let position = start; position < Math.min(listed, start + TRANSACTIONS_PER_PAGE); position += 1) {
      booked.push(transactionOf(bulk, end - 1 - position));
    }
    const next = new URLSearchParams({
      bookingStatus: query.bookingStatus,
      dateFrom: query.dateFrom,
      dateTo,
      page: String(pageNumber + 1),
    });
    return {
      account: { iban: bulk.account.iban },
      transactions: {
        booked,
        pending: [],
        _links: {
          account: { href: v1(`/accounts/${bulk.resourceId}`) },
          ...(listed > start + TRANSACTIONS_PER_PAGE
            ? { next: { href: v1(`/accounts/${bulk.resourceId}/transactions?${next.toString()}`) } }
            : {}),
        },
      },
    };
  }

  // Account reads of a bulk consent or account are answered here, before the world's routes look for them.
  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith('/psd2/:bankId/v1/accounts') || bulkAccounts.size === 0) return;
    const params = request.params as { bankId: string; resourceId?: string };
    const headers = request.headers as AccountHeaders;
    if (params.resourceId === undefined) {
      const consent = state.consents.get(headers['consent-id']);
      const listed = consent
        ? [...bulkAccounts.values()].filter((bulk) => bulk.consentId === consent.id)
        : [];
      if (listed.length === 0) return;
      readableBulkConsent(request, params.bankId, headers['consent-id']);
      return reply.send({ accounts: listed.map((bulk) => detailsOf(state, bulk, withBalanceOf(request))) });
    }
    const bulk = bulkAccounts.get(params.resourceId);
    if (!bulk || bulk.account.bankId !== params.bankId) return;
    const consent = readableBulkConsent(request, params.bankId, headers['consent-id']);
    if (consent.id !== bulk.consentId) {
      throw new BankError('RESOURCE_UNKNOWN', 'The account is not part of this consent.');
    }
    if (route.endsWith('/balances')) {
      return reply.send({ account: { iban: bulk.account.iban }, balances: balancesOf(state, bulk) });
    }
    if (route.endsWith('/transactions')) return reply.send(transactionsPage(request, bulk));
    return reply.send({ account: detailsOf(state, bulk, withBalanceOf(request)) });
  });
}
