import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, count, desc, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Db, postgresConnection } from '../../db/client';
import { bankBalances, bankTransactions, companyBanks, users } from '../../db/schema';
import { bankImports } from './import.table';
import type { StagedRow } from './statement-source';

const STAGING_TABLE = 'bank_import_staging';
/** The first key of the advisory lock on additions to an account; the second is the account. */
const ACCOUNT_ADDITIONS_LOCK_CLASS = 7_302;

type RawResult<T> = { rows?: T[]; rowCount?: number | null; affectedRows?: number };

/** node-postgres and PGlite shape raw results alike except for the count of changed rows. */
async function execute<T = never>(tx: Db, query: SQL) {
  const result = (await tx.execute(query)) as unknown as RawResult<T>;
  return { rows: result.rows ?? [], changed: Number(result.rowCount ?? result.affectedRows ?? 0) };
}

/** The staged columns, in the order COPY and the array parameters send them. */
const STAGED_COLUMNS = [
  'booking_date',
  'value_date',
  'text',
  'text2',
  'amount_ore',
  'kid',
  'end_to_end_id',
  'counterparty_name',
  'counterparty_account',
  'fingerprint',
  'occurrence',
] as const;

/** Rows per statement on the embedded database: large enough to amortise the round trip, small enough to bound memory. */
const STAGE_BATCH_ROWS = 2000;

/** A statement row with what tells it apart from the rows already in the account. */
export type FingerprintedRow = StagedRow & { fingerprint: string; occurrence: number };

function stagedValues(row: FingerprintedRow) {
  return [
    row.date,
    row.valueDate,
    row.text,
    row.text2,
    row.amountOre,
    row.kid,
    row.endToEndId,
    row.counterpartyName,
    row.counterpartyAccount,
    row.fingerprint,
    row.occurrence,
  ];
}

/**
 * One addition of rows to an account at a time (an import, or rows typed by hand), so that what an import
 * found in the account's dates still holds when it moves its rows in; released at commit or rollback.
 */
export async function lockAccountAdditions(tx: Db, companyBankId: number) {
  await execute(
    tx,
    sql`select pg_advisory_xact_lock(${ACCOUNT_ADDITIONS_LOCK_CLASS}, ${companyBankId}::int)`,
  );
}

