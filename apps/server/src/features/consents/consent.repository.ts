import { BankStatus, type ConsentStatus } from '@bilag/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankBalances, banks, companies, companyBanks, paymentBasketApprovals, users } from '../../db/schema';
import { isCompanyAccessible } from '../companies';
import {
  type BankConsentAccountRow,
  type BankConsentEventRow,
  type BankConsentRow,
  bankConsentAccounts,
  bankConsentEvents,
  bankConsents,
} from './consent.table';

/** The balances a bank states itself: the closing booked balance of its own statements or of its API. */
const BANK_BALANCE_SOURCES = sql`('DNB_53', 'SP1_53', 'BANK_API')`;

export type NewConsent = typeof bankConsents.$inferInsert;
export type NewConsentEvent = typeof bankConsentEvents.$inferInsert;

/** A consent with what the product shows beside it: its bank and the name of the person who made it. */
export type ConsentListing = {
  consent: BankConsentRow;
  bankName: string;
  createdByName: string | null;
};

export type ConsentAccountBalance = { amountOre: number; currency: string; date: string; source: string };
export type ConsentAccountListing = { account: BankConsentAccountRow; balance: ConsentAccountBalance | null };

export async function findBank(db: Db, bankId: number) {
  const [row] = await db.select().from(banks).where(eq(banks.id, bankId));
  return row;
}

/** The registry's bank of an account number: the active bank whose registration numbers hold its first four digits. */
export async function findBankOfAccountNumber(db: Db, accountNumber: string) {
  const [row] = await db
    .select()
    .from(banks)
    .where(
      and(sql`${accountNumber.slice(0, 4)} = any(${banks.prefixes})`, eq(banks.status, BankStatus.ACTIVE)),
    )
    .orderBy(asc(banks.id))
    .limit(1);
  return row;
}

/** The active banks of the registry, by name. */
export function listActiveBanks(db: Db) {
  return db.select().from(banks).where(eq(banks.status, BankStatus.ACTIVE)).orderBy(asc(banks.name));
}

/**
 * The company's accounts, each with the registry bank holding it: the bank chosen for the account, or
 * else the bank its number's registration digits belong to.
 */
export function listCompanyAccountsWithBank(db: Db, companyId: number) {
  return db
    .select({
      id: companyBanks.id,
      accountNumber: companyBanks.accountNumber,
      bankId: sql<number | null>`coalesce(${companyBanks.bankId}, (
        select b.id from ${banks} b
        where left(${companyBanks.accountNumber}, 4) = any(b.prefixes) and b.status = ${BankStatus.ACTIVE}
        order by b.id limit 1))`,
    })
    .from(companyBanks)
    .where(eq(companyBanks.companyId, companyId))
    .orderBy(asc(companyBanks.sorting), asc(companyBanks.id));
}

export async function findCompany(db: Db, companyId: number) {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      alias: companies.alias,
      organisationNumber: companies.organisationNumber,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

export async function insertConsent(tx: Db, values: NewConsent): Promise<BankConsentRow> {
  const [row] = await tx.insert(bankConsents).values(values).returning();
  if (!row) throw new Error('The consent was not stored');
  return row;
}

export async function insertEvents(tx: Db, rows: readonly NewConsentEvent[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(bankConsentEvents).values([...rows]);
}

export async function updateConsent(
  tx: Db,
  companyId: number,
  id: number,
  values: Partial<NewConsent>,
): Promise<BankConsentRow | undefined> {
  const [row] = await tx
    .update(bankConsents)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(bankConsents.companyId, companyId), eq(bankConsents.id, id)))
    .returning();
  return row;
}

const listingColumns = {
  consent: bankConsents,
  bankName: sql<string>`coalesce(${banks.name}, ${bankConsents.bankGroup})`,
  createdByName: users.fullName,
};

