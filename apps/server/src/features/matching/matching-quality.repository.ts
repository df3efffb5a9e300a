import { BankTransactionStatus } from '@bilag/contracts';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { escapeLike } from '../../db/sql-helpers';

/** Admin: per company, how much is explained and how. Deliberately across every company. */
export function listMatchingQuality(db: Db, keyword: string | undefined) {
  const pattern = keyword ? `%${escapeLike(keyword)}%` : undefined;
  return db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      transactions: sql<number>`(select count(*) from bank_transactions t where t.company_id = "companies"."id")::int`,
      missing: sql<number>`(select count(*) from bank_transactions t where t.company_id = "companies"."id"
        and t.status = ${BankTransactionStatus.MISSING_VOUCHER})::int`,
      auto: sql<number>`(select count(distinct l.bank_transaction_id) from transaction_vouchers l
        where l.company_id = "companies"."id" and l.source = 'auto')::int`,
      rule: sql<number>`(select count(distinct l.bank_transaction_id) from transaction_vouchers l
        where l.company_id = "companies"."id" and l.source = 'rule')::int`,
      byHand: sql<number>`(select count(distinct l.bank_transaction_id) from transaction_vouchers l
        where l.company_id = "companies"."id" and l.source in ('manual', 'suggestion', 'admin'))::int`,
      open: sql<number>`(select count(*) from match_suggestions s where s.company_id = "companies"."id"
        and s.status = 'open')::int`,
      accepted: sql<number>`(select count(*) from match_suggestions s where s.company_id = "companies"."id"
        and s.status = 'accepted')::int`,
      rejected: sql<number>`(select count(*) from match_suggestions s where s.company_id = "companies"."id"
        and s.status = 'rejected')::int`,
      undone: sql<number>`(select count(*) from match_suggestions s where s.company_id = "companies"."id"
        and s.is_undone)::int`,
      modelPairs: sql<number>`coalesce((select m.pairs from match_models m where m.company_id = "companies"."id"), 0)`,
    })
    .from(companies)
    .where(
      pattern ? sql`${companies.name} ilike ${pattern} or ${companies.alias} ilike ${pattern}` : undefined,
    )
    .orderBy(asc(companies.name));
}
