import { BankTransactionStatus, type PeriodException } from '@bilag/contracts';
import { asc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { intArray, rowsOf } from '../../db/sql-helpers';
import { isCompanyAccessible } from '../companies';
import { periodClosings } from './period.table';
import type { PeriodArchiveFile, PeriodArchiveTransaction, PeriodArchiveVoucher } from './period-archive';

/** The first key of the advisory lock a closing takes on its company; the period lock shares it. */
export const PERIOD_LOCK_CLASS = 7_320;

export type PeriodAccountRow = {
  companyId: number;
  id: number;
  accountNumber: string;
  name: string | null;
  currency: string;
};

export function accountsOf(db: Db, companyIds: readonly number[]) {
  return rowsOf<PeriodAccountRow>(
    db,
    sql`select company_id as "companyId", id::float8 as id, account_number as "accountNumber", name, currency
        from company_banks where company_id = any(${intArray(companyIds)})
        order by company_id, sorting, id`,
  );
}

export type MonthTotalsRow = {
  companyId: number;
  companyBankId: number;
  month: string;
  transactionCount: number;
  unexplainedCount: number;
  movementOre: number;
  unexplainedOre: number;
};

/** The kept month totals of the companies' accounts, first and last month (YYYY-MM) included. */
export function monthTotals(db: Db, companyIds: readonly number[], firstDay: string, lastDay: string) {
  return rowsOf<MonthTotalsRow>(
    db,
    sql`select company_id as "companyId", company_bank_id::float8 as "companyBankId",
          to_char(month, 'YYYY-MM') as month, transaction_count as "transactionCount",
          unexplained_count as "unexplainedCount", movement_ore::float8 as "movementOre",
          unexplained_abs_ore::float8 as "unexplainedOre"
        from bank_month_totals
        where company_id = any(${intArray(companyIds)}) and month between ${firstDay}::date and ${lastDay}::date
          and transaction_count <> 0`,
  );
}

/** The same sums as the kept totals, read from the transactions themselves: what the totals must equal. */
export function monthTotalsFromTransactions(
  db: Db,
  companyIds: readonly number[],
  firstDay: string,
  lastDay: string,
) {
  return rowsOf<MonthTotalsRow>(
    db,
    sql`select company_id as "companyId", company_bank_id::float8 as "companyBankId",
          to_char(date_trunc('month', booking_date), 'YYYY-MM') as month, count(*)::int as "transactionCount",
          (count(*) filter (where status = ${BankTransactionStatus.MISSING_VOUCHER}))::int as "unexplainedCount",
          sum(amount_ore)::float8 as "movementOre",
          coalesce(sum(abs(amount_ore)) filter (where status = ${BankTransactionStatus.MISSING_VOUCHER}), 0)::float8
            as "unexplainedOre"
        from bank_transactions
        where company_id = any(${intArray(companyIds)}) and booking_date between ${firstDay}::date and ${lastDay}::date
        group by 1, 2, 3`,
  );
}

export type MonthBalanceRow = {
  companyId: number;
  companyBankId: number;
  month: string;
  closingOre: number | null;
  closingDate: string | null;
  statedOpeningOre: number | null;
};

/**
 * Per account and month, the last closing booked balance the bank stated in the month and the first
 * opening balance. Where two sources state a balance for the same day, the bank's own (read under a
 * consent) comes before a file's.
 */
export function monthBalances(db: Db, companyIds: readonly number[], firstDay: string, lastDay: string) {
  return rowsOf<MonthBalanceRow>(
    db,
    sql`with stated as (
          select company_id, company_bank_id, date_trunc('month', balance_date) as month, balance_type,
            amount_ore, balance_date,
            row_number() over (partition by company_id, company_bank_id, date_trunc('month', balance_date), balance_type
              order by case when balance_type = 'CLBD' then balance_date end desc nulls last,
                       case when balance_type = 'OPBD' then balance_date end asc nulls last,
                       case source when 'CAMT053' then 2 when 'IMPORT' then 3 else 1 end) as rank
          from bank_balances
          where company_id = any(${intArray(companyIds)}) and balance_type in ('CLBD', 'OPBD')
            and balance_date between ${firstDay}::date and ${lastDay}::date
        )
        select company_id as "companyId", company_bank_id::float8 as "companyBankId",
          to_char(month, 'YYYY-MM') as month,
          (max(amount_ore) filter (where balance_type = 'CLBD'))::float8 as "closingOre",
          to_char(max(balance_date) filter (where balance_type = 'CLBD'), 'YYYY-MM-DD') as "closingDate",
          (max(amount_ore) filter (where balance_type = 'OPBD'))::float8 as "statedOpeningOre"
        from stated where rank = 1
        group by 1, 2, 3`,
  );
}

/** Each account's last closing booked balance before the day, where the bank stated one. */
export function closingsBefore(db: Db, companyIds: readonly number[], day: string) {
  return rowsOf<{ companyBankId: number; companyId: number; amountOre: number }>(
    db,
    sql`select account.company_id as "companyId", account.id::float8 as "companyBankId",
          last.amount_ore::float8 as "amountOre"
        from company_banks account
        cross join lateral (
          select amount_ore from bank_balances b
          where b.company_id = account.company_id and b.company_bank_id = account.id
            and b.balance_type = 'CLBD' and b.balance_date < ${day}::date
          order by b.balance_date desc, case b.source when 'CAMT053' then 2 when 'IMPORT' then 3 else 1 end
          limit 1
        ) last
        where account.company_id = any(${intArray(companyIds)})`,
  );
}

export type ClosingRow = {
  id: number;
  companyId: number;
  month: string;
  closedAt: string;
  closedByName: string | null;
  exceptions: PeriodException[];
  reopenedAt: string | null;
  reopenedByName: string | null;
  reopenReason: string | null;
};

const closingColumns = sql`c.id::float8 as id, c.company_id as "companyId", to_char(c.month, 'YYYY-MM') as month,
  to_char(c.closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "closedAt",
  closer.full_name as "closedByName", c.exceptions,
  to_char(c.reopened_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "reopenedAt",
  reopener.full_name as "reopenedByName", c.reopen_reason as "reopenReason"`;

/** The closings in force (not reopened) of the companies' months between the two days. */
export function openClosings(db: Db, companyIds: readonly number[], firstDay: string, lastDay: string) {
  return rowsOf<ClosingRow>(
    db,
    sql`select ${closingColumns}
        from period_closings c
        left join users closer on closer.id = c.closed_by
        left join users reopener on reopener.id = c.reopened_by
        where c.company_id = any(${intArray(companyIds)}) and c.reopened_at is null
          and c.month between ${firstDay}::date and ${lastDay}::date`,
  );
}

/** Every closing of the month, reopened ones too, oldest first. */
export function closingsOfMonth(db: Db, companyId: number, firstDay: string) {
  return rowsOf<ClosingRow>(
    db,
    sql`select ${closingColumns}
        from period_closings c
        left join users closer on closer.id = c.closed_by
        left join users reopener on reopener.id = c.reopened_by
        where c.company_id = ${companyId} and c.month = ${firstDay}::date
        order by c.closed_at, c.id`,
  );
}

/** Waits for the changes under way in the company's books, and holds new ones back until commit. */
export async function lockCompanyPeriods(tx: Db, companyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${PERIOD_LOCK_CLASS}, ${companyId})`);
}

export async function insertClosing(
  tx: Db,
  closing: { companyId: number; month: string; closedBy: number; exceptions: PeriodException[] },
) {
  await tx.insert(periodClosings).values(closing);
}

export async function markReopened(
  tx: Db,
  reopening: { companyId: number; firstDay: string; reopenedBy: number; reason: string },
) {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`update period_closings set reopened_at = now(), reopened_by = ${reopening.reopenedBy},
          reopen_reason = ${reopening.reason}
        where company_id = ${reopening.companyId} and month = ${reopening.firstDay}::date and reopened_at is null
        returning id::float8 as id`,
  );
  return rows[0]?.id;
}

export type PeriodTransactionRow = {
  id: number;
  companyBankId: number;
  bookingDate: string;
  text: string;
  amountOre: number;
};

export async function unexplainedTransactions(
  db: Db,
  query: { companyId: number; firstDay: string; lastDay: string; limit: number },
) {
  const where = sql`company_id = ${query.companyId} and status = ${BankTransactionStatus.MISSING_VOUCHER}
    and booking_date between ${query.firstDay}::date and ${query.lastDay}::date`;
  const rows = await rowsOf<PeriodTransactionRow>(
    db,
    sql`select id::float8 as id, company_bank_id::float8 as "companyBankId",
          to_char(booking_date, 'YYYY-MM-DD') as "bookingDate", text, amount_ore::float8 as "amountOre"
        from bank_transactions where ${where}
        order by booking_date, id limit ${query.limit}`,
  );
  const [total] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from bank_transactions where ${where}`,
  );
  return { rows, total: total?.total ?? 0 };
}