function selectListings(db: Db) {
  return db
    .select(listingColumns)
    .from(bankConsents)
    .leftJoin(banks, eq(banks.id, bankConsents.bankId))
    .leftJoin(users, eq(users.id, bankConsents.createdBy));
}

export async function findConsent(
  db: Db,
  companyId: number,
  id: number,
): Promise<ConsentListing | undefined> {
  const [row] = await selectListings(db).where(
    and(eq(bankConsents.companyId, companyId), eq(bankConsents.id, id)),
  );
  return row;
}

/** The consent whose approval came back with this instruction id, found without knowing its company. */
export async function findConsentByInstruction(
  db: Db,
  instructionId: string,
): Promise<ConsentListing | undefined> {
  const [row] = await selectListings(db).where(eq(bankConsents.instructionId, instructionId));
  return row;
}

/** The consent, locked until the transaction ends, so two answers from the bank change it once. */
export async function lockConsent(
  tx: Db,
  companyId: number,
  id: number,
): Promise<BankConsentRow | undefined> {
  const [row] = await tx
    .select()
    .from(bankConsents)
    .where(and(eq(bankConsents.companyId, companyId), eq(bankConsents.id, id)))
    .for('update');
  return row;
}

export function listConsentsOfCompany(db: Db, companyId: number): Promise<ConsentListing[]> {
  return selectListings(db)
    .where(eq(bankConsents.companyId, companyId))
    .orderBy(desc(bankConsents.createdAt), desc(bankConsents.id));
}

/** The consents a person made, in the companies they may still see. */
export function listConsentsMadeBy(db: Db, userId: number): Promise<ConsentListing[]> {
  return selectListings(db)
    .innerJoin(companies, eq(companies.id, bankConsents.companyId))
    .where(and(eq(bankConsents.createdBy, userId), isCompanyAccessible(userId)))
    .orderBy(desc(bankConsents.createdAt), desc(bankConsents.id));
}

/** A renewal of the consent still waiting for the person at the bank. */
export async function findWaitingRenewal(db: Db, companyId: number, consentId: number) {
  const [row] = await db
    .select({ id: bankConsents.id })
    .from(bankConsents)
    .where(
      and(
        eq(bankConsents.companyId, companyId),
        eq(bankConsents.renewsConsentId, consentId),
        eq(bankConsents.status, 'received'),
      ),
    )
    .limit(1);
  return row;
}

/** The latest closing booked balance the bank stated for the company account. */
// Named in full: drizzle writes a column of the outer query unqualified, which inside this subquery
// would be read as the balance's own column.
const latestBankBalance = sql<ConsentAccountBalance | null>`(
  select json_build_object('amountOre', b.amount_ore, 'currency', b.currency, 'date', b.balance_date,
    'source', b.source)
  from ${bankBalances} b
  where b.company_id = "bank_consent_accounts"."company_id"
    and b.company_bank_id = "bank_consent_accounts"."company_bank_id"
    and b.balance_type = 'CLBD' and b.source in ${BANK_BALANCE_SOURCES}
  order by b.balance_date desc, b.id desc limit 1)`;

export function listConsentAccounts(
  db: Db,
  companyId: number,
  consentIds: readonly number[],
): Promise<ConsentAccountListing[]> {
  if (consentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ account: bankConsentAccounts, balance: latestBankBalance })
    .from(bankConsentAccounts)
    .where(
      and(
        eq(bankConsentAccounts.companyId, companyId),
        inArray(bankConsentAccounts.consentId, [...consentIds]),
      ),
    )
    .orderBy(asc(bankConsentAccounts.consentId), asc(bankConsentAccounts.id));
}

