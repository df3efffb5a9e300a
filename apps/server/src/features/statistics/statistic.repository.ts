import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, users } from '../../db/schema';
import { intArray, rowsOf } from '../../db/sql-helpers';
import { isCompanyAccessible } from '../companies';
import type { StatisticFacts } from './statistic.facts';

/** The facts from the summary tables that migration 0015's triggers keep. */
export const summaryFacts: StatisticFacts = {
  voucherMonths: (db, companyId, first, last) =>
    rowsOf(
      db,
      sql`select to_char(month, 'YYYY-MM') as month, source, voucher_count as count, amount_ore::float8 as "amountOre"
            from voucher_month_totals
           where company_id = ${companyId} and month between ${first}::date and ${last}::date and voucher_count <> 0
           order by month, source`,
    ),

  bankMonths: (db, companyId, first, last) =>
    rowsOf(
      db,
      sql`select to_char(month, 'YYYY-MM') as month,
                 sum(transaction_count)::int as "transactionCount", sum(unexplained_count)::int as "unexplainedCount",
                 sum(unexplained_abs_ore)::float8 as "unexplainedOre",
                 coalesce(sum(explained_count), 0)::int as "timedCount", coalesce(sum(days_to_explain), 0)::float8 as "daysToExplain"
            from (
              select month, transaction_count, unexplained_count, unexplained_abs_ore, 0 as explained_count, 0 as days_to_explain
                from bank_month_totals
               where company_id = ${companyId} and month between ${first}::date and ${last}::date
              union all
              select month, 0, 0, 0, explained_count, days_to_explain
                from bank_explained_totals
               where company_id = ${companyId} and month between ${first}::date and ${last}::date
            ) as totals
           group by month having sum(transaction_count) <> 0
           order by month`,
    ),

  bankAccounts: (db, companyId, first, last) =>
    rowsOf(
      db,
      sql`select company_bank_id::float8 as "companyBankId", sum(transaction_count)::int as "transactionCount",
                 sum(unexplained_count)::int as "unexplainedCount", sum(unexplained_abs_ore)::float8 as "unexplainedOre"
            from bank_month_totals
           where company_id = ${companyId} and month between ${first}::date and ${last}::date
           group by company_bank_id having sum(transaction_count) <> 0
           order by company_bank_id`,
    ),

  paymentMonths: (db, companyId, first, last) =>
    rowsOf(
      db,
      sql`select to_char(month, 'YYYY-MM') as month, status, payment_count as count, amount_ore::float8 as "amountOre"
            from payment_month_totals
           where company_id = ${companyId} and month between ${first}::date and ${last}::date and payment_count <> 0
           order by month, status`,
    ),

  vatMonths: (db, companyId, first, last) =>
    rowsOf(
      db,
      sql`select to_char(month, 'YYYY-MM') as month, category, rate::float8 as rate, document_count as "documentCount",
                 taxable_ore::float8 as "taxableOre", tax_ore::float8 as "taxOre"
            from vat_month_totals
           where company_id = ${companyId} and month between ${first}::date and ${last}::date and document_count <> 0
           order by month, rate desc, category`,
    ),

  backlogs: (db, companyIds) =>
    rowsOf(
      db,
      sql`select company_id as "companyId",
                 sum(missing)::int as "transactionsMissingVoucher", sum(missing_ore)::float8 as "transactionsMissingVoucherOre",
                 sum(for_approval)::int as "paymentsForApproval", sum(failed)::int as "paymentsFailed"
            from (
              select company_id, unexplained_count as missing, unexplained_abs_ore as missing_ore, 0 as for_approval, 0 as failed
                from bank_month_totals where company_id = any(${intArray(companyIds)})
              union all
              select company_id, 0, 0, payment_count * (status = 0)::int, payment_count * (status = 2)::int
                from payment_month_totals where company_id = any(${intArray(companyIds)}) and status in (0, 2)
            ) as backlog
           group by company_id order by company_id`,
    ),

  workWeeks: (db, companyIds, firstWeek, lastWeek) =>
    rowsOf(
      db,
      sql`select company_id as "companyId", to_char(week, 'YYYY-MM-DD') as week, vouchers_added as "vouchersAdded",
                 transactions_explained as "transactionsExplained", tasks_completed as "tasksCompleted"
            from work_week_totals
           where company_id = any(${intArray(companyIds)}) and week between ${firstWeek}::date and ${lastWeek}::date
             and (vouchers_added <> 0 or transactions_explained <> 0 or tasks_completed <> 0)
           order by company_id, week`,
    ),
};

export type WaitingRow = {
  consentsExpiring: number;
  inboxUnread: number;
  tasksDue: number;
  tasksOverdue: number;
  bankAccounts: boolean;
  transactions: boolean;
  vouchers: boolean;
};

