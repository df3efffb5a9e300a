import { type BalanceSource, type ConsentStatus, normalizeLanguage } from '@bilag/contracts';
import { addDays, todayIsoDate } from '@bilag/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { JobOutcome } from '../../platform/jobs';
import { translate } from '../../platform/messages';
import { ProviderError, type Providers } from '../../providers';
import type {
  AccountReference,
  BankClient,
  AccountRead as BankRead,
  BankTransaction,
  TransactionPage,
} from '../../providers/bank/interface';
import { providerErrorToAppError } from '../../providers/provider-error';
import { lockAccountAdditions, OccurrenceCounter, rowFingerprint } from '../imports';
import { autoMatch } from '../matching';
import { notifyCompanyUsers } from '../notifications';
import { settlePaymentsOfImport } from '../payments';
import * as repository from './bank-sync.repository';

/**
 * One sync of a consent: for each of its accounts, the bank's closing booked balance and the booked
 * transactions since the account was last read, stored in one database transaction per account, then
 * matched. An account's run is all or nothing and records how far it has read, so a sync that fails half
 * way resumes with the accounts it had not finished.
 */

export type SyncDependencies = { db: Db; providers: Providers; log?: FastifyBaseLogger | undefined };

/** The job run a sync belongs to: when it acts, and whether the runner will try it again after a failure. */
export type SyncRun = { at: Date; attempt: number; isLastAttempt: boolean };

/** Days read again before the last day read, for entries a bank books late with an earlier date. */
const OVERLAP_DAYS = 3;
/** How far back the first sync of an account reads: the 90 days a bank gives without the person. */
const FIRST_SYNC_DAYS = 90;
const BANK_TIME_ZONE = 'Europe/Oslo';

const BALANCE_SOURCE: Readonly<Record<string, BalanceSource>> = { dnb: 'DNB_53', sparebank1: 'SP1_53' };

/** The bank's codes for a consent it no longer honours, and the status the consent then has here. */
const ENDED_CONSENT_CODES: Readonly<Record<string, ConsentStatus>> = {
  CONSENT_EXPIRED: 'expired',
  CONSENT_INVALID: 'revokedByPsu',
  CONSENT_UNKNOWN: 'revokedByPsu',
};
const ENDED_STATUSES: readonly ConsentStatus[] = ['rejected', 'revokedByPsu', 'expired', 'terminatedByTpp'];

type SyncConsent = NonNullable<Awaited<ReturnType<typeof repository.findSyncConsent>>>;
type SyncAccount = Awaited<ReturnType<typeof repository.listSyncAccounts>>[number];

/** Who a sync acts as, for the rows, the payments it settles and the audit. */
type Actor = { companyId: number; userId: number; language: ReturnType<typeof normalizeLanguage> };

type AccountOutcome = { imported: number; duplicates: number; importId: number | undefined };

function referenceText(reference: AccountReference | undefined): string | null {
  if (!reference) return null;
  return 'accountNumber' in reference ? reference.accountNumber : reference.iban;
}

function isSameText(first: string, second: string): boolean {
  const plain = (text: string) => text.replace(/\s+/g, ' ').trim().toLocaleLowerCase('nb');
  return plain(first) === plain(second);
}

/**
 * A booked bank transaction in the columns an imported statement fills: the text is the message, else the
 * counterparty's name, which then becomes the second line when the message says something else. Its
 * fingerprint is the bank's reference, so a transaction read again is recognised.
 */
export function bankRowOf(
  transaction: BankTransaction & { bookingDate: string },
  occurrences: OccurrenceCounter,
) {
  const amountOre = Number(transaction.amount.amount);
  const isIncoming = amountOre > 0;
  const counterpartyName =
    (isIncoming ? transaction.debtorName : transaction.creditorName) ??
    transaction.creditorName ??
    transaction.debtorName ??
    null;
  const text = transaction.message ?? counterpartyName ?? '';
  const text2 =
    transaction.message && counterpartyName && !isSameText(transaction.message, counterpartyName)
      ? counterpartyName
      : '';
  const fingerprint = rowFingerprint({
    date: transaction.bookingDate,
    amountOre,
    text,
    text2,
    reference: transaction.entryReference ?? transaction.transactionId,
  });
  return {
    bookingDate: transaction.bookingDate,
    valueDate: transaction.valueDate ?? null,
    text,
    text2,
    amountOre,
    kid: transaction.kid ?? null,
    endToEndId: transaction.endToEndId ?? null,
    counterpartyName,
    counterpartyAccount: referenceText(isIncoming ? transaction.debtorAccount : transaction.creditorAccount),
    fingerprint,
    occurrence: occurrences.next(fingerprint),
  } satisfies repository.BankRow;
}