/** A per-transaction scratch table for the rows of one import; it disappears at commit. */
export async function createStaging(tx: Db) {
  await execute(
    tx,
    sql.raw(`create temp table ${STAGING_TABLE} (
      booking_date date not null, value_date date, text text not null, text2 text not null,
      amount_ore bigint not null, kid text, end_to_end_id text, counterparty_name text, counterparty_account text,
      fingerprint text not null, occurrence integer not null) on commit drop`),
  );
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const COPY_SPECIALS = /[\\\t\n\r]/;

/** A text field in COPY's text format. */
function copyText(value: string | null): string {
  if (value === null) return '\\N';
  if (!COPY_SPECIALS.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (character) => COPY_ESCAPES[character] ?? character);
}

/** One row as a line of COPY's text format, its fields in the order of STAGED_COLUMNS. */
function copyLine(row: FingerprintedRow): string {
  return `${row.date}\t${row.valueDate ?? '\\N'}\t${copyText(row.text)}\t${copyText(row.text2)}\t${row.amountOre}\t${copyText(row.kid)}\t${copyText(row.endToEndId)}\t${copyText(row.counterpartyName)}\t${copyText(row.counterpartyAccount)}\t${copyText(row.fingerprint)}\t${row.occurrence}\n`;
}

/** Rows per piece of COPY data: about 60 KB of text, so each piece dies young in V8's heap (as READ_CHUNK_BYTES in platform/object-store). */
const COPY_PIECE_ROWS = 500;

async function* copyLines(
  batches: AsyncIterable<FingerprintedRow[]>,
  leadingFields: string,
): AsyncGenerator<string> {
  for await (const rows of batches) {
    for (let start = 0; start < rows.length; start += COPY_PIECE_ROWS) {
      yield rows
        .slice(start, start + COPY_PIECE_ROWS)
        .map((row) => leadingFields + copyLine(row))
        .join('');
    }
  }
}

/**
 * One statement per batch: the rows travel column by column, one array parameter per column, which both
 * database drivers pass the same way and the server unpacks with `unnest` in one pass.
 */
async function insertStaged(tx: Db, rows: FingerprintedRow[]) {
  const values = rows.map(stagedValues);
  const columns = STAGED_COLUMNS.map((_, index) => sql.param(values.map((row) => row[index])));
  const [date, valueDate, text, text2, amount, kid, endToEnd, name, account, fingerprint, occurrence] =
    columns;
  await execute(
    tx,
    sql`insert into ${sql.raw(STAGING_TABLE)}
    select * from unnest(${date}::date[], ${valueDate}::date[], ${text}::text[], ${text2}::text[],
      ${amount}::bigint[], ${kid}::text[], ${endToEnd}::text[], ${name}::text[], ${account}::text[],
      ${fingerprint}::text[], ${occurrence}::int[])`,
  );
}

/** Array parameters on the embedded database; the next rows are read while one statement is in flight. */
async function insertStagedBatches(tx: Db, batches: AsyncIterable<FingerprintedRow[]>) {
  let inFlight: Promise<void> | undefined;
  const send = async (rows: FingerprintedRow[]) => {
    await inFlight;
    inFlight = insertStaged(tx, rows);
    // A failure is raised where the statement is awaited: before the next one, or after the last.
    inFlight.catch(() => undefined);
  };
  try {
    let pending: FingerprintedRow[] = [];
    for await (const rows of batches) {
      for (const row of rows) pending.push(row);
      if (pending.length >= STAGE_BATCH_ROWS) {
        await send(pending);
        pending = [];
      }
    }
    if (pending.length > 0) await send(pending);
    await inFlight;
  } catch (error) {
    // The transaction is rolled back only once the statement in flight has ended.
    await inFlight?.catch(() => undefined);
    throw error;
  }
}

/**
 * Stages the rows as they are read. On PostgreSQL they stream in through COPY, which the server loads
 * several times faster than any INSERT; a failure while reading aborts the COPY, and the transaction
 * with it.
 */
export async function stageRows(tx: Db, batches: AsyncIterable<FingerprintedRow[]>) {
  const connection = postgresConnection(tx);
  if (!connection) {
    await insertStagedBatches(tx, batches);
    return;
  }
  await copyRows(connection, `${STAGING_TABLE} (${STAGED_COLUMNS.join(', ')})`, '', batches);
}

/** COPY … FROM STDIN of the rows, each line led by the same fields; answers the number of rows stored. */
async function copyRows(
  connection: ClientBase,
  into: string,
  leadingFields: string,
  batches: AsyncIterable<FingerprintedRow[]>,
): Promise<number> {
  const copy = connection.query(copyFrom(`copy ${into} from stdin`));
  // One piece read ahead at most: more would only wait in memory for the database.
  await pipeline(Readable.from(copyLines(batches, leadingFields), { highWaterMark: 1 }), copy);
  return copy.rowCount ?? 0;
}

/** Whether rows can be loaded straight into an account, which takes PostgreSQL's COPY. */
export function canLoadDirectly(tx: Db): boolean {
  return postgresConnection(tx) !== undefined;
}

/**
 * Loads the rows straight into an account as they are read, with no check for repeats: for an account
 * that holds no transactions, under the lock of {@link lockAccountAdditions}. Answers the rows stored.
 */
export async function loadIntoAccount(
  tx: Db,
  target: { companyId: number; companyBankId: number; importId: number; currency: string; userId: number },
  batches: AsyncIterable<FingerprintedRow[]>,
): Promise<number> {
  const connection = postgresConnection(tx);
  if (!connection) throw new Error('Rows are loaded straight into an account only on PostgreSQL');
  const columns = ['company_id', 'company_bank_id', 'import_id', 'currency', 'created_by', ...STAGED_COLUMNS];
  const leadingFields = [
    target.companyId,
    target.companyBankId,
    target.importId,
    copyText(target.currency),
    target.userId,
  ]
    .map((field) => `${field}\t`)
    .join('');
  return copyRows(
    connection,
    `${getTableName(bankTransactions)} (${columns.join(', ')})`,
    leadingFields,
    batches,
  );
}

/** Whether the account holds any transaction at all. */
export async function accountHasRows(tx: Db, account: { companyId: number; companyBankId: number }) {
  const result = await execute<{ found: boolean }>(
    tx,
    sql`select exists (select 1 from ${bankTransactions} where company_id = ${account.companyId}
      and company_bank_id = ${account.companyBankId}) as found`,
  );
  return result.rows[0]?.found === true;
}

/** Whether the account holds any transaction dated within the period. */
export async function accountHasRowsBetween(
  tx: Db,
  account: { companyId: number; companyBankId: number },
  fromDate: string,
  toDate: string,
) {
  const result = await execute<{ found: boolean }>(
    tx,
    sql`select exists (select 1 from ${bankTransactions} where company_id = ${account.companyId}
      and company_bank_id = ${account.companyBankId} and booking_date between ${fromDate} and ${toDate}) as found`,
  );
  return result.rows[0]?.found === true;
}

/** Where the staged rows go, and the one import that adds them. */
type CommitTarget = {
  companyId: number;
  companyBankId: number;
  importId: number;
  currency: string;
  userId: number;
  mayRepeat: boolean;
};

/** The first and last booking days of the staged rows. */
type StagedPeriod = { fromDate: string; toDate: string };

/**
 * Whether the account holds rows read from its bank (a consent's sync) at all: one probe of the account's
 * imports, so an account without a consent pays nothing more for its files.
 */
async function accountHasBankImports(tx: Db, account: { companyId: number; companyBankId: number }) {
  const result = await execute<{ found: boolean }>(
    tx,
    sql`select exists (select 1 from ${bankImports} where company_id = ${account.companyId}
      and company_bank_id = ${account.companyBankId} and format = 'bank-api') as found`,
  );
  return result.rows[0]?.found === true;
}

/**
 * The rows of the account's bank imports booked within the period. A bank import's rows lie within the
 * days its sync read, so only the imports whose days meet the period are looked into.
 */
function bankRowsBetween(account: { companyId: number; companyBankId: number }, period: StagedPeriod) {
  return sql`select t.booking_date from ${bankImports} i
    join ${bankTransactions} t on t.company_id = i.company_id and t.import_id = i.id
    where i.company_id = ${account.companyId} and i.company_bank_id = ${account.companyBankId}
      and i.format = 'bank-api' and i.from_date <= ${period.toDate} and i.to_date >= ${period.fromDate}
      and t.booking_date between ${period.fromDate} and ${period.toDate}`;
}

/** The staged rows' period when the account holds rows read from its bank on any day of it. */
async function stagedPeriodWithBankRows(
  tx: Db,
  account: { companyId: number; companyBankId: number },
): Promise<StagedPeriod | undefined> {
  const staged = await execute<{ from_date: string | null; to_date: string | null }>(
    tx,
    sql.raw(`select min(booking_date)::text as from_date, max(booking_date)::text as to_date
      from ${STAGING_TABLE}`),
  );
  const [bounds] = staged.rows;
  if (!bounds?.from_date || !bounds.to_date) return undefined;
  const period = { fromDate: bounds.from_date, toDate: bounds.to_date };
  const result = await execute<{ found: boolean }>(
    tx,
    sql`select exists (${bankRowsBetween(account, period)}) as found`,
  );
  return result.rows[0]?.found === true ? period : undefined;
}

const INSERT_COLUMNS = sql.raw(`company_id, company_bank_id, import_id, booking_date, value_date, text, text2,
  amount_ore, currency, kid, end_to_end_id, counterparty_name, counterparty_account, fingerprint, occurrence,
  created_by`);
const STAGED_ROW_COLUMNS = sql.raw(`booking_date, value_date, text, text2, amount_ore, kid, end_to_end_id,
  counterparty_name, counterparty_account, fingerprint, occurrence`);
const ON_REPEAT = sql`on conflict (company_id, company_bank_id, booking_date, fingerprint, occurrence) do nothing`;

/**
 * Moves the staged rows into the account. Identical rows carry their number in file order, so
 * re-importing the same file adds nothing while two real identical payments on one day both stay.
 * A row can only repeat one of the same date, so when the account has nothing in the statement's dates
 * the rows go in without the check for each (which costs about half the move). On a day the account
 * holds rows read from its bank, whose references no file shares, the bank sync's rule holds instead.
 * Answers the rows added.
 */
export async function commitStaged(tx: Db, target: CommitTarget): Promise<number> {
  const bankPeriod =
    target.mayRepeat && (await accountHasBankImports(tx, target))
      ? await stagedPeriodWithBankRows(tx, target)
      : undefined;
  if (bankPeriod) return commitStagedOverBankDays(tx, target, bankPeriod);
  const result = await execute(
    tx,
    sql`
    insert into ${bankTransactions} (${INSERT_COLUMNS})
    select ${target.companyId}, ${target.companyBankId}, ${target.importId}, booking_date, value_date, text, text2,
      amount_ore, ${target.currency}, kid, end_to_end_id, counterparty_name, counterparty_account, fingerprint,
      occurrence, ${target.userId}
    from ${sql.raw(STAGING_TABLE)}
    ${target.mayRepeat ? ON_REPEAT : sql``}`,
  );
  return result.changed;
}

/**
 * The move when some of the statement's days hold rows read from the bank, in one statement. On those
 * days, for each amount the account ends up with as many rows as it or the file holds, whichever is
 * more: a row already stored by its fingerprint is never added again, and of the rest only as many go
 * in as the account lacks. The other days keep the rule of fingerprint and occurrence.
 */
async function commitStagedOverBankDays(tx: Db, target: CommitTarget, period: StagedPeriod) {
  const inAccount = sql`t.company_id = ${target.companyId} and t.company_bank_id = ${target.companyBankId}`;
  const result = await execute(
    tx,
    sql`
    with bank_day as (
      select distinct booking_date from (${bankRowsBetween(target, period)}) bank_row
    ), on_bank_day as (
      select s.*, count(*) over (partition by s.booking_date, s.amount_ore) as file_count
      from ${sql.raw(STAGING_TABLE)} s
      join bank_day d on d.booking_date = s.booking_date
    ), held as (
      select t.booking_date, t.amount_ore, count(*) as held_count
      from ${bankTransactions} t
      join bank_day d on d.booking_date = t.booking_date
      where ${inAccount}
      group by t.booking_date, t.amount_ore
    ), missing as (
      select f.*, row_number() over (partition by f.booking_date, f.amount_ore order by f.fingerprint, f.occurrence)
        as missing_rank
      from on_bank_day f
      where not exists (select 1 from ${bankTransactions} t where ${inAccount}
        and t.booking_date = f.booking_date and t.fingerprint = f.fingerprint and t.occurrence = f.occurrence)
    ), added as (
      select ${STAGED_ROW_COLUMNS} from ${sql.raw(STAGING_TABLE)} s
      where not exists (select 1 from bank_day d where d.booking_date = s.booking_date)
      union all
      select ${STAGED_ROW_COLUMNS} from missing m
      left join held h using (booking_date, amount_ore)
      where m.missing_rank <= m.file_count - coalesce(h.held_count, 0)
    )
    insert into ${bankTransactions} (${INSERT_COLUMNS})
    select ${target.companyId}, ${target.companyBankId}, ${target.importId}, booking_date, value_date, text, text2,
      amount_ore, ${target.currency}, kid, end_to_end_id, counterparty_name, counterparty_account, fingerprint,
      occurrence, ${target.userId}
    from added
    ${ON_REPEAT}`,
  );
  return result.changed;
}

export async function insertImport(tx: Db, values: typeof bankImports.$inferInsert) {
  const [row] = await tx.insert(bankImports).values(values).returning();
  if (!row) throw new Error('The import was not stored');
  return row;
}

export async function finishImport(
  tx: Db,
  companyId: number,
  importId: number,
  values: Partial<typeof bankImports.$inferInsert>,
) {
  await tx
    .update(bankImports)
    .set(values)
    .where(and(eq(bankImports.companyId, companyId), eq(bankImports.id, importId)));
}

export async function insertBalances(tx: Db, rows: (typeof bankBalances.$inferInsert)[]) {
  if (rows.length === 0) return;
  await tx.insert(bankBalances).values(rows).onConflictDoNothing();
}

export async function latestClosingBefore(db: Db, companyId: number, companyBankId: number, date: string) {
  const [row] = await db
    .select({ date: bankBalances.balanceDate, amountOre: bankBalances.amountOre })
    .from(bankBalances)
    .where(
      and(
        eq(bankBalances.companyId, companyId),
        eq(bankBalances.companyBankId, companyBankId),
        eq(bankBalances.balanceType, 'CLBD'),
        sql`${bankBalances.balanceDate} < ${date}`,
      ),
    )
    .orderBy(desc(bankBalances.balanceDate), desc(bankBalances.id))
    .limit(1);
  return row;
}

export async function listImports(
  db: Db,
  companyId: number,
  companyBankId: number,
  limit: number,
  offset: number,
) {
  const where = and(
    eq(bankImports.companyId, companyId),
    companyBankId ? eq(bankImports.companyBankId, companyBankId) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        entry: bankImports,
        accountNumber: companyBanks.accountNumber,
        userName: users.fullName,
        remaining: sql<number>`(select count(*)::int from ${bankTransactions} t
          where t.company_id = "bank_imports"."company_id" and t.import_id = "bank_imports"."id")`,
      })
      .from(bankImports)
      .innerJoin(
        companyBanks,
        and(
          eq(companyBanks.companyId, bankImports.companyId),
          eq(companyBanks.id, bankImports.companyBankId),
        ),
      )
      .leftJoin(users, eq(users.id, bankImports.createdBy))
      .where(where)
      .orderBy(desc(bankImports.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(bankImports).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findImport(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(bankImports)
    .where(and(eq(bankImports.companyId, companyId), eq(bankImports.id, id)))
    .for('update');
  return row;
}

/** Removes exactly what the import added: its transactions, its balances and its record. */
export async function deleteImport(tx: Db, companyId: number, id: number): Promise<number> {
  const removed = await execute(
    tx,
    sql`delete from ${bankTransactions} where company_id = ${companyId} and import_id = ${id}`,
  );
  await tx
    .delete(bankBalances)
    .where(and(eq(bankBalances.companyId, companyId), eq(bankBalances.importId, id)));
  await tx.delete(bankImports).where(and(eq(bankImports.companyId, companyId), eq(bankImports.id, id)));
  return removed.changed;
}
