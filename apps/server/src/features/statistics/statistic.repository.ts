import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedJsonRead } from '../../db/prepared-statements';
import { companies, users } from '../../db/schema';
import { intArray, rowsOf } from '../../db/sql-helpers';
import { companyAccessibleCondition, isCompanyAccessible } from '../companies';
import type {
  CompanyAccess,
  CompanyBacklogFact,
  FrontPageDay,
  FrontPageFact,
  StatisticFacts,
} from './statistic.facts';

const placeholder = sql.placeholder;

/*
 * A fact of many rows is read as one JSON array of its columns, `[[a1, a2, …], [b1, b2, …], …]` (see
 * `jsonColumns`); the readers below give the values their names. The driver would turn each row into an
 * object field by field, which for a few hundred rows costs more than the database spends finding them,
 * and writing the JSON is most of what the database spends: an array per column costs it about a quarter
 * less than an array per row (measured with pgbench on the payments' 214 rows a company).
 */
type VoucherMonthColumns = [months: string[], sources: number[], counts: number[], amountsOre: number[]];
type BankMonthColumns = [
  months: string[],
  transactionCounts: number[],
  unexplainedCounts: number[],
  unexplainedOre: number[],
  timedCounts: number[],
  daysToExplain: number[],
];
type BankAccountColumns = [
  companyBankIds: number[],
  transactionCounts: number[],
  unexplainedCounts: number[],
  unexplainedOre: number[],
];
type PaymentMonthColumns = [months: string[], statuses: number[], counts: number[], amountsOre: number[]];
type VatMonthColumns = [
  months: string[],
  categories: string[],
  rates: number[],
  documentCounts: number[],
  taxableOre: number[],
  taxOre: number[],
];
type BacklogTuple = [
  companyId: number,
  transactionsMissingVoucher: number,
  transactionsMissingVoucherOre: number,
  paymentsForApproval: number,
  paymentsFailed: number,
];
type WorkWeekColumns = [
  companyIds: number[],
  weeks: string[],
  vouchersAdded: number[],
  transactionsExplained: number[],
  tasksCompleted: number[],
];

type CompanyFactValues = { companyId: number; userId: number; first: string; last: string };
type CompaniesFactValues = { companyIds: string };
type CompaniesWeekValues = { companyIds: string; first: string; last: string };
type CompanyRead<Columns> = (db: Db, values: CompanyFactValues) => Promise<Columns | null>;

/** The prepared statements of one reader: the summary tables' or the raw tables'. */
export type FactStatements = {
  voucherMonths: SQL;
  bankMonths: SQL;
  bankAccounts: SQL;
  paymentMonths: SQL;
  vatMonths: SQL;
  /** Given the companies as an `int[]` expression. */
  backlogs: (companyIds: SQL) => SQL;
  workWeeks: SQL;
};

const backlogFact = ([
  companyId,
  transactionsMissingVoucher,
  transactionsMissingVoucherOre,
  paymentsForApproval,
  paymentsFailed,
]: BacklogTuple): CompanyBacklogFact => ({
  companyId,
  transactionsMissingVoucher,
  transactionsMissingVoucherOre,
  paymentsForApproval,
  paymentsFailed,
});

/** The month (`YYYY-MM`) of a date as JSON writes it (`YYYY-MM-DD…`). */
const monthOfJson = (date: string) => date.slice(0, 7);

/**
 * The named columns as one JSON array of arrays, aggregated over the statement's rows: every column is
 * aggregated in the same pass over the same rows, so the n-th values of all columns are one row's. With
 * no row, every column is empty.
 */
export function jsonColumns(...columns: string[]): SQL {
  const aggregated = columns.map((column) => sql`coalesce(array_agg(${sql.identifier(column)}), '{}')`);
  return sql`json_build_array(${sql.join(aggregated, sql`, `)})`;
}

