import type { BalanceSource, ConsentEventKind, ConsentStatus } from '@bilag/contracts';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bankBalances,
  bankConsentAccounts,
  bankConsentEvents,
  bankConsents,
  bankImports,
  banks,
  bankTransactions,
  companies,
  companyBanks,
  companyServices,
  jobs,
  users,
} from '../../db/schema';

type RawResult<T> = { rows?: T[]; rowCount?: number | null; affectedRows?: number };

/** node-postgres and PGlite shape raw results alike except for the count of changed rows. */
async function execute<T = never>(db: Db, query: SQL) {
  const result = (await db.execute(query)) as unknown as RawResult<T>;
  return { rows: result.rows ?? [], changed: Number(result.rowCount ?? result.affectedRows ?? 0) };
}

/** The consent a sync reads with, and who and what it is for. */
export async function findSyncConsent(db: Db, companyId: number, consentId: number) {
  const [row] = await db
    .select({
      consent: bankConsents,
      bankName: banks.name,
      companyAlias: companies.alias,
      creatorLanguage: users.language,
    })
    .from(bankConsents)
    .innerJoin(banks, eq(banks.id, bankConsents.bankId))
    .innerJoin(companies, eq(companies.id, bankConsents.companyId))
    .leftJoin(users, eq(users.id, bankConsents.createdBy))
    .where(and(eq(bankConsents.companyId, companyId), eq(bankConsents.id, consentId)));
  return row;
}

/** The consent's accounts that feed a company account and are not closed, with that account's bounds. */
export async function listSyncAccounts(db: Db, companyId: number, consentId: number) {
  return db
    .select({
      account: bankConsentAccounts,
      accountNumber: companyBanks.accountNumber,
      serviceStartDate: companyBanks.serviceStartDate,
    })
    .from(bankConsentAccounts)
    .innerJoin(
      companyBanks,
      and(
        eq(companyBanks.companyId, bankConsentAccounts.companyId),
        eq(companyBanks.id, bankConsentAccounts.companyBankId),
      ),
    )
    .where(
      and(
        eq(bankConsentAccounts.companyId, companyId),
        eq(bankConsentAccounts.consentId, consentId),
        eq(bankConsentAccounts.status, 'enabled'),
        isNotNull(bankConsentAccounts.companyBankId),
      ),
    )
    .orderBy(bankConsentAccounts.id);
}

/**
 * Valid consents, of companies whose bank connection is on, whose last sync is older than their interval
 * (a day shared by their reads per day).
 * One whose last sync failed waits the same interval after that failure, so a bank that is down is not
 * asked more often than the consent allows either.
 */
export async function listDueConsents(db: Db, now: Date, today: string) {
  const result = await execute<{ company_id: number; id: number | string }>(
    db,
    sql`select company_id, id from ${bankConsents}
    where status = 'valid' and ended_at is null and created_by is not null
      and (valid_until is null or valid_until >= ${today})
      and not exists (select 1 from ${companyServices} turned_off
        where turned_off.company_id = ${bankConsents}.company_id and turned_off.service = 'bank-sync'
          and not turned_off.is_on)
      and (last_sync_at is null
        or last_sync_at <= ${now.toISOString()}::timestamptz - make_interval(secs => 86400.0 / frequency_per_day))
      and (last_error is null
        or updated_at <= ${now.toISOString()}::timestamptz - make_interval(secs => 86400.0 / frequency_per_day))
    order by last_sync_at nulls first, id
    limit 1000`,
  );
  return result.rows.map((row) => ({ companyId: Number(row.company_id), consentId: Number(row.id) }));
}

/** The ids of the company's consents named in waiting or running jobs of this name. */
export async function listConsentIdsOfWaitingJobs(db: Db, companyId: number, jobName: string) {
  const rows = await db
    .select({ consentId: sql<string>`${jobs.payload}->>'consentId'` })
    .from(jobs)
    .where(
      and(
        eq(jobs.name, jobName),
        eq(jobs.forCompanyId, companyId),
        inArray(jobs.state, ['queued', 'running']),
      ),
    );
  return rows.map((row) => Number(row.consentId));
}

/** A transaction the bank reported, in the columns of the account's transactions. */
export type BankRow = {
  bookingDate: string;
  valueDate: string | null;
  text: string;
  text2: string;
  amountOre: number;
  kid: string | null;
  endToEndId: string | null;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  fingerprint: string;
  occurrence: number;
};

/** Where one account's run stores its rows, and the days it read. */
export type SyncTarget = {
  companyId: number;
  companyBankId: number;
  importId: number;
  currency: string;
  userId: number;
  fromDate: string;
  toDate: string;
};