/** The first day an account's run reads: on from what it has, never before the account's service start. */
function firstDayToRead(account: SyncAccount, today: string): string {
  const from = account.account.syncedThrough
    ? addDays(account.account.syncedThrough, -OVERLAP_DAYS)
    : addDays(today, -FIRST_SYNC_DAYS);
  const start = account.serviceStartDate;
  const bounded = start && start > from ? start : from;
  return bounded > today ? today : bounded;
}

type ClosingBalance = { date: string; amountOre: number; currency: string };

/** The bank's closing booked balance of the account, when it gives one. */
async function readClosingBalance(
  client: BankClient,
  read: BankRead,
  account: SyncAccount,
): Promise<ClosingBalance | undefined> {
  const balances = await client.getBalances(read, account.account.resourceId);
  const closing = balances.find(
    (balance) => balance.type === 'closingBooked' && balance.referenceDate !== undefined,
  );
  return closing?.referenceDate
    ? {
        date: closing.referenceDate,
        amountOre: Number(closing.amount.amount),
        currency: closing.amount.currency,
      }
    : undefined;
}

/**
 * The batches with the next one always on its way: the bank reads it while the database stores this one,
 * so a sync holds two batches at most and neither side waits for the other.
 */
async function* readingAhead<Batch>(batches: AsyncIterable<Batch>): AsyncGenerator<Batch> {
  const iterator = batches[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const result = await next;
      if (result.done) return;
      next = iterator.next();
      // Met by the next turn of the loop; a store that failed first makes it go unread.
      next.catch(() => undefined);
      yield result.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/**
 * Rows stored in one statement. A bank's page holds some 100 transactions; storing ten pages at once
 * spends the statement's fixed cost (its round trip, the account's lookups) on ten times the rows.
 */
const ROWS_PER_BATCH = 1_000;

/** The booked transactions of the bank's pages, at least ROWS_PER_BATCH at a time (fewer at the end). */
async function* bookedInBatches(pages: AsyncIterable<TransactionPage>): AsyncGenerator<BankTransaction[]> {
  let batch: BankTransaction[] = [];
  for await (const page of pages) {
    batch.push(...page.booked);
    if (batch.length >= ROWS_PER_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Syncs one account in one database transaction: its booked transactions since it was last read, a batch
 * of the bank's pages at a time, each batch stored while the next is read, so no more than two batches are
 * held however long the period; then the rows the account lacked are settled against payments, and its closing
 * balance and how far it is read are stored. A failure on any page leaves the account as it was.
 */
async function syncAccount(
  db: Db,
  bank: { client: BankClient; read: BankRead },
  context: { consent: SyncConsent; actor: Actor; at: Date },
  account: SyncAccount,
  companyBankId: number,
): Promise<AccountOutcome> {
  const { consent, actor, at } = context;
  const today = todayIsoDate(BANK_TIME_ZONE, at);
  const fromDate = firstDayToRead(account, today);
  const closing = await readClosingBalance(bank.client, bank.read, account);
  // Today's bookings may still grow, so the last day read in full is yesterday.
  const yesterday = addDays(today, -1);
  const previous = account.account.syncedThrough;
  const syncedThrough = previous && previous > yesterday ? previous : yesterday;

  return db.transaction(async (tx) => {
    await lockAccountAdditions(tx, companyBankId);
    const importId = await repository.insertBankImport(tx, {
      companyId: actor.companyId,
      companyBankId,
      fileName: `${consent.bankName} ${today}`,
      userId: actor.userId,
    });
    const target: repository.SyncTarget = {
      companyId: actor.companyId,
      companyBankId,
      importId,
      currency: account.account.currency,
      userId: actor.userId,
      fromDate,
      toDate: today,
    };
    const occurrences = new OccurrenceCounter();
    const reportedHeld: repository.HeldBankRows = { bookingDates: [], amountsOre: [] };
    let reported = 0;
    let added = 0;
    const pages = bank.client.transactionPages(bank.read, account.account.resourceId, {
      dateFrom: fromDate,
      dateTo: today,
      bookingStatus: 'booked',
    });
    for await (const booked of readingAhead(bookedInBatches(pages))) {
      const rows = booked.flatMap((transaction) =>
        transaction.bookingDate !== undefined && transaction.bookingDate >= fromDate
          ? [bankRowOf({ ...transaction, bookingDate: transaction.bookingDate }, occurrences)]
          : [],
      );
      if (rows.length === 0) continue;
      reported += rows.length;
      const stored = await repository.insertNewBankRows(tx, target, rows);
      added += stored.added;
      reportedHeld.bookingDates.push(...stored.held.bookingDates);
      reportedHeld.amountsOre.push(...stored.held.amountsOre);
    }
    const imported =
      added === 0 ? 0 : added - (await repository.deleteSurplusBankRows(tx, target, reportedHeld));
    const duplicates = reported - imported;
    if (imported > 0) {
      await repository.updateBankImport(tx, actor.companyId, importId, {
        imported,
        duplicates,
        fromDate,
        toDate: today,
      });
      await settlePaymentsOfImport(tx, actor, importId);
      await writeAudit(tx, {
        companyId: actor.companyId,
        userId: actor.userId,
        entity: 'bank-import',
        entityId: importId,
        action: 'create',
        after: {
          format: 'bank-api',
          consentId: consent.consent.id,
          accountNumber: account.accountNumber,
          fromDate,
          toDate: today,
          imported,
          duplicates,
        },
      });
    } else {
      // A read that found nothing new leaves no empty import in the account's history.
      await repository.deleteEmptyImport(tx, actor.companyId, importId);
    }
    if (closing) {
      await repository.upsertClosingBalance(tx, {
        companyId: actor.companyId,
        companyBankId,
        ...closing,
        source: BALANCE_SOURCE[consent.consent.bankGroup] ?? 'BANK_API',
      });
    }
    await repository.updateAccountSynced(tx, actor.companyId, account.account.id, { syncedThrough, at });
    return { imported, duplicates, importId: imported > 0 ? importId : undefined };
  });
}

async function closeAccount(db: Db, consent: SyncConsent, actor: Actor, account: SyncAccount, at: Date) {
  await db.transaction(async (tx) => {
    if (!(await repository.closeAccount(tx, actor.companyId, account.account.id, at))) return;
    await repository.insertConsentEvent(tx, {
      companyId: actor.companyId,
      consentId: consent.consent.id,
      kind: 'account-closed',
      isError: true,
      details: { account: account.accountNumber },
    });
    await writeAudit(tx, {
      companyId: actor.companyId,
      userId: null,
      entity: 'bank-consent-account',
      entityId: account.account.id,
      action: 'update',
      before: { status: 'enabled' },
      after: { status: 'closed' },
    });
  });
}

/** The failure in the words of the consent's creator, for the consent's last error and history. */
function reasonOf(error: unknown, language: Actor['language']): string {
  if (error instanceof ProviderError) {
    const appError = providerErrorToAppError(error, (key) => translate(language, key));
    return translate(language, appError.messageKey, appError.options.params);
  }
  return translate(language, 'internal');
}

function consentLink(consent: SyncConsent): string {
  return `/${consent.companyAlias}/consent`;
}

/** The bank no longer honours the consent: it ends here too, and the company's people are told once. */
async function endAtBank(
  dependencies: SyncDependencies,
  consent: SyncConsent,
  client: BankClient,
  refusal: ProviderError,
  actor: Actor,
  at: Date,
) {
  const told = await client.getConsentStatus(consent.consent.providerConsentId).catch(() => undefined);
  const status: ConsentStatus =
    told !== undefined && (ENDED_STATUSES as readonly string[]).includes(told)
      ? (told as ConsentStatus)
      : (ENDED_CONSENT_CODES[refusal.partyCode ?? ''] ?? 'revokedByPsu');
  await dependencies.db.transaction(async (tx) => {
    const ended = await repository.endConsent(tx, actor.companyId, consent.consent.id, {
      status,
      lastError: reasonOf(refusal, actor.language),
      at,
    });
    if (!ended) return;
    await repository.insertConsentEvent(tx, {
      companyId: actor.companyId,
      consentId: consent.consent.id,
      kind: 'ended-at-bank',
      isError: true,
      details: { status },
    });
    await writeAudit(tx, {
      companyId: actor.companyId,
      userId: null,
      entity: 'bank-consent',
      entityId: consent.consent.id,
      action: 'update',
      before: { status: consent.consent.status },
      after: { status, endedAt: at.toISOString() },
    });
    await notifyCompanyUsers(tx, {
      companyId: actor.companyId,
      kind: 'consent-ended',
      details: { bank: consent.bankName },
      link: consentLink(consent),
    });
  });
}

/**
 * A failed sync: the consent shows the failure, its history has it once per job (not once per retry),
 * and when the runner gives up the company's people are told.
 */
async function recordFailure(
  dependencies: SyncDependencies,
  consent: SyncConsent,
  actor: Actor,
  error: unknown,
  run: SyncRun & { isFinal: boolean },
) {
  const reason = reasonOf(error, actor.language);
  await dependencies.db.transaction(async (tx) => {
    await repository.updateConsentError(tx, actor.companyId, consent.consent.id, {
      lastError: reason,
      at: run.at,
    });
    if (run.attempt === 1) {
      await repository.insertConsentEvent(tx, {
        companyId: actor.companyId,
        consentId: consent.consent.id,
        kind: 'sync-failed',
        isError: true,
        details: { reason },
      });
    }
    if (run.isFinal) {
      await notifyCompanyUsers(tx, {
        companyId: actor.companyId,
        kind: 'consent-sync-failed',
        details: { bank: consent.bankName, reason },
        link: consentLink(consent),
      });
    }
  });
}

const isConsentRefusal = (error: ProviderError) =>
  (error.status === 401 || error.status === 403) && (error.partyCode ?? '') in ENDED_CONSENT_CODES;
const isClosedAtBank = (status: string | undefined) => status === 'deleted' || status === 'blocked';
const isAccountGone = (error: unknown) =>
  error instanceof ProviderError && error.status === 404 && error.partyCode === 'RESOURCE_UNKNOWN';
/** A wait the bank asked for: the job runs again then, which is no failed attempt. */
const isRateLimit = (error: ProviderError) => error.status === 429 && error.retryAfterSeconds !== undefined;
/** The consent's reads for today are used up (429 without Retry-After): trying again today cannot help. */
const isReadLimit = (error: ProviderError) => error.partyCode === 'ACCESS_EXCEEDED';

/**
 * Syncs the consent's accounts. Answers when to run again for a bank's rate limit; throws for a failure
 * worth another attempt (the bank unavailable, a time-out), after recording it.
 */
export async function syncConsent(
  dependencies: SyncDependencies,
  target: { companyId: number; consentId: number },
  run: SyncRun,
): Promise<JobOutcome> {
  const { db } = dependencies;
  const consent = await repository.findSyncConsent(db, target.companyId, target.consentId);
  if (consent?.consent.status !== 'valid' || consent.consent.endedAt !== null) return undefined;
  // The rows, settled payments and matches of a sync are the consent creator's doing: they asked the bank
  // for the consent on the company's behalf, and the product reads with it for them.
  const userId = consent.consent.createdBy;
  if (userId === null) return undefined;
  const actor: Actor = {
    companyId: target.companyId,
    userId,
    language: normalizeLanguage(consent.creatorLanguage),
  };
  const client = dependencies.providers.banks.forGroup(consent.consent.bankGroup);
  if (!client) return undefined;
  const read: BankRead = { consentId: consent.consent.providerConsentId };

  try {
    const atBank = new Map(
      (await client.listAccounts(read)).map((account) => [account.accountId, account.status]),
    );
    const totals = { accounts: 0, imported: 0, duplicates: 0 };
    const accounts = (await repository.listSyncAccounts(db, target.companyId, target.consentId)).flatMap(
      (account) => {
        const companyBankId = account.account.companyBankId;
        return companyBankId === null ? [] : [{ account, companyBankId }];
      },
    );
    for (const { account, companyBankId } of accounts) {
      if (isClosedAtBank(atBank.get(account.account.resourceId))) {
        await closeAccount(db, consent, actor, account, run.at);
        continue;
      }
      const outcome = await syncAccount(
        db,
        { client, read },
        { consent, actor, at: run.at },
        account,
        companyBankId,
      ).catch(async (error: unknown) => {
        if (!isAccountGone(error)) throw error;
        await closeAccount(db, consent, actor, account, run.at);
        return undefined;
      });
      if (!outcome) continue;
      totals.accounts += 1;
      totals.imported += outcome.imported;
      totals.duplicates += outcome.duplicates;
      if (outcome.importId !== undefined) {
        // The rows are in the books whether or not matching them succeeds; matching can be run again.
        await autoMatch(db, actor.companyId, actor.userId, { importId: outcome.importId }).catch((error) =>
          dependencies.log?.warn(
            { err: error, consentId: target.consentId },
            'matching after a bank sync failed',
          ),
        );
      }
    }
    await db.transaction(async (tx) => {
      await repository.updateConsentSynced(tx, actor.companyId, target.consentId, run.at);
      await repository.insertConsentEvent(tx, {
        companyId: actor.companyId,
        consentId: target.consentId,
        kind: 'synced',
        isError: false,
        details: totals,
      });
    });
    return undefined;
  } catch (error) {
    if (error instanceof ProviderError) {
      if (isConsentRefusal(error)) {
        await endAtBank(dependencies, consent, client, error, actor, run.at);
        return undefined;
      }
      if (isRateLimit(error)) {
        return { runAgainAt: new Date(run.at.getTime() + (error.retryAfterSeconds ?? 0) * 1000) };
      }
      if (isReadLimit(error) || error.failure !== 'unavailable') {
        await recordFailure(dependencies, consent, actor, error, { ...run, isFinal: true });
        return undefined;
      }
    }
    await recordFailure(dependencies, consent, actor, error, { ...run, isFinal: run.isLastAttempt });
    throw error;
  }
}