export type PeriodVoucherRow = {
  id: number;
  date: string;
  supplierName: string | null;
  amountOre: number | null;
};

/** The month's live vouchers that no transaction is connected to. */
export async function vouchersWithoutTransaction(
  db: Db,
  query: { companyId: number; firstDay: string; lastDay: string; limit: number },
) {
  const where = sql`v.company_id = ${query.companyId} and v.deleted_at is null
    and v.effective_date between ${query.firstDay}::date and ${query.lastDay}::date
    and not exists (select 1 from transaction_vouchers c where c.company_id = v.company_id and c.voucher_id = v.id)`;
  const rows = await rowsOf<PeriodVoucherRow>(
    db,
    sql`select v.id::float8 as id, to_char(v.effective_date, 'YYYY-MM-DD') as date,
          v.supplier_name as "supplierName", v.amount_ore::float8 as "amountOre"
        from vouchers v where ${where}
        order by v.effective_date, v.id limit ${query.limit}`,
  );
  const [totals] = await rowsOf<{ total: number; amountOre: number }>(
    db,
    sql`select count(*)::int as total, coalesce(sum(v.amount_ore), 0)::float8 as "amountOre"
        from vouchers v where ${where}`,
  );
  return { rows, total: totals?.total ?? 0, amountOre: totals?.amountOre ?? 0 };
}