export async function insertBankImport(
  tx: Db,
  values: { companyId: number; companyBankId: number; fileName: string; userId: number },
) {
  const [row] = await tx
    .insert(bankImports)
    .values({
      ...values,
      fileSize: 0,
      format: 'bank-api',
      imported: 0,
      duplicates: 0,
      refused: 0,
      createdBy: values.userId,
    })
    .returning({ id: bankImports.id });
  if (!row) throw new Error('The bank import was not stored');
  return row.id;
}

export async function updateBankImport(
  tx: Db,
  companyId: number,
  importId: number,
  values: { imported: number; duplicates: number; fromDate: string; toDate: string },
) {
  await tx
    .update(bankImports)
    .set(values)
    .where(and(eq(bankImports.companyId, companyId), eq(bankImports.id, importId)));
}

/** The bank's rows of a page the account held already, by booking day and amount, one entry a row. */
export type HeldBankRows = { bookingDates: string[]; amountsOre: number[] };

/**
 * Adds the rows of one page of the bank's that the account does not hold yet (by booking day, fingerprint
 * and occurrence), so a row already stored is never added again. The rows travel column by column as
 * array parameters, which both database drivers pass alike. Answers how many were added, and the days
 * and amounts of those the account held already.
 */
export async function insertNewBankRows(tx: Db, target: SyncTarget, rows: readonly BankRow[]) {
  const column = <Value>(pick: (row: BankRow) => Value) => sql.param(rows.map(pick));
  const inAccount = sql`t.company_id = ${target.companyId} and t.company_bank_id = ${target.companyBankId}`;
  const result = await execute<{
    added: number | string;
    held_dates: string[] | null;
    held_amounts: (number | string)[] | null;
  }>(
    tx,
    sql`
    with page as (
      select s.*, exists (select 1 from ${bankTransactions} t where ${inAccount}
          and t.booking_date = s.booking_date and t.fingerprint = s.fingerprint and t.occurrence = s.occurrence)
        as is_held
      from unnest(${column((row) => row.bookingDate)}::date[], ${column((row) => row.valueDate)}::date[],
        ${column((row) => row.text)}::text[], ${column((row) => row.text2)}::text[],
        ${column((row) => row.amountOre)}::bigint[], ${column((row) => row.kid)}::text[],
        ${column((row) => row.endToEndId)}::text[], ${column((row) => row.counterpartyName)}::text[],
        ${column((row) => row.counterpartyAccount)}::text[], ${column((row) => row.fingerprint)}::text[],
        ${column((row) => row.occurrence)}::int[])
        as s(booking_date, value_date, text, text2, amount_ore, kid, end_to_end_id, counterparty_name,
          counterparty_account, fingerprint, occurrence)
    ), added as (
      insert into ${bankTransactions} (company_id, company_bank_id, import_id, booking_date, value_date, text,
        text2, amount_ore, currency, kid, end_to_end_id, counterparty_name, counterparty_account, fingerprint,
        occurrence, created_by)
      select ${target.companyId}, ${target.companyBankId}, ${target.importId}, p.booking_date, p.value_date,
        p.text, p.text2, p.amount_ore, ${target.currency}, p.kid, p.end_to_end_id, p.counterparty_name,
        p.counterparty_account, p.fingerprint, p.occurrence, ${target.userId}
      from page p where not p.is_held
      returning 1
    )
    select (select count(*) from added) as added,
      array_agg(p.booking_date::text) filter (where p.is_held) as held_dates,
      array_agg(p.amount_ore) filter (where p.is_held) as held_amounts
    from page p`,
  );
  const [row] = result.rows;
  return {
    added: Number(row?.added ?? 0),
    held: {
      bookingDates: row?.held_dates ?? [],
      amountsOre: (row?.held_amounts ?? []).map(Number),
    } satisfies HeldBankRows,
  };
}

/**
 * Takes back the new rows beyond what the bank reported: for each booking day and amount the account ends
 * up with as many rows as it held or the bank reported, whichever is more, since rows another source put
 * there (an imported file has its own fingerprints) count against the bank's. The bank reported the rows
 * the import added and those of its rows the account held already. Of the new rows of a day and amount,
 * those first by fingerprint and occurrence stay. Answers the rows taken back.
 */