/** One fact per row of the columns a read answered. */
function factsOfColumns<Columns extends readonly (readonly unknown[])[], Fact>(
  columns: Columns,
  fact: (columns: Columns, row: number) => Fact,
): Fact[] {
  return Array.from({ length: columns[0]?.length ?? 0 }, (_, row) => fact(columns, row));
}

/**
 * A company's read: the columns the statement gives, or null where the user may not see the company.
 * The statement's values are the placeholders companyId, userId, first and last.
 */
function companyRead<Columns>(prefix: string, columns: SQL): CompanyRead<Columns> {
  return preparedJsonRead<Columns | null, CompanyFactValues>(
    prefix,
    sql`select case when ${companyAccessibleCondition} then (${columns}) end`,
  );
}

/** A `StatisticFacts` reader of statements prepared under their own names (`statistic_<reader>_…`). */
export function factsOf(reader: string, statements: FactStatements): StatisticFacts {
  const name = (fact: string) => `statistic_${reader}_${fact}`;
  const voucherMonths = companyRead<VoucherMonthColumns>(name('voucher_months'), statements.voucherMonths);
  const bankMonths = companyRead<BankMonthColumns>(name('bank_months'), statements.bankMonths);
  const bankAccounts = companyRead<BankAccountColumns>(name('bank_accounts'), statements.bankAccounts);
  const paymentMonths = companyRead<PaymentMonthColumns>(name('payment_months'), statements.paymentMonths);
  const vatMonths = companyRead<VatMonthColumns>(name('vat_months'), statements.vatMonths);
  const backlogs = preparedJsonRead<BacklogTuple[], CompaniesFactValues>(
    name('backlogs'),
    sql`select coalesce((${statements.backlogs(readCompanies)}), '[]')`,
  );
  const workWeeks = preparedJsonRead<WorkWeekColumns, CompaniesWeekValues>(
    name('work_weeks'),
    statements.workWeeks,
  );
  const frontPage = preparedJsonRead<FrontPageJson | null, CompanyAccess & FrontPageDay>(
    name('front_page'),
    frontPageStatement(statements.backlogs(sql`array[${placeholder('companyId')}]::int[]`)),
  );
  const companyIds = (ids: readonly number[]) => `{${ids.join(',')}}`;
  const read = async <Columns extends readonly (readonly unknown[])[], Fact>(
    answer: Promise<Columns | null>,
    fact: (columns: Columns, row: number) => Fact,
  ): Promise<Fact[] | undefined> => {
    const columns = await answer;
    return columns ? factsOfColumns(columns, fact) : undefined;
  };

  return {
    voucherMonths: (db, access, first, last) =>
      read(voucherMonths(db, { ...access, first, last }), ([months, sources, counts, amountsOre], row) => ({
        month: monthOfJson(months[row] as string),
        source: sources[row] as number,
        count: counts[row] as number,
        amountOre: amountsOre[row] as number,
      })),
    bankMonths: (db, access, first, last) =>
      read(
        bankMonths(db, { ...access, first, last }),
        (
          [months, transactionCounts, unexplainedCounts, unexplainedOre, timedCounts, daysToExplain],
          row,
        ) => ({
          month: monthOfJson(months[row] as string),
          transactionCount: transactionCounts[row] as number,
          unexplainedCount: unexplainedCounts[row] as number,
          unexplainedOre: unexplainedOre[row] as number,
          timedCount: timedCounts[row] as number,
          daysToExplain: daysToExplain[row] as number,
        }),
      ),
    bankAccounts: (db, access, first, last) =>
      read(
        bankAccounts(db, { ...access, first, last }),
        ([companyBankIds, transactionCounts, unexplainedCounts, unexplainedOre], row) => ({
          companyBankId: companyBankIds[row] as number,
          transactionCount: transactionCounts[row] as number,
          unexplainedCount: unexplainedCounts[row] as number,
          unexplainedOre: unexplainedOre[row] as number,
        }),
      ),
    paymentMonths: (db, access, first, last) =>
      read(paymentMonths(db, { ...access, first, last }), ([months, statuses, counts, amountsOre], row) => ({
        month: monthOfJson(months[row] as string),
        status: statuses[row] as number,
        count: counts[row] as number,
        amountOre: amountsOre[row] as number,
      })),
    vatMonths: (db, access, first, last) =>
      read(
        vatMonths(db, { ...access, first, last }),
        ([months, categories, rates, documentCounts, taxableOre, taxOre], row) => ({
          month: monthOfJson(months[row] as string),
          category: categories[row] as string,
          rate: rates[row] as number,
          documentCount: documentCounts[row] as number,
          taxableOre: taxableOre[row] as number,
          taxOre: taxOre[row] as number,
        }),
      ),
    frontPage: async (db, access, day) => {
      const page = await frontPage(db, { ...access, ...day });
      if (!page) return undefined;
      const [backlog] = page.backlog.map(backlogFact);
      return { ...page, backlog };
    },
    backlogs: async (db, ids) => (await backlogs(db, { companyIds: companyIds(ids) })).map(backlogFact),
    workWeeks: async (db, ids, first, last) =>
      factsOfColumns(
        await workWeeks(db, { companyIds: companyIds(ids), first, last }),
        ([companyIds, weeks, vouchersAdded, transactionsExplained, tasksCompleted], row) => ({
          companyId: companyIds[row] as number,
          week: weeks[row] as string,
          vouchersAdded: vouchersAdded[row] as number,
          transactionsExplained: transactionsExplained[row] as number,
          tasksCompleted: tasksCompleted[row] as number,
        }),
      ),
  };
}