/** The accounts of the consents of many companies at once, for a list across companies. */
export function listConsentAccountsOf(
  db: Db,
  consents: readonly { companyId: number; id: number }[],
): Promise<ConsentAccountListing[]> {
  if (consents.length === 0) return Promise.resolve([]);
  return db
    .select({ account: bankConsentAccounts, balance: latestBankBalance })
    .from(bankConsentAccounts)
    .where(
      or(
        ...consents.map((consent) =>
          and(
            eq(bankConsentAccounts.companyId, consent.companyId),
            eq(bankConsentAccounts.consentId, consent.id),
          ),
        ),
      ),
    )
    .orderBy(asc(bankConsentAccounts.consentId), asc(bankConsentAccounts.id));
}

export type BankAccountUnderConsent = {
  resourceId: string;
  iban: string | null;
  bban: string | null;
  name: string | null;
  currency: string;
  companyBankId: number | null;
  status: 'enabled' | 'closed';
  syncedThrough: string | null;
};

/** Stores the accounts the bank bound the consent to; an account read again keeps how far it was read. */
export async function upsertConsentAccounts(
  tx: Db,
  companyId: number,
  consentId: number,
  accounts: readonly BankAccountUnderConsent[],
): Promise<BankConsentAccountRow[]> {
  if (accounts.length === 0) return [];
  return tx
    .insert(bankConsentAccounts)
    .values(accounts.map((account) => ({ companyId, consentId, ...account })))
    .onConflictDoUpdate({
      target: [bankConsentAccounts.companyId, bankConsentAccounts.consentId, bankConsentAccounts.resourceId],
      set: {
        iban: sql`excluded.iban`,
        bban: sql`excluded.bban`,
        name: sql`excluded.name`,
        currency: sql`excluded.currency`,
        companyBankId: sql`excluded.company_bank_id`,
        status: sql`excluded.status`,
        syncedThrough: sql`coalesce(${bankConsentAccounts.syncedThrough}, excluded.synced_through)`,
        updatedAt: new Date(),
      },
    })
    .returning();
}

export function listAccountsOfConsent(db: Db, companyId: number, consentId: number) {
  return db
    .select()
    .from(bankConsentAccounts)
    .where(and(eq(bankConsentAccounts.companyId, companyId), eq(bankConsentAccounts.consentId, consentId)));
}

export async function findCompanyBankByNumber(db: Db, companyId: number, accountNumber: string) {
  const [row] = await db
    .select()
    .from(companyBanks)
    .where(and(eq(companyBanks.companyId, companyId), eq(companyBanks.accountNumber, accountNumber)));
  return row;
}

/**
 * Adds an account the bank showed under the consent to the company's accounts, last in their order;
 * answers undefined when the company already has the number (another request added it meanwhile).
 */
