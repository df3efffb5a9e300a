import { randomBytes } from 'node:crypto';
import { ore, oreToDecimal } from '@bilag/domain';
import { and, asc, eq } from 'drizzle-orm';
import {
  bankBalances,
  bankConsentAccounts,
  bankConsentEvents,
  bankConsents,
  bankImports,
  banks,
  bankTransactions,
  jobs,
  notifications,
} from '../../db/schema';
import { type RunJobsOptions, runDueJobs, runJobsUntilIdle } from '../../platform/jobs';
import { createProviders, type Providers } from '../../providers';
import { createBankClients } from '../../providers/bank/http-client';
import { approvedConsent, osloDay } from '../../providers/bank/test-support';
import { givenBankAccount, givenCompany, givenTenancy } from '../../test/fixtures';
import { givenSandbox, noWait, type RunningSandbox } from '../../test/sandbox';
import { createTestApp } from '../../test/test-app';
import { camt053, type dnbCsv } from '../imports/__fixtures__/statements';
import { consentSyncJobs } from './bank-sync.jobs';

/** The bakery's DNB accounts in the sandbox's world. */
export const OPERATING_ACCOUNT = '15030123457';
export const TAX_ACCOUNT = '15039876547';

const DAY_MS = 86_400_000;

type DnbCsvRow = Parameters<typeof dnbCsv>[0][number];

/**
 * A test app against a running sandbox, with a member who makes consents, and the sync's jobs run with
 * the bank client's backoff made instant (the job runner's own backoff is skipped by running jobs due
 * later now).
 */
export async function givenSyncWorld(options: { timeoutMs?: number } = {}) {
  const sandbox = await givenSandbox();
  const settings = { ...sandbox.providers, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) };
  const app = await createTestApp({ providers: settings });
  const tenancy = await givenTenancy(app);
  const providers: Providers = {
    ...createProviders(settings),
    banks: createBankClients(settings, { sleep: noWait }),
  };
  const dnb = providers.banks.forGroup('dnb');
  if (!dnb) throw new Error('the product has no DNB client');
  return { ...app, ...tenancy, sandbox, providers, dnb, close: () => closeAll(app, sandbox) };
}

async function closeAll(app: { close(): Promise<void> }, sandbox: RunningSandbox) {
  await app.close();
  await sandbox.close();
}

export type SyncWorld = Awaited<ReturnType<typeof givenSyncWorld>>;

/**
 * A company of the member's with the bakery's DNB accounts, and a consent the person approved at the
 * sandbox's DNB for the accounts named (every account when none is named), stored as the consent pages
 * store an accepted one. `extra` adds accounts the bank does not read under this consent.
 */
export async function givenConsent(
  world: SyncWorld,
  options: { accounts?: string[]; validUntil?: string; extra?: { resourceId: string; bban: string }[] } = {},
) {
  const { db } = world;
  const company = await givenCompany(db, { memberIds: [world.user.id] });
  const companyBankIds = new Map<string, number>();
  for (const accountNumber of [OPERATING_ACCOUNT, TAX_ACCOUNT]) {
    const account = await givenBankAccount(world.app, world.session, company.id, accountNumber);
    companyBankIds.set(accountNumber, account.Id);
  }
  const validUntil = options.validUntil ?? osloDay(90);
  const providerConsentId = await approvedConsent(world.dnb, {
    validUntil,
    frequencyPerDay: 100,
    ...(options.accounts
      ? {
          access: {
            scope: 'accounts',
            accounts: options.accounts.map((accountNumber) => ({ accountNumber })),
            balances: true,
            transactions: true,
          },
        }
      : {}),
  });
  const [bank] = await db.select({ id: banks.id }).from(banks).where(eq(banks.bic, 'DNBANOKK'));
  if (!bank) throw new Error('the bank registry has no DNB');
  const [consent] = await db
    .insert(bankConsents)
    .values({
      companyId: company.id,
      bankId: bank.id,
      bankGroup: 'dnb',
      providerConsentId,
      instructionId: randomBytes(16).toString('hex'),
      status: 'valid',
      validUntil,
      frequencyPerDay: 24,
      requestedAccounts: options.accounts ?? [],
      createdBy: world.user.id,
    })
    .returning();
  if (!consent) throw new Error('the consent was not stored');
  const atBank = await world.dnb.listAccounts({ consentId: providerConsentId });
  const accounts = [
    ...atBank.map((account) => ({ resourceId: account.accountId, bban: account.accountNumber ?? '' })),
    ...(options.extra ?? []),
  ];
  for (const account of accounts) {
    await db.insert(bankConsentAccounts).values({
      companyId: company.id,
      consentId: consent.id,
      resourceId: account.resourceId,
      bban: account.bban,
      companyBankId: companyBankIds.get(account.bban) ?? null,
    });
  }
  return {
    companyId: company.id,
    alias: company.alias,
    consentId: consent.id,
    providerConsentId,
    resourceIdOf: (accountNumber: string) => {
      const found = accounts.find((account) => account.bban === accountNumber);
      if (!found) throw new Error(`the consent has no account ${accountNumber}`);
      return found.resourceId;
    },
    companyBankIdOf: (accountNumber: string) => {
      const found = companyBankIds.get(accountNumber);
      if (found === undefined) throw new Error(`the company has no account ${accountNumber}`);
      return found;
    },
  };
}

