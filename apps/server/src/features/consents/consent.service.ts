import { randomBytes } from 'node:crypto';
import {
  type Consent,
  type ConsentAccount,
  type ConsentBankTemplate,
  type ConsentEvent,
  ConsentPageState,
  type ConsentPageStateId,
  type ConsentScaResult,
  type ConsentStarted,
  type ConsentStatus,
  type ConsentsOfCompany,
  type CreateConsentRequest,
  type Language,
  MAX_CONSENT_DAYS,
  type RenewConsentRequest,
} from '@bilag/contracts';
import { addDays, isValidNationalIdentityNumber, validateAccountNumber } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit, writeAudits } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import { type MessageKey, translate } from '../../platform/messages';
import type { Providers } from '../../providers';
import type {
  BankAccount,
  BankClient,
  ConsentStatus as BankConsentStatus,
} from '../../providers/bank/interface';
import { ProviderError } from '../../providers/provider-error';
import { requireCompanyAccess } from '../companies';
import { requireServiceOn } from '../company-services';
import { enqueueConsentSync, syncingConsentIds } from './bank-sync.jobs';
import {
  consentStatusName,
  consentToday,
  isConsentEnded,
  toConsent,
  toConsentAccount,
  toConsentEvent,
} from './consent.mapping';
import * as repository from './consent.repository';
import type { BankConsentAccountRow, BankConsentRow } from './consent.table';

export type ConsentDependencies = { db: Db; providers: Providers };

/** The job that ends a renewed consent at the bank, retried until the bank has it. */
export const REVOKE_AT_BANK_JOB = 'consents.revoke-at-bank';

/** Statuses of a consent whose approval link still answers: the approval is under way or has its answer. */
const ANSWERING_STATUSES: readonly ConsentStatus[] = ['received', 'valid', 'rejected'];

/** The bank's codes for a consent it no longer holds: ending it there again has nothing left to do. */
const ENDED_AT_BANK_CODES = ['CONSENT_UNKNOWN', 'CONSENT_EXPIRED', 'CONSENT_INVALID', 'RESOURCE_UNKNOWN'];

function isEndedAtBank(error: unknown): boolean {
  return (
    error instanceof ProviderError &&
    error.failure === 'rejected' &&
    (error.status === 404 || ENDED_AT_BANK_CODES.includes(error.partyCode ?? ''))
  );
}

/** The bank's own steps between received and valid are all "waiting" to the product. */
function productStatusOf(status: BankConsentStatus): ConsentStatus {
  return status === 'partiallyAuthorised' ? 'received' : status;
}

/** A rule refusal that names its field, so the v2 error lists it under errors[].field. */
function fieldRefusal(
  language: Language,
  field: string,
  key: MessageKey,
  params: Record<string, string | number> = {},
) {
  return Errors.invalid(key, params, [{ field: `body.${field}`, message: translate(language, key, params) }]);
}

async function requireConsent(db: Db, companyId: number, consentId: number) {
  const listing = await repository.findConsent(db, companyId, consentId);
  if (!listing) throw Errors.notFound('consentNotFound');
  return listing;
}

function requireBankClient(
  providers: Providers,
  language: Language,
  bank: { name: string; bankGroup: string },
) {
  const client = providers.banks.forGroup(bank.bankGroup);
  if (!client) throw fieldRefusal(language, 'bankId', 'consentBankNotConnected', { bank: bank.name });
  return client;
}

function clientOfConsent(providers: Providers, consent: BankConsentRow): BankClient {
  const client = providers.banks.forGroup(consent.bankGroup);
  if (!client) throw Errors.invalid('consentBankNotConnected', { bank: consent.bankGroup });
  return client;
}