export async function insertCompanyBank(
  tx: Db,
  values: {
    companyId: number;
    accountNumber: string;
    name: string | null;
    currency: string;
    bankId: number | null;
    createdBy: number | null;
  },
) {
  const [row] = await tx
    .insert(companyBanks)
    .values({
      ...values,
      isDefault: sql`not exists (select 1 from ${companyBanks} c where c.company_id = ${values.companyId})`,
      sorting: sql`(select coalesce(max(c.sorting) + 1, 0) from ${companyBanks} c where c.company_id = ${values.companyId})`,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export function listEvents(
  db: Db,
  companyId: number,
  consentId: number,
  onlyErrors: boolean,
): Promise<{ event: BankConsentEventRow; userName: string | null }[]> {
  return db
    .select({ event: bankConsentEvents, userName: users.fullName })
    .from(bankConsentEvents)
    .leftJoin(users, eq(users.id, bankConsentEvents.userId))
    .where(
      and(
        eq(bankConsentEvents.companyId, companyId),
        eq(bankConsentEvents.consentId, consentId),
        onlyErrors ? eq(bankConsentEvents.isError, true) : undefined,
      ),
    )
    .orderBy(desc(bankConsentEvents.createdAt), desc(bankConsentEvents.id))
    .limit(500);
}

// --- Expiry ---------------------------------------------------------------------------------------

/** Valid consents whose last day is before this day. */
export function listConsentsPastTheirEnd(db: Db, today: string, limit: number) {
  return db
    .select({
      consent: bankConsents,
      bankName: sql<string>`coalesce(${banks.name}, ${bankConsents.bankGroup})`,
      alias: companies.alias,
    })
    .from(bankConsents)
    .innerJoin(companies, eq(companies.id, bankConsents.companyId))
    .leftJoin(banks, eq(banks.id, bankConsents.bankId))
    .where(and(eq(bankConsents.status, 'valid'), lt(bankConsents.validUntil, today)))
    .orderBy(asc(bankConsents.validUntil), asc(bankConsents.id))
    .limit(limit);
}

/**
 * Marks a consent expired when it is still valid; answers it only to the one caller that changed it,
 * so two runners tell people once.
 */
export async function markExpired(tx: Db, companyId: number, id: number) {
  const [row] = await tx
    .update(bankConsents)
    .set({ status: 'expired' satisfies ConsentStatus, endedAt: new Date(), updatedAt: new Date() })
    .where(
      and(eq(bankConsents.companyId, companyId), eq(bankConsents.id, id), eq(bankConsents.status, 'valid')),
    )
    .returning();
  return row;
}

/**
 * The notice due for a consent `days` before its end: the nearest of the notice days not below it
 * (a consent made with 10 days left gets the 14-day notice at once, then the 7-day one).
 */
function dueNoticeSql(noticeDays: readonly number[], today: string) {
  const ascending = [...noticeDays].sort((a, b) => a - b);
  const daysLeft = sql`(${bankConsents.validUntil} - ${today}::date)`;
  return sql<number>`(case ${sql.join(
    ascending.map((days) => sql`when ${daysLeft} <= ${days}::int then ${days}::int`),
    sql` `,
  )} end)`;
}

/** Valid consents within the earliest notice of their end whose due notice has not gone out, with their bank and company. */
export function listConsentsDueANotice(db: Db, today: string, noticeDays: readonly number[], limit: number) {
  const dueNotice = dueNoticeSql(noticeDays, today);
  return db
    .select({
      consent: bankConsents,
      dueNotice,
      bankName: sql<string>`coalesce(${banks.name}, ${bankConsents.bankGroup})`,
      companyName: companies.name,
      alias: companies.alias,
    })
    .from(bankConsents)
    .innerJoin(companies, eq(companies.id, bankConsents.companyId))
    .leftJoin(banks, eq(banks.id, bankConsents.bankId))
    .where(
      and(
        eq(bankConsents.status, 'valid'),
        gte(bankConsents.validUntil, today),
        lte(bankConsents.validUntil, sql`${today}::date + ${Math.max(...noticeDays)}::int`),
        sql`not (${dueNotice} = any(${bankConsents.expiryNoticesSent}))`,
      ),
    )
    .orderBy(asc(bankConsents.validUntil), asc(bankConsents.id))
    .limit(limit);
}

/**
 * Records that the notice for these days before the end went out; answers the consent only to the one
 * caller that recorded it, so a notice is sent once however many runners race for it.
 */
export async function claimExpiryNotice(tx: Db, companyId: number, id: number, noticeDays: number) {
  const [row] = await tx
    .update(bankConsents)
    .set({
      expiryNoticesSent: sql`array_append(${bankConsents.expiryNoticesSent}, ${noticeDays}::int)`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(bankConsents.companyId, companyId),
        eq(bankConsents.id, id),
        eq(bankConsents.status, 'valid'),
        sql`not (${noticeDays}::int = any(${bankConsents.expiryNoticesSent}))`,
      ),
    )
    .returning();
  return row;
}

// --- Unsigned international payments ---------------------------------------------------------------

export async function countBasketApprovals(db: Db, companyId: number, basketUuid: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(paymentBasketApprovals)
    .where(
      and(eq(paymentBasketApprovals.companyId, companyId), eq(paymentBasketApprovals.basketUuid, basketUuid)),
    );
  return row?.total ?? 0;
}
