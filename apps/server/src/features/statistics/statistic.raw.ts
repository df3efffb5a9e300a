import { sql } from 'drizzle-orm';
import { intArray, rowsOf } from '../../db/sql-helpers';
import type { StatisticFacts } from './statistic.facts';

/**
 * The same facts as the summaries, computed from the raw rows each time: the yardstick the summaries
 * are tested against after random changes, and the baseline the benchmark times them against. No call
 * of the API reads them.
 */
export const rawFacts: StatisticFacts = {
  voucherMonths: (db, companyId, first, last) =>
    rowsOf(
      db,
      sql`select to_char(date_trunc('month', effective_date), 'YYYY-MM') as month, source, count(*)::int as count,
                 coalesce(sum(amount_ore), 0)::float8 as "amountOre"
            from vouchers
           where company_id = ${companyId} and deleted_at is null
             and effective_date >= ${first}::date and effective_date < ${last}::date + interval '1 month'
           group by 1, 2 order by 1, 2`,
    ),

  bankMonths: (db, companyId, first, last) =>
    rowsOf(
      db,
      sql`select to_char(date_trunc('month', booking_date), 'YYYY-MM') as month, count(*)::int as "transactionCount",
                 count(*) filter (where status = 1)::int as "unexplainedCount",
                 coalesce(sum(abs(amount_ore)) filter (where status = 1), 0)::float8 as "unexplainedOre",
                 count(*) filter (where explained_on is not null)::int as "timedCount",
                 coalesce(sum(greatest(explained_on - booking_date, 0)) filter (where explained_on is not null), 0)::float8
                   as "daysToExplain"
            from bank_transactions
           where company_id = ${companyId}
             and booking_date >= ${first}::date and booking_date < ${last}::date + interval '1 month'
           group by 1 order by 1`,
    ),

  bankAccounts: (db, companyId, first, last) =>
    rowsOf(
      db,
      sql`select company_bank_id::float8 as "companyBankId", count(*)::int as "transactionCount",
                 count(*) filter (where status = 1)::int as "unexplainedCount",
                 coalesce(sum(abs(amount_ore)) filter (where status = 1), 0)::float8 as "unexplainedOre"
            from bank_transactions
           where company_id = ${companyId}
             and booking_date >= ${first}::date and booking_date < ${last}::date + interval '1 month'
           group by company_bank_id order by company_bank_id`,
    ),

  paymentMonths: (db, companyId, first, last) =>
    rowsOf(
      db,
      sql`select to_char(date_trunc('month', due_date), 'YYYY-MM') as month, status, count(*)::int as count,
                 sum(amount_ore)::float8 as "amountOre"
            from payments
           where company_id = ${companyId}
             and due_date >= ${first}::date and due_date < ${last}::date + interval '1 month'
           group by 1, 2 order by 1, 2`,
    ),

  vatMonths: (db, companyId, first, last) =>
    rowsOf(
      db,
      sql`select to_char(month, 'YYYY-MM') as month, category, rate::float8 as rate, count(*)::int as "documentCount",
                 sum(direction * taxable)::float8 as "taxableOre", sum(direction * tax)::float8 as "taxOre"
            from (
              select date_trunc('month', coalesce(document.issue_date, (document.received_at at time zone 'Europe/Oslo')::date)) as month,
                     coalesce(vat.value->>'category', '') as category,
                     case when vat.value->>'percent' ~ '^[0-9]{1,3}(\\.[0-9]{1,6})?$'
                          then trim_scale((vat.value->>'percent')::numeric) else 0 end as rate,
                     case when document.document_kind = 'creditnote' then -1 else 1 end as direction,
                     coalesce((vat.value->>'taxableAmountOre')::numeric, 0) as taxable,
                     coalesce((vat.value->>'taxAmountOre')::numeric, 0) as tax
                from ehf_documents document cross join lateral jsonb_array_elements(document.vat_rates) as vat
               where document.company_id = ${companyId} and document.voucher_id is not null
            ) as rates
           where month >= ${first}::date and month <= ${last}::date
           group by month, category, rate order by month, rate desc, category`,
    ),

  backlogs: (db, companyIds) =>
    rowsOf(
      db,
      sql`select company.id as "companyId",
                 (select count(*)::int from bank_transactions
                   where company_id = company.id and status = 1) as "transactionsMissingVoucher",
                 (select coalesce(sum(abs(amount_ore)), 0)::float8 from bank_transactions
                   where company_id = company.id and status = 1) as "transactionsMissingVoucherOre",
                 (select count(*)::int from payments where company_id = company.id and status = 0) as "paymentsForApproval",
                 (select count(*)::int from payments where company_id = company.id and status = 2) as "paymentsFailed"
            from unnest(${intArray(companyIds)}) as company(id)
           where exists (select 1 from bank_transactions where company_id = company.id)
              or exists (select 1 from payments where company_id = company.id and status in (0, 2))
           order by company.id`,
    ),

  workWeeks: (db, companyIds, firstWeek, lastWeek) =>
    rowsOf(
      db,
      sql`select company_id as "companyId", to_char(week, 'YYYY-MM-DD') as week, sum(vouchers)::int as "vouchersAdded",
                 sum(explained)::int as "transactionsExplained", sum(tasks)::int as "tasksCompleted"
            from (
              select company_id, date_trunc('week', created_at at time zone 'Europe/Oslo')::date as week,
                     1 as vouchers, 0 as explained, 0 as tasks
                from vouchers where company_id = any(${intArray(companyIds)}) and deleted_at is null
              union all
              select company_id, date_trunc('week', explained_on)::date, 0, 1, 0
                from bank_transactions where company_id = any(${intArray(companyIds)}) and explained_on is not null
              union all
              select company_id, date_trunc('week', completed_at at time zone 'Europe/Oslo')::date, 0, 0, 1
                from tasks where company_id = any(${intArray(companyIds)}) and completed_at is not null
            ) as work
           where week between ${firstWeek}::date and ${lastWeek}::date
           group by company_id, week order by company_id, week`,
    ),
};