/** The consents as the product shows them, with their accounts and whether a sync is on its way. */
async function presentConsents(db: Db, listings: readonly repository.ConsentListing[]): Promise<Consent[]> {
  if (listings.length === 0) return [];
  const companyIds = [...new Set(listings.map(({ consent }) => consent.companyId))];
  const [accounts, syncing] = await Promise.all([
    repository.listConsentAccountsOf(
      db,
      listings.map(({ consent }) => ({ companyId: consent.companyId, id: consent.id })),
    ),
    Promise.all(companyIds.map((companyId) => syncingConsentIds(db, companyId))),
  ]);
  const syncingIds = new Set(syncing.flatMap((ids) => [...ids]));
  const today = consentToday();
  return listings.map((listing) =>
    toConsent(
      listing,
      accounts.filter(({ account }) => account.companyId === listing.consent.companyId),
      syncingIds,
      today,
    ),
  );
}

async function presentConsent(db: Db, companyId: number, consentId: number): Promise<Consent> {
  const [consent] = await presentConsents(db, [await requireConsent(db, companyId, consentId)]);
  if (!consent) throw Errors.notFound('consentNotFound');
  return consent;
}

function consentAudit(
  consent: BankConsentRow,
  userId: number | null,
  action: string,
  before: ConsentStatus | null,
) {
  return {
    companyId: consent.companyId,
    userId,
    entity: 'bank-consent',
    entityId: consent.id,
    action,
    before: before === null ? null : { status: before },
    after: {
      status: consent.status,
      bankId: consent.bankId,
      validUntil: consent.validUntil,
      requestedAccounts: consent.requestedAccounts,
      renewsConsentId: consent.renewsConsentId,
    },
  };
}

// --- Asking the bank for a consent ----------------------------------------------------------------

type ConsentAsked = {
  company: { Id: number; OrganisationNumber: string };
  bank: { id: number; name: string; bankGroup: string };
  accountNumbers: readonly string[];
  validUntil: string | undefined;
  frequencyPerDay: number;
  accountOwnerSsn: string | undefined;
  callbackPath: string | null;
  renewsConsentId: number | null;
};

/** What a person asking for a consent is: who they are, the language they read, and their browser's origin. */
export type ConsentCaller = { principal: Principal; language: Language; appOrigin: string };

function requireValidUntil(language: Language, asked: string | undefined): string {
  const today = consentToday();
  const latest = addDays(today, MAX_CONSENT_DAYS);
  if (asked === undefined) return latest;
  if (asked <= today) throw fieldRefusal(language, 'validUntil', 'consentValidUntilPast');
  if (asked > latest)
    throw fieldRefusal(language, 'validUntil', 'consentValidUntilTooFar', { days: MAX_CONSENT_DAYS, latest });
  return asked;
}

function requireSsn(language: Language, ssn: string | undefined): string | undefined {
  if (ssn !== undefined && !isValidNationalIdentityNumber(ssn))
    throw fieldRefusal(language, 'accountOwnerSsn', 'consentSsnInvalid');
  return ssn;
}

function scaReturnUrl(appOrigin: string, instructionId: string, status: 'success' | 'rejected'): string {
  const url = new URL('/consent/sca-callback', appOrigin);
  url.searchParams.set('instructionId', instructionId);
  url.searchParams.set('status', status);
  return url.toString();
}

/**
 * Asks the bank, then stores what it answered. Nothing is stored when the bank refuses: its failure
 * reaches the person as the bank's message.
 */