/** The front page's counts that are not summed: each a short indexed read of few rows. */
export async function frontPageCounts(
  db: Db,
  companyId: number,
  userId: number,
  today: string,
  limits: { expiringSoonDays: number; tasksDueWithinDays: number },
): Promise<WaitingRow> {
  const [row] = await rowsOf<WaitingRow>(
    db,
    sql`select
          (select count(*)::int from bank_consents
            where company_id = ${companyId} and status = 'valid'
              and valid_until between ${today}::date and ${today}::date + ${limits.expiringSoonDays}::int) as "consentsExpiring",
          (select count(*)::int from inbox_items item
            where item.company_id = ${companyId}
              and not exists (select 1 from inbox_item_reads seen where seen.company_id = item.company_id
                                and seen.inbox_item_id = item.id and seen.user_id = ${userId})) as "inboxUnread",
          (select count(*)::int from tasks
            where company_id = ${companyId} and status <> 'done'
              and due_date <= ${today}::date + ${limits.tasksDueWithinDays}::int) as "tasksDue",
          (select count(*)::int from tasks
            where company_id = ${companyId} and status <> 'done' and due_date < ${today}::date) as "tasksOverdue",
          exists (select 1 from company_banks where company_id = ${companyId}) as "bankAccounts",
          exists (select 1 from bank_transactions where company_id = ${companyId}) as "transactions",
          exists (select 1 from vouchers where company_id = ${companyId} and deleted_at is null) as "vouchers"`,
  );
  if (!row) throw new Error('The front page counts returned no row');
  return row;
}

export type AccountBalanceRow = {
  companyBankId: number;
  accountNumber: string;
  name: string | null;
  currency: string;
  /** The last closing booked balance of each month since the first day given, oldest first. */
  trend: { date: string; amountOre: number }[];
  latest: { date: string; amountOre: number } | null;
};

export function accountBalances(db: Db, companyId: number, since: string): Promise<AccountBalanceRow[]> {
  return rowsOf(
    db,
    sql`select account.id::float8 as "companyBankId", account.account_number as "accountNumber", account.name,
               account.currency,
               coalesce((
                 select json_agg(json_build_object('date', to_char(monthly.balance_date, 'YYYY-MM-DD'),
                                                   'amountOre', monthly.amount_ore) order by monthly.balance_date)
                   from (
                     select distinct on (date_trunc('month', balance_date)) balance_date, amount_ore
                       from bank_balances
                      where company_id = account.company_id and company_bank_id = account.id
                        and balance_type = 'CLBD' and balance_date >= ${since}::date
                      order by date_trunc('month', balance_date), balance_date desc, source
                   ) as monthly
               ), '[]'::json) as trend,
               (select json_build_object('date', to_char(balance_date, 'YYYY-MM-DD'), 'amountOre', amount_ore)
                  from bank_balances
                 where company_id = account.company_id and company_bank_id = account.id and balance_type = 'CLBD'
                 order by balance_date desc, source limit 1) as latest
          from company_banks account
         where account.company_id = ${companyId}
         order by account.is_default desc, account.sorting, account.id`,
  );
}

export type AccountNameRow = { companyBankId: number; accountNumber: string; name: string | null };

export function accountNames(db: Db, companyId: number): Promise<AccountNameRow[]> {
  return rowsOf(
    db,
    sql`select id::float8 as "companyBankId", account_number as "accountNumber", name
          from company_banks where company_id = ${companyId} order by is_default desc, sorting, id`,
  );
}

export type ConsentRow = {
  id: number;
  bankName: string;
  status: string;
  validUntil: string | null;
  daysLeft: number | null;
  accountCount: number;
};

export function consents(db: Db, companyId: number, today: string): Promise<ConsentRow[]> {
  return rowsOf(
    db,
    sql`select consent.id::float8 as id, coalesce(bank.name, consent.bank_group) as "bankName", consent.status,
               to_char(consent.valid_until, 'YYYY-MM-DD') as "validUntil",
               (consent.valid_until - ${today}::date) as "daysLeft",
               (select count(*)::int from bank_consent_accounts account
                 where account.company_id = consent.company_id and account.consent_id = consent.id) as "accountCount"
          from bank_consents consent left join banks bank on bank.id = consent.bank_id
         where consent.company_id = ${companyId}
         order by consent.valid_until nulls last, consent.id`,
  );
}

export type TeamCompanyRow = {
  companyId: number;
  companyName: string;
  companyAlias: string;
  accountantUserId: number | null;
  accountantName: string | null;
};

export function teamCompanies(db: Db, userId: number): Promise<TeamCompanyRow[]> {
  return db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      companyAlias: companies.alias,
      accountantUserId: users.id,
      accountantName: users.fullName,
    })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.responsibleAccountantUserId))
    .where(isCompanyAccessible(userId))
    .orderBy(asc(companies.name), asc(companies.id));
}

export type TeamTaskRow = {
  companyId: number;
  tasksOpen: number;
  tasksOverdue: number;
  consentsExpiring: number;
};

/** Open tasks and expiring consents per company, read from their own tables (few rows each). */
export function teamOpenWork(
  db: Db,
  companyIds: readonly number[],
  today: string,
  expiringSoonDays: number,
): Promise<TeamTaskRow[]> {
  return rowsOf(
    db,
    sql`select company.id as "companyId",
               (select count(*)::int from tasks
                 where company_id = company.id and status <> 'done') as "tasksOpen",
               (select count(*)::int from tasks
                 where company_id = company.id and status <> 'done' and due_date < ${today}::date) as "tasksOverdue",
               (select count(*)::int from bank_consents
                 where company_id = company.id and status = 'valid'
                   and valid_until between ${today}::date and ${today}::date + ${expiringSoonDays}::int) as "consentsExpiring"
          from unnest(${intArray(companyIds)}) as company(id)`,
  );
}