/** The companies of a read over companies: an array parameter. */
export const readCompanies = sql`${placeholder('companyIds')}::int[]`;
/** The first and last month (or week) of a read, both included, as dates. */
export const firstDay = sql`${placeholder('first')}::date`;
export const lastDay = sql`${placeholder('last')}::date`;
const companyMonths = sql`company_id = ${placeholder('companyId')} and month between ${firstDay} and ${lastDay}`;

/** The facts from the summary tables that the triggers of migrations 0013, 0015 and 0016 keep. */
export const summaryFacts: StatisticFacts = factsOf('summary', {
  voucherMonths: sql`select ${jsonColumns('month', 'source', 'voucher_count', 'amount_ore')}
    from voucher_month_totals where ${companyMonths} and voucher_count <> 0`,

  bankMonths: sql`select ${jsonColumns('month', 'transactions', 'unexplained', 'unexplained_ore', 'timed', 'days')}
    from (
      select month, sum(transaction_count) as transactions, sum(unexplained_count) as unexplained,
             sum(unexplained_abs_ore) as unexplained_ore, sum(explained_count) as timed, sum(days_to_explain) as days
        from (
          select month, transaction_count, unexplained_count, unexplained_abs_ore, 0 as explained_count,
                 0 as days_to_explain
            from bank_month_totals where ${companyMonths}
          union all
          select month, 0, 0, 0, explained_count, days_to_explain
            from bank_explained_totals where ${companyMonths}
        ) as totals
       group by month having sum(transaction_count) <> 0
    ) as months`,

  bankAccounts: sql`select ${jsonColumns('company_bank_id', 'transactions', 'unexplained', 'unexplained_ore')}
    from (
      select company_bank_id, sum(transaction_count) as transactions, sum(unexplained_count) as unexplained,
             sum(unexplained_abs_ore) as unexplained_ore
        from bank_month_totals where ${companyMonths}
       group by company_bank_id having sum(transaction_count) <> 0
    ) as accounts`,

  paymentMonths: sql`select ${jsonColumns('month', 'status', 'payment_count', 'amount_ore')}
    from payment_month_totals where ${companyMonths} and payment_count <> 0`,

  vatMonths: sql`select ${jsonColumns('month', 'category', 'rate', 'document_count', 'taxable_ore', 'tax_ore')}
    from vat_month_totals where ${companyMonths} and document_count <> 0`,

  backlogs: (companyIds) => sql`select json_agg(json_build_array(company_id, transactions_missing_voucher,
      transactions_missing_voucher_ore, payments_for_approval, payments_failed))
    from company_backlog_totals where company_id = any(${companyIds})`,

  workWeeks: sql`select ${jsonColumns('company_id', 'week', 'vouchers_added', 'transactions_explained', 'tasks_completed')}
    from work_week_totals
   where company_id = any(${readCompanies}) and week between ${firstDay} and ${lastDay}
     and (vouchers_added <> 0 or transactions_explained <> 0 or tasks_completed <> 0)`,
});