async function askBankForConsent(
  { db, providers }: ConsentDependencies,
  caller: ConsentCaller,
  asked: ConsentAsked,
): Promise<ConsentStarted> {
  const client = requireBankClient(providers, caller.language, asked.bank);
  const validUntil = requireValidUntil(caller.language, asked.validUntil);
  const ssn = requireSsn(caller.language, asked.accountOwnerSsn);
  // A fresh one per attempt: it is the capability the bank's return carries, and serves that consent only.
  const instructionId = randomBytes(24).toString('base64url');
  const accounts = asked.accountNumbers.map((accountNumber) => ({ accountNumber }));
  const created = await client.createConsent({
    onBehalfOf: {
      organisationNumber: asked.company.OrganisationNumber,
      ...(ssn ? { nationalIdentityNumber: ssn } : {}),
    },
    access:
      accounts.length === 0
        ? { scope: 'allAccounts' }
        : { scope: 'accounts', accounts, balances: true, transactions: true },
    recurring: true,
    validUntil,
    frequencyPerDay: asked.frequencyPerDay,
    returnUrl: scaReturnUrl(caller.appOrigin, instructionId, 'success'),
    returnUrlOnRejection: scaReturnUrl(caller.appOrigin, instructionId, 'rejected'),
    idempotencyKey: instructionId,
  });
  const consentId = await db.transaction(async (tx) => {
    if (asked.renewsConsentId !== null) {
      await repository.lockConsent(tx, asked.company.Id, asked.renewsConsentId);
      if (await repository.findWaitingRenewal(tx, asked.company.Id, asked.renewsConsentId))
        throw Errors.conflict('consentRenewalWaiting');
    }
    const consent = await repository.insertConsent(tx, {
      companyId: asked.company.Id,
      bankId: asked.bank.id,
      bankGroup: asked.bank.bankGroup,
      providerConsentId: created.consentId,
      authorisationId: created.authorisationId,
      instructionId,
      status: productStatusOf(created.status),
      // The bank may shorten what was asked for; its answer is what holds.
      validUntil: created.validUntil ?? validUntil,
      frequencyPerDay: asked.frequencyPerDay,
      requestedAccounts: [...asked.accountNumbers],
      callbackPath: asked.callbackPath,
      renewsConsentId: asked.renewsConsentId,
      createdBy: caller.principal.userId,
    });
    await repository.insertEvents(tx, [
      {
        companyId: consent.companyId,
        consentId: consent.id,
        kind: 'created',
        details: { bank: asked.bank.name },
        userId: caller.principal.userId,
      },
    ]);
    await writeAudit(tx, consentAudit(consent, caller.principal.userId, 'create', null));
    return consent.id;
  });
  return {
    consent: await presentConsent(db, asked.company.Id, consentId),
    scaRedirectUrl: created.scaRedirectUrl,
  };
}

export async function createConsent(
  dependencies: ConsentDependencies,
  caller: ConsentCaller,
  body: CreateConsentRequest,
): Promise<ConsentStarted> {
  const { db } = dependencies;
  const company = await requireCompanyAccess(db, caller.principal.userId, body.companyId);
  await requireServiceOn(db, company.Id, 'bank-sync');
  const bank = await repository.findBank(db, body.bankId);
  if (!bank) throw Errors.notFound('bankNotFound');
  const accountNumbers = [...new Set(body.accountNumbers ?? [])];
  if (accountNumbers.length > 0) {
    const atBank = new Set(
      (await repository.listCompanyAccountsWithBank(db, company.Id))
        .filter((account) => account.bankId === bank.id)
        .map((account) => account.accountNumber),
    );
    const foreign = accountNumbers.find((accountNumber) => !atBank.has(accountNumber));
    if (foreign !== undefined)
      throw fieldRefusal(caller.language, 'accountNumbers', 'consentAccountNotOfBank', {
        account: foreign,
        bank: bank.name,
      });
  }
  return askBankForConsent(dependencies, caller, {
    company,
    bank,
    accountNumbers,
    validUntil: body.validUntil,
    frequencyPerDay: body.frequencyPerDay,
    accountOwnerSsn: body.accountOwnerSsn,
    callbackPath: body.callbackUrl ?? null,
    renewsConsentId: null,
  });
}

/** Renewable: a consent still in force, or one that ran out (its accounts were read until then). */
const RENEWABLE_STATUSES: readonly ConsentStatus[] = ['valid', 'expired'];