export type GivenConsent = Awaited<ReturnType<typeof givenConsent>>;

function syncOptions(world: SyncWorld, dueBy: Date): RunJobsOptions {
  return { handlers: consentSyncJobs({ db: world.db, providers: world.providers }).handlers, dueBy };
}

/** Runs the waiting syncs to their end, retries included (jobs due later are run now). */
export function runSyncs(world: SyncWorld) {
  return runJobsUntilIdle(world.db, syncOptions(world, new Date(Date.now() + DAY_MS)));
}

/** Runs only what is due now: one attempt of each waiting sync. */
export function runSyncsDueNow(world: SyncWorld) {
  return runDueJobs(world.db, syncOptions(world, new Date()));
}

/** The bank's booked transactions of the account over the first sync's 90 days, as the bank answers them. */
export async function bookedAtBank(world: SyncWorld, consent: GivenConsent, accountNumber: string) {
  const { booked } = await world.dnb.listTransactions(
    { consentId: consent.providerConsentId },
    consent.resourceIdOf(accountNumber),
    { dateFrom: osloDay(-90), bookingStatus: 'booked' },
  );
  return booked;
}

export type BookedAtBank = Awaited<ReturnType<typeof bookedAtBank>>[number];

/** Norwegian netbank amounts, as the DNB export writes them: 1 234,50. */
const kroner = (amountOre: number) => oreToDecimal(ore(Math.abs(amountOre))).replace('.', ',');
const norwegianDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** A row of the DNB netbank export, from a day as YYYY-MM-DD and a signed amount in øre. */
export function csvRow(date: string, amountOre: number, text: string): DnbCsvRow {
  const amount = kroner(amountOre);
  return { date: norwegianDate(date), text, ...(amountOre < 0 ? { out: amount } : { in: amount }) };
}

/** A transaction the bank reported, as the person's netbank export writes it. */
export const asCsvRow = (transaction: BookedAtBank) =>
  csvRow(
    transaction.bookingDate ?? '',
    Number(transaction.amount.amount),
    transaction.message ?? 'Overføring',
  );

/**
 * The bank's booked transactions as the camt.053 file of the last ten days would have them, under the
 * file's own references, so that only what they say can tell them from the synced rows.
 */
export function camtOfBooked(id: string, booked: readonly BookedAtBank[]): Uint8Array {
  return camt053(OPERATING_ACCOUNT, {
    id,
    from: osloDay(-10),
    to: osloDay(0),
    opening: '0.00',
    closing: '0.00',
    entries: booked.map((transaction) => {
      const amountOre = Number(transaction.amount.amount);
      return {
        amount: oreToDecimal(ore(Math.abs(amountOre))),
        credit: amountOre > 0,
        date: transaction.bookingDate ?? '',
        reference: `FILE-${transaction.transactionId}`,
        text: transaction.message ?? transaction.creditorName ?? transaction.debtorName ?? 'Overføring',
      };
    }),
  });
}

export async function rowsOf(world: SyncWorld, consent: GivenConsent, accountNumber: string) {
  return world.db
    .select()
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.companyId, consent.companyId),
        eq(bankTransactions.companyBankId, consent.companyBankIdOf(accountNumber)),
      ),
    )
    .orderBy(asc(bankTransactions.bookingDate), asc(bankTransactions.id));
}

export async function importsOf(world: SyncWorld, consent: GivenConsent) {
  return world.db
    .select()
    .from(bankImports)
    .where(eq(bankImports.companyId, consent.companyId))
    .orderBy(asc(bankImports.id));
}

export async function balancesOf(world: SyncWorld, consent: GivenConsent) {
  return world.db.select().from(bankBalances).where(eq(bankBalances.companyId, consent.companyId));
}

export async function consentRow(world: SyncWorld, consent: GivenConsent) {
  const [row] = await world.db
    .select()
    .from(bankConsents)
    .where(and(eq(bankConsents.companyId, consent.companyId), eq(bankConsents.id, consent.consentId)));
  if (!row) throw new Error('the consent is gone');
  return row;
}

export async function consentAccountsOf(world: SyncWorld, consent: GivenConsent) {
  return world.db
    .select()
    .from(bankConsentAccounts)
    .where(eq(bankConsentAccounts.companyId, consent.companyId))
    .orderBy(asc(bankConsentAccounts.id));
}

export async function eventsOf(world: SyncWorld, consent: GivenConsent) {
  return world.db
    .select()
    .from(bankConsentEvents)
    .where(eq(bankConsentEvents.companyId, consent.companyId))
    .orderBy(asc(bankConsentEvents.id));
}

export async function notificationsOf(world: SyncWorld, consent: GivenConsent) {
  return world.db.select().from(notifications).where(eq(notifications.companyId, consent.companyId));
}

export async function syncJobsOf(world: SyncWorld, consent: GivenConsent) {
  return world.db.select().from(jobs).where(eq(jobs.forCompanyId, consent.companyId));
}