export async function deleteSurplusBankRows(tx: Db, target: SyncTarget, reportedHeld: HeldBankRows) {
  const inAccount = sql`t.company_id = ${target.companyId} and t.company_bank_id = ${target.companyBankId}`;
  const result = await execute(
    tx,
    sql`
    with reported_held as (
      select booking_date, amount_ore, count(*) as reported_count
      from unnest(${sql.param(reportedHeld.bookingDates)}::date[], ${sql.param(reportedHeld.amountsOre)}::bigint[])
        as r(booking_date, amount_ore)
      group by booking_date, amount_ore
    ), held as (
      select t.booking_date, t.amount_ore, count(*) as held_count
      from ${bankTransactions} t
      where ${inAccount} and t.booking_date between ${target.fromDate} and ${target.toDate}
        and t.import_id is distinct from ${target.importId}
      group by t.booking_date, t.amount_ore
    ), added as (
      select t.id, h.held_count, coalesce(r.reported_count, 0) as reported_held_count,
        count(*) over (partition by t.booking_date, t.amount_ore) as added_count,
        row_number() over (partition by t.booking_date, t.amount_ore order by t.fingerprint, t.occurrence)
          as added_rank
      from ${bankTransactions} t
      join held h on h.booking_date = t.booking_date and h.amount_ore = t.amount_ore
      left join reported_held r on r.booking_date = t.booking_date and r.amount_ore = t.amount_ore
      where t.company_id = ${target.companyId} and t.import_id = ${target.importId}
    )
    delete from ${bankTransactions} d using added a
    where d.company_id = ${target.companyId} and d.id = a.id
      and a.added_rank > a.added_count + a.reported_held_count - a.held_count`,
  );
  return result.changed;
}

export async function deleteEmptyImport(tx: Db, companyId: number, importId: number) {
  await tx.delete(bankImports).where(and(eq(bankImports.companyId, companyId), eq(bankImports.id, importId)));
}

/** The bank's closing booked balance of a day; a later read of the same day replaces it. */
export async function upsertClosingBalance(
  tx: Db,
  balance: {
    companyId: number;
    companyBankId: number;
    date: string;
    amountOre: number;
    currency: string;
    source: BalanceSource;
  },
) {
  await tx
    .insert(bankBalances)
    .values({
      companyId: balance.companyId,
      companyBankId: balance.companyBankId,
      balanceDate: balance.date,
      balanceType: 'CLBD',
      amountOre: balance.amountOre,
      currency: balance.currency,
      source: balance.source,
    })
    .onConflictDoUpdate({
      target: [
        bankBalances.companyId,
        bankBalances.companyBankId,
        bankBalances.balanceDate,
        bankBalances.balanceType,
        bankBalances.source,
      ],
      set: { amountOre: balance.amountOre, currency: balance.currency },
    });
}

export async function updateAccountSynced(
  tx: Db,
  companyId: number,
  accountId: number,
  values: { syncedThrough: string; at: Date },
) {
  await tx
    .update(bankConsentAccounts)
    .set({ syncedThrough: values.syncedThrough, lastSyncAt: values.at, updatedAt: values.at })
    .where(and(eq(bankConsentAccounts.companyId, companyId), eq(bankConsentAccounts.id, accountId)));
}

/** Answers whether the account was open until now, so its closing is told once. */
export async function closeAccount(tx: Db, companyId: number, accountId: number, at: Date) {
  const closed = await tx
    .update(bankConsentAccounts)
    .set({ status: 'closed', updatedAt: at })
    .where(
      and(
        eq(bankConsentAccounts.companyId, companyId),
        eq(bankConsentAccounts.id, accountId),
        eq(bankConsentAccounts.status, 'enabled'),
      ),
    )
    .returning({ id: bankConsentAccounts.id });
  return closed.length > 0;
}

export async function updateConsentSynced(tx: Db, companyId: number, consentId: number, at: Date) {
  await tx
    .update(bankConsents)
    .set({ lastSyncAt: at, lastError: null, updatedAt: at })
    .where(and(eq(bankConsents.companyId, companyId), eq(bankConsents.id, consentId)));
}

export async function updateConsentError(
  tx: Db,
  companyId: number,
  consentId: number,
  values: { lastError: string; at: Date },
) {
  await tx
    .update(bankConsents)
    .set({ lastError: values.lastError, updatedAt: values.at })
    .where(and(eq(bankConsents.companyId, companyId), eq(bankConsents.id, consentId)));
}

/** Ends a consent that has not ended yet; answers whether this call ended it, so people are told once. */
export async function endConsent(
  tx: Db,
  companyId: number,
  consentId: number,
  values: { status: ConsentStatus; lastError: string; at: Date },
) {
  const ended = await tx
    .update(bankConsents)
    .set({ status: values.status, lastError: values.lastError, endedAt: values.at, updatedAt: values.at })
    .where(
      and(
        eq(bankConsents.companyId, companyId),
        eq(bankConsents.id, consentId),
        isNull(bankConsents.endedAt),
      ),
    )
    .returning({ id: bankConsents.id });
  return ended.length > 0;
}

export async function insertConsentEvent(
  tx: Db,
  event: {
    companyId: number;
    consentId: number;
    kind: ConsentEventKind;
    isError: boolean;
    details: Record<string, string | number>;
  },
) {
  await tx.insert(bankConsentEvents).values({ ...event, userId: null });
}