export async function renewConsent(
  dependencies: ConsentDependencies,
  caller: ConsentCaller,
  consentId: number,
  body: RenewConsentRequest,
): Promise<ConsentStarted> {
  const { db } = dependencies;
  const company = await requireCompanyAccess(db, caller.principal.userId, body.companyId);
  await requireServiceOn(db, company.Id, 'bank-sync');
  const { consent } = await requireConsent(db, company.Id, consentId);
  if (!RENEWABLE_STATUSES.includes(consent.status))
    throw Errors.conflict('consentRenewNotAllowed', {
      status: consentStatusName(caller.language, consent.status),
    });
  const bank = await repository.findBank(db, consent.bankId);
  if (!bank) throw Errors.notFound('bankNotFound');
  if (body.debtorBankBic !== undefined && body.debtorBankBic !== bank.bic)
    throw fieldRefusal(caller.language, 'debtorBankBic', 'consentBicNotOfBank', {
      bic: body.debtorBankBic,
      bank: bank.name,
    });
  if (await repository.findWaitingRenewal(db, company.Id, consent.id))
    throw Errors.conflict('consentRenewalWaiting');
  return askBankForConsent(dependencies, caller, {
    company,
    bank,
    accountNumbers: consent.requestedAccounts,
    validUntil: body.validUntil,
    frequencyPerDay: consent.frequencyPerDay,
    accountOwnerSsn: body.accountOwnerSsn,
    callbackPath: body.callbackUrl,
    renewsConsentId: consent.id,
  });
}

// --- The bank's return from its consent page --------------------------------------------------------

function scaResult(
  listing: { consent: BankConsentRow; alias: string },
  accounts: readonly repository.ConsentAccountListing[],
  language: Language,
): ConsentScaResult {
  const { consent, alias } = listing;
  const state: ConsentPageStateId =
    consent.status === 'valid'
      ? ConsentPageState.accepted
      : consent.status === 'received'
        ? ConsentPageState.pending
        : ConsentPageState.rejected;
  const message =
    state === ConsentPageState.accepted
      ? translate(language, 'consentEventAccepted', { accounts: accounts.length })
      : state === ConsentPageState.pending
        ? translate(language, 'consentScaPending')
        : translate(language, 'consentEventRejected');
  return {
    state,
    consentId: consent.id,
    companyId: consent.companyId,
    alias,
    redirectPath: consent.callbackPath ?? `/${alias}/consent`,
    accounts: accounts.map(toConsentAccount),
    message,
  };
}

async function presentScaResult(db: Db, consent: BankConsentRow, language: Language) {
  const company = await repository.findCompany(db, consent.companyId);
  const accounts = await repository.listConsentAccounts(db, consent.companyId, [consent.id]);
  return scaResult({ consent, alias: company?.alias ?? '' }, accounts, language);
}

/** The Norwegian account number of an account the bank shows: its BBAN, or the one inside its Norwegian IBAN. */
function norwegianAccountNumberOf(account: BankAccount): string | null {
  for (const candidate of [account.accountNumber, account.iban]) {
    if (candidate === undefined) continue;
    const result = validateAccountNumber(candidate);
    if (result.valid && result.normalized !== undefined) return result.normalized;
  }
  return null;
}

/**
 * Makes each account the bank bound the consent to known to the company ("the accounts appear"):
 * an account number the company does not have yet becomes one of its accounts.
 */
async function companyAccountsFor(
  tx: Db,
  consent: BankConsentRow,
  accounts: readonly BankAccount[],
): Promise<Map<string, number>> {
  const idsByNumber = new Map<string, number>();
  for (const account of accounts) {
    const accountNumber = norwegianAccountNumberOf(account);
    if (accountNumber === null || idsByNumber.has(accountNumber)) continue;
    const existing = await repository.findCompanyBankByNumber(tx, consent.companyId, accountNumber);
    if (existing) {
      idsByNumber.set(accountNumber, existing.id);
      continue;
    }
    const bank = await repository.findBankOfAccountNumber(tx, accountNumber);
    const added = await repository.insertCompanyBank(tx, {
      companyId: consent.companyId,
      accountNumber,
      name: account.name ?? null,
      currency: account.currency,
      bankId: bank?.id ?? consent.bankId,
      createdBy: consent.createdBy,
    });
    const row = added ?? (await repository.findCompanyBankByNumber(tx, consent.companyId, accountNumber));
    if (!row) continue;
    idsByNumber.set(accountNumber, row.id);
    if (added)
      await writeAudit(tx, {
        companyId: consent.companyId,
        userId: consent.createdBy,
        entity: 'company-bank',
        entityId: added.id,
        action: 'create',
        after: { ...added, fromConsentId: consent.id },
      });
  }
  return idsByNumber;
}