/** A transaction as the archive takes it, with its status as stored. */
export type ArchiveTransactionRow = Omit<PeriodArchiveTransaction, 'accountNumber' | 'status'> & {
  status: number;
};

/** The month's transactions with the vouchers connected to each, in booking order. */
export function archiveTransactions(db: Db, companyId: number, firstDay: string, lastDay: string) {
  return rowsOf<ArchiveTransactionRow>(
    db,
    sql`select t.id::float8 as id, t.company_bank_id::float8 as "companyBankId",
          to_char(t.booking_date, 'YYYY-MM-DD') as "bookingDate", to_char(t.value_date, 'YYYY-MM-DD') as "valueDate",
          concat_ws(' ', nullif(t.text, ''), nullif(t.text2, '')) as text, t.amount_ore::float8 as "amountOre",
          t.currency, t.status, coalesce(t.note, r.note) as note,
          coalesce((select array_agg(c.voucher_id::float8 order by c.voucher_id) from transaction_vouchers c
            where c.company_id = t.company_id and c.bank_transaction_id = t.id), '{}') as "voucherIds"
        from bank_transactions t
        left join missing_voucher_registrations r on r.company_id = t.company_id and r.bank_transaction_id = t.id
        where t.company_id = ${companyId} and t.booking_date between ${firstDay}::date and ${lastDay}::date
        order by t.booking_date, t.id`,
  );
}

/** A voucher as the archive takes it, with where its files are stored instead of a way to read them. */
export type ArchiveVoucherRow = Omit<PeriodArchiveVoucher, 'files'> & {
  files: (Omit<PeriodArchiveFile, 'read'> & { storageKey: string })[];
};

/**
 * The month's vouchers and those of other months that explain its transactions, each with the
 * transactions (booked up to the month's end) it is connected to and its files.
 */
export function archiveVouchers(db: Db, companyId: number, firstDay: string, lastDay: string) {
  return rowsOf<ArchiveVoucherRow>(
    db,
    sql`select v.id::float8 as id, to_char(v.effective_date, 'YYYY-MM-DD') as date, v.supplier_name as "supplierName",
          v.amount_ore::float8 as "amountOre", v.currency, to_char(v.due_date, 'YYYY-MM-DD') as "dueDate", v.kid,
          v.description,
          coalesce((select array_agg(c.bank_transaction_id::float8 order by c.bank_transaction_id)
            from transaction_vouchers c
            join bank_transactions t on t.company_id = c.company_id and t.id = c.bank_transaction_id
            where c.company_id = v.company_id and c.voucher_id = v.id and t.booking_date <= ${lastDay}::date), '{}')
            as "transactionIds",
          coalesce((select json_agg(json_build_object('id', f.id, 'fileName', f.file_name, 'mimeType', f.mime_type,
              'storageKey', f.storage_key) order by f.id)
            from stored_files f where f.company_id = v.company_id and f.owner_type = 'voucher' and f.owner_id = v.id),
            '[]'::json) as files
        from vouchers v
        where v.company_id = ${companyId} and v.deleted_at is null
          and (v.effective_date between ${firstDay}::date and ${lastDay}::date
            or exists (select 1 from transaction_vouchers c
              join bank_transactions t on t.company_id = c.company_id and t.id = c.bank_transaction_id
              where c.company_id = v.company_id and c.voucher_id = v.id
                and t.booking_date between ${firstDay}::date and ${lastDay}::date))
        order by v.effective_date, v.id`,
  );
}

/** The companies the user may work in, by name. */
export function companiesOfUser(db: Db, userId: number) {
  return db
    .select({ id: companies.id, name: companies.name, alias: companies.alias })
    .from(companies)
    .where(isCompanyAccessible(userId))
    .orderBy(asc(companies.name), asc(companies.id));
}

export async function userName(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await rowsOf<{ fullName: string }>(
    db,
    sql`select full_name as "fullName" from users where id = ${userId}`,
  );
  return row?.fullName;
}

/**
 * The shared form of the company's period lock, as an expression for a statement of the caller's that
 * runs before the one reading the closings: no closing then lands between that read and the write that
 * follows in the same transaction.
 */
export function sharedPeriodLock(companyId: number): SQL {
  return sql`pg_advisory_xact_lock_shared(${PERIOD_LOCK_CLASS}, ${companyId})`;
}

export async function holdSharedPeriodLock(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select ${sharedPeriodLock(companyId)}`);
}

/**
 * The day, or `instead` where the day's month is closed, as an expression of the statement that writes
 * it. The shared lock must be held by an earlier statement: a statement reads the closings as they were
 * when it began, so one that waited for the lock itself would miss the closing it waited for.
 */
export function dayUnlessInClosedMonth(companyId: number, day: string, instead: string): SQL {
  return sql`(case when exists (select 1 from period_closings where company_id = ${companyId}
      and month = date_trunc('month', ${day}::date)::date and reopened_at is null)
    then ${instead}::date else ${day}::date end)`;
}
