import { sql } from 'drizzle-orm';
import type { StatisticFacts } from './statistic.facts';
import { factsOf, firstDay, jsonColumns, lastDay, readCompanies } from './statistic.repository';

const companyId = sql.placeholder('companyId');
/** Raw rows are bounded by their own dates, up to the end of the last month asked for. */
const afterLastMonth = sql`${lastDay} + interval '1 month'`;

/**
 * The same facts as the summaries, computed from the raw rows each time: the yardstick the summaries
 * are tested against after random changes, and the baseline the benchmark times them against. No call
 * of the API reads them. They are prepared, checked for access and answered as JSON like the summaries,
 * so that the two differ only in the rows they read.
 */
export const rawFacts: StatisticFacts = factsOf('raw', {
  voucherMonths: sql`select ${jsonColumns('month', 'source', 'vouchers', 'amount_ore')}
    from (
      select date_trunc('month', effective_date)::date as month, source, count(*) as vouchers,
             coalesce(sum(amount_ore), 0) as amount_ore
        from vouchers
       where company_id = ${companyId} and deleted_at is null
         and effective_date >= ${firstDay} and effective_date < ${afterLastMonth}
       group by 1, 2
    ) as months`,

  bankMonths: sql`select ${jsonColumns('month', 'transactions', 'unexplained', 'unexplained_ore', 'timed', 'days')}
    from (
      select date_trunc('month', booking_date)::date as month, count(*) as transactions,
             count(*) filter (where status = 1) as unexplained,
             coalesce(sum(abs(amount_ore)) filter (where status = 1), 0) as unexplained_ore,
             count(*) filter (where explained_on is not null) as timed,
             coalesce(sum(greatest(explained_on - booking_date, 0)) filter (where explained_on is not null), 0) as days
        from bank_transactions
       where company_id = ${companyId} and booking_date >= ${firstDay} and booking_date < ${afterLastMonth}
       group by 1
    ) as months`,

  bankAccounts: sql`select ${jsonColumns('company_bank_id', 'transactions', 'unexplained', 'unexplained_ore')}
    from (
      select company_bank_id, count(*) as transactions, count(*) filter (where status = 1) as unexplained,
             coalesce(sum(abs(amount_ore)) filter (where status = 1), 0) as unexplained_ore
        from bank_transactions
       where company_id = ${companyId} and booking_date >= ${firstDay} and booking_date < ${afterLastMonth}
       group by company_bank_id
    ) as accounts`,

  paymentMonths: sql`select ${jsonColumns('month', 'status', 'payments', 'amount_ore')}
    from (
      select date_trunc('month', due_date)::date as month, status, count(*) as payments, sum(amount_ore) as amount_ore
        from payments
       where company_id = ${companyId} and due_date >= ${firstDay} and due_date < ${afterLastMonth}
       group by 1, 2
    ) as months`,

  vatMonths: sql`select ${jsonColumns('month', 'category', 'rate', 'documents', 'taxable_ore', 'tax_ore')}
    from (
      select month, category, rate, count(*) as documents, sum(direction * taxable) as taxable_ore,
             sum(direction * tax) as tax_ore
        from (
          select date_trunc('month', coalesce(document.issue_date,
                                              (document.received_at at time zone 'Europe/Oslo')::date))::date as month,
                 coalesce(vat.value->>'category', '') as category,
                 case when vat.value->>'percent' ~ '^[0-9]{1,3}(\\.[0-9]{1,6})?$'
                      then trim_scale((vat.value->>'percent')::numeric) else 0 end as rate,
                 case when document.document_kind = 'creditnote' then -1 else 1 end as direction,
                 coalesce((vat.value->>'taxableAmountOre')::numeric, 0) as taxable,
                 coalesce((vat.value->>'taxAmountOre')::numeric, 0) as tax
            from ehf_documents document cross join lateral jsonb_array_elements(document.vat_rates) as vat
           where document.company_id = ${companyId} and document.voucher_id is not null
        ) as rates
       where month >= ${firstDay} and month <= ${lastDay}
       group by month, category, rate
    ) as months`,

  backlogs: (companyIds) => sql`select json_agg(json_build_array(company.id,
      (select count(*) from bank_transactions where company_id = company.id and status = 1),
      (select coalesce(sum(abs(amount_ore)), 0) from bank_transactions where company_id = company.id and status = 1),
      (select count(*) from payments where company_id = company.id and status = 0),
      (select count(*) from payments where company_id = company.id and status = 2)))
    from unnest(${companyIds}) as company(id)
   where exists (select 1 from bank_transactions where company_id = company.id)
      or exists (select 1 from payments where company_id = company.id and status in (0, 2))`,

  workWeeks: sql`select ${jsonColumns('company_id', 'week', 'vouchers', 'explained', 'tasks')}
    from (
      select company_id, week, sum(vouchers) as vouchers, sum(explained) as explained, sum(tasks) as tasks
        from (
          select company_id, date_trunc('week', created_at at time zone 'Europe/Oslo')::date as week,
                 1 as vouchers, 0 as explained, 0 as tasks
            from vouchers where company_id = any(${readCompanies}) and deleted_at is null
          union all
          select company_id, date_trunc('week', explained_on)::date, 0, 1, 0
            from bank_transactions where company_id = any(${readCompanies}) and explained_on is not null
          union all
          select company_id, date_trunc('week', completed_at at time zone 'Europe/Oslo')::date, 0, 0, 1
            from tasks where company_id = any(${readCompanies}) and completed_at is not null
        ) as work
       where week between ${firstDay} and ${lastDay}
       group by company_id, week
    ) as weeks`,
});