type FrontPageJson = Omit<FrontPageFact, 'backlog'> & { backlog: BacklogTuple[] };

/**
 * The front page in one statement, null where the user may not see the company: the company's backlog
 * (the reader's statement, given the one company), the counts that are not summed, each a short indexed
 * read of few rows, and each account's balance with its monthly trend. The latest balance is found as its
 * day and then that day's first source, two lookups by the unique index instead of a sort of every
 * balance the account has.
 */
function frontPageStatement(backlogs: SQL) {
  const companyId = placeholder('companyId');
  const today = sql`${placeholder('today')}::date`;
  return sql`select case when ${companyAccessibleCondition} then json_build_object(
    'backlog', coalesce((${backlogs}), '[]'),
    'consentsExpiring', (select count(*) from bank_consents
       where company_id = ${companyId} and status = 'valid'
         and valid_until between ${today} and ${today} + ${placeholder('expiringSoonDays')}::int),
    'inboxUnread', (select count(*) from inbox_items item
       where item.company_id = ${companyId}
         and not exists (select 1 from inbox_item_reads seen where seen.company_id = item.company_id
                           and seen.inbox_item_id = item.id and seen.user_id = ${placeholder('userId')})),
    'tasksDue', (select count(*) from tasks
       where company_id = ${companyId} and status <> 'done'
         and due_date <= ${today} + ${placeholder('tasksDueWithinDays')}::int),
    'tasksOverdue', (select count(*) from tasks
       where company_id = ${companyId} and status <> 'done' and due_date < ${today}),
    'bankAccounts', exists (select 1 from company_banks where company_id = ${companyId}),
    'transactions', exists (select 1 from bank_transactions where company_id = ${companyId}),
    'vouchers', exists (select 1 from vouchers where company_id = ${companyId} and deleted_at is null),
    'accounts', coalesce((
       select json_agg(json_build_object(
                'companyBankId', account.id, 'accountNumber', account.account_number, 'name', account.name,
                'currency', account.currency,
                'trend', coalesce((
                  select json_agg(json_build_object('date', to_char(monthly.balance_date, 'YYYY-MM-DD'),
                                                    'amountOre', monthly.amount_ore) order by monthly.balance_date)
                    from (
                      select distinct on (date_trunc('month', balance_date)) balance_date, amount_ore
                        from bank_balances
                       where company_id = account.company_id and company_bank_id = account.id
                         and balance_type = 'CLBD' and balance_date >= ${placeholder('trendSince')}::date
                       order by date_trunc('month', balance_date), balance_date desc, source
                    ) as monthly
                ), '[]'),
                'latest', (
                  select json_build_object('date', to_char(balance_date, 'YYYY-MM-DD'), 'amountOre', amount_ore)
                    from bank_balances
                   where company_id = account.company_id and company_bank_id = account.id
                     and balance_type = 'CLBD'
                     and balance_date = (select max(balance_date) from bank_balances
                                          where company_id = account.company_id and company_bank_id = account.id
                                            and balance_type = 'CLBD')
                   order by source limit 1))
              order by account.is_default desc, account.sorting, account.id)
         from company_banks account
        where account.company_id = ${companyId}
    ), '[]')) end`;
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