/** How far the accounts of the consent being replaced were read, so the renewal's sync goes on from there. */
function syncedThroughOf(
  previous: readonly BankConsentAccountRow[],
  account: { companyBankId: number | null; iban: string | null; bban: string | null },
): string | null {
  const match = previous.find(
    (candidate) =>
      (account.companyBankId !== null && candidate.companyBankId === account.companyBankId) ||
      (account.iban !== null && candidate.iban === account.iban) ||
      (account.bban !== null && candidate.bban === account.bban),
  );
  return match?.syncedThrough ?? null;
}

/**
 * The bank approved the consent: its accounts are stored and join the company, the consent it renews
 * ends (at the bank too, by a job that retries), and the first sync is queued. Runs once: a second
 * answer finds the consent no longer waiting and changes nothing.
 */
async function acceptConsent(
  { db, providers }: ConsentDependencies,
  consent: BankConsentRow,
): Promise<BankConsentRow> {
  const bankAccounts = await clientOfConsent(providers, consent).listAccounts({
    consentId: consent.providerConsentId,
  });
  return db.transaction(async (tx) => {
    const locked = await repository.lockConsent(tx, consent.companyId, consent.id);
    if (locked?.status !== 'received') return locked ?? consent;
    const replaced =
      locked.renewsConsentId === null
        ? undefined
        : await repository.lockConsent(tx, locked.companyId, locked.renewsConsentId);
    const previousAccounts = replaced
      ? await repository.listAccountsOfConsent(tx, replaced.companyId, replaced.id)
      : [];
    const companyBankIds = await companyAccountsFor(tx, locked, bankAccounts);
    const accounts = bankAccounts.map((account) => {
      const accountNumber = norwegianAccountNumberOf(account);
      const stored = {
        resourceId: account.accountId,
        iban: account.iban ?? null,
        bban: accountNumber,
        name: account.name ?? null,
        currency: account.currency,
        companyBankId: accountNumber === null ? null : (companyBankIds.get(accountNumber) ?? null),
        status:
          account.status === 'deleted' || account.status === 'blocked'
            ? ('closed' as const)
            : ('enabled' as const),
      };
      return { ...stored, syncedThrough: syncedThroughOf(previousAccounts, stored) };
    });
    await repository.upsertConsentAccounts(tx, locked.companyId, locked.id, accounts);
    const accepted = await repository.updateConsent(tx, locked.companyId, locked.id, { status: 'valid' });
    if (!accepted) throw Errors.notFound('consentInstructionUnknown');
    const events: repository.NewConsentEvent[] = [
      {
        companyId: locked.companyId,
        consentId: locked.id,
        kind: 'accepted',
        details: { accounts: accounts.length },
      },
    ];
    const audits = [consentAudit(accepted, null, 'accept', locked.status)];
    if (replaced && !isConsentEnded(replaced.status)) {
      const ended = await repository.updateConsent(tx, replaced.companyId, replaced.id, {
        status: 'terminatedByTpp',
        endedAt: new Date(),
      });
      if (ended) audits.push(consentAudit(ended, null, 'renewed', replaced.status));
      await enqueueJob(tx, {
        name: REVOKE_AT_BANK_JOB,
        payload: { companyId: replaced.companyId, consentId: replaced.id },
        singletonKey: `${REVOKE_AT_BANK_JOB}:${replaced.companyId}:${replaced.id}`,
        companyId: replaced.companyId,
      });
    }
    if (replaced)
      events.push({
        companyId: replaced.companyId,
        consentId: replaced.id,
        kind: 'renewed',
        details: { newConsentId: locked.id },
      });
    await repository.insertEvents(tx, events);
    await writeAudits(tx, audits);
    await enqueueConsentSync(tx, { companyId: locked.companyId, consentId: locked.id });
    return accepted;
  });
}

/** The consent was not approved: it is rejected here, and one still waiting at the bank is ended there. */
async function rejectConsent(
  { db, providers }: ConsentDependencies,
  consent: BankConsentRow,
  bankStatus: ConsentStatus,
): Promise<BankConsentRow> {
  if (bankStatus === 'received') await revokeAtBank(clientOfConsent(providers, consent), consent);
  return db.transaction(async (tx) => {
    const locked = await repository.lockConsent(tx, consent.companyId, consent.id);
    if (locked?.status !== 'received') return locked ?? consent;
    const rejected = await repository.updateConsent(tx, locked.companyId, locked.id, {
      status: 'rejected',
      endedAt: new Date(),
    });
    if (!rejected) throw Errors.notFound('consentInstructionUnknown');
    await repository.insertEvents(tx, [
      {
        companyId: locked.companyId,
        consentId: locked.id,
        kind: 'rejected',
        isError: true,
        details: { status: bankStatus },
      },
    ]);
    await writeAudit(tx, consentAudit(rejected, null, 'reject', locked.status));
    return rejected;
  });
}

async function revokeAtBank(client: BankClient, consent: BankConsentRow): Promise<void> {
  try {
    await client.revokeConsent(consent.providerConsentId);
  } catch (error) {
    if (!isEndedAtBank(error)) throw error;
  }
}

/**
 * The person came back from the bank's consent page (or left it: `cancelled`). The bank is asked
 * where the consent stands; what the return address said is never trusted. An approval link serves
 * its consent only: once the consent has ended after its answer (revoked, expired, replaced), the
 * link is spent and answers 404; until then a repeat answers the same result.
 */
export async function answerConsentSca(
  dependencies: ConsentDependencies,
  language: Language,
  instructionId: string,
  cancelled: boolean,
): Promise<ConsentScaResult> {
  const { db, providers } = dependencies;
  const listing = await repository.findConsentByInstruction(db, instructionId);
  if (!listing || !ANSWERING_STATUSES.includes(listing.consent.status))
    throw Errors.notFound('consentInstructionUnknown');
  let consent = listing.consent;
  if (consent.status === 'received') {
    const bankStatus = productStatusOf(
      await clientOfConsent(providers, consent).getConsentStatus(consent.providerConsentId),
    );
    if (bankStatus === 'valid') consent = await acceptConsent(dependencies, consent);
    else if (cancelled || bankStatus !== 'received')
      consent = await rejectConsent(dependencies, consent, bankStatus);
  }
  return presentScaResult(db, consent, language);
}

/** The job behind a renewal: the replaced consent ends at the bank too; a bank that no longer has it is done. */
export async function revokeReplacedConsentAtBank(
  { db, providers }: ConsentDependencies,
  target: { companyId: number; consentId: number },
): Promise<void> {
  const listing = await repository.findConsent(db, target.companyId, target.consentId);
  if (!listing) return;
  await revokeAtBank(clientOfConsent(providers, listing.consent), listing.consent);
}

// --- What the person does with a consent ------------------------------------------------------------

export async function revokeConsent(
  { db, providers }: ConsentDependencies,
  principal: Principal,
  consentId: number,
  companyIdInput: number,
): Promise<Consent> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  const { consent } = await requireConsent(db, company.Id, consentId);
  if (isConsentEnded(consent.status)) throw Errors.conflict('consentAlreadyEnded');
  await revokeAtBank(clientOfConsent(providers, consent), consent);
  await db.transaction(async (tx) => {
    const locked = await repository.lockConsent(tx, company.Id, consent.id);
    if (!locked || isConsentEnded(locked.status)) throw Errors.conflict('consentAlreadyEnded');
    const revoked = await repository.updateConsent(tx, company.Id, consent.id, {
      status: 'terminatedByTpp',
      endedAt: new Date(),
    });
    if (!revoked) throw Errors.notFound('consentNotFound');
    await repository.insertEvents(tx, [
      { companyId: company.Id, consentId: consent.id, kind: 'revoked', userId: principal.userId },
    ]);
    await writeAudit(tx, consentAudit(revoked, principal.userId, 'revoke', locked.status));
  });
  return presentConsent(db, company.Id, consent.id);
}

export async function syncConsent(
  db: Db,
  principal: Principal,
  language: Language,
  consentId: number,
  companyIdInput: number,
): Promise<Consent> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  await requireServiceOn(db, company.Id, 'bank-sync');
  const { consent } = await requireConsent(db, company.Id, consentId);
  if (consent.status !== 'valid')
    throw Errors.conflict('consentNotActive', { status: consentStatusName(language, consent.status) });
  await enqueueConsentSync(db, { companyId: company.Id, consentId: consent.id });
  return presentConsent(db, company.Id, consent.id);
}

// --- Reading ----------------------------------------------------------------------------------------

export async function listConsents(
  db: Db,
  principal: Principal,
  companyIdInput: number,
): Promise<ConsentsOfCompany> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  const listings = await repository.listConsentsOfCompany(db, company.Id);
  const consents = await presentConsents(db, listings);
  const madeByCaller = new Set(
    listings.filter(({ consent }) => consent.createdBy === principal.userId).map(({ consent }) => consent.id),
  );
  return { consents, ownerConsents: consents.filter((consent) => madeByCaller.has(consent.id)) };
}

export async function listOwnerConsents(db: Db, principal: Principal): Promise<Consent[]> {
  return presentConsents(db, await repository.listConsentsMadeBy(db, principal.userId));
}

export async function getConsent(
  db: Db,
  principal: Principal,
  consentId: number,
  companyIdInput: number,
): Promise<Consent> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  return presentConsent(db, company.Id, consentId);
}

export async function getConsentAccounts(
  db: Db,
  principal: Principal,
  consentId: number,
  companyIdInput: number,
): Promise<ConsentAccount[]> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  const { consent } = await requireConsent(db, company.Id, consentId);
  return (await repository.listConsentAccounts(db, company.Id, [consent.id])).map(toConsentAccount);
}

/** Every account of the company's consents, newest consent first. */
export async function listConsentAccountList(
  db: Db,
  principal: Principal,
  companyIdInput: number,
): Promise<ConsentAccount[]> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  const consentIds = (await repository.listConsentsOfCompany(db, company.Id)).map(
    ({ consent }) => consent.id,
  );
  const accounts = await repository.listConsentAccounts(db, company.Id, consentIds);
  return consentIds.flatMap((consentId) =>
    accounts.filter(({ account }) => account.consentId === consentId).map(toConsentAccount),
  );
}

export async function getConsentEvents(
  db: Db,
  principal: Principal,
  language: Language,
  query: { consentId: number; companyId: number; onlyErrors: boolean },
): Promise<ConsentEvent[]> {
  const company = await requireCompanyAccess(db, principal.userId, query.companyId);
  const { consent } = await requireConsent(db, company.Id, query.consentId);
  const events = await repository.listEvents(db, company.Id, consent.id, query.onlyErrors);
  return events.map((event) => toConsentEvent(language, event));
}

/**
 * The banks a consent can be made with (those in a group the product has a connection to), the
 * company's own banks first, each with the company's accounts there and whether a consent covers it.
 */
export async function listConsentBankTemplates(
  { db, providers }: ConsentDependencies,
  principal: Principal,
  companyIdInput: number,
): Promise<ConsentBankTemplate[]> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  const [banks, accounts, consents] = await Promise.all([
    repository.listActiveBanks(db),
    repository.listCompanyAccountsWithBank(db, company.Id),
    repository.listConsentsOfCompany(db, company.Id),
  ]);
  const covered = new Set(
    consents
      .filter(({ consent }) => consent.status === 'valid' || consent.status === 'received')
      .map(({ consent }) => consent.bankId),
  );
  const templates = banks
    .filter((bank) => providers.banks.forGroup(bank.bankGroup) !== undefined)
    .map((bank) => ({
      bankId: bank.id,
      name: bank.name,
      bic: bank.bic,
      bankGroup: bank.bankGroup,
      template: bank.autoImportTemplate ?? null,
      accountNumbers: accounts
        .filter((account) => account.bankId === bank.id)
        .map((account) => account.accountNumber),
      hasConsent: covered.has(bank.id),
    }));
  const companysOwn = templates.filter((template) => template.accountNumbers.length > 0);
  return [...companysOwn, ...templates.filter((template) => template.accountNumbers.length === 0)];
}
