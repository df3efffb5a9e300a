import type { BalanceSource } from '@bilag/contracts';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransactions } from '../../db/schema';
import { bankBalances } from './bank.table';

export function listBalances(
  db: Db,
  companyId: number,
  companyBankIds: number[],
  balanceType: string,
  source: BalanceSource | undefined,
  until: string | undefined,
) {
  return db
    .select()
    .from(bankBalances)
    .where(
      and(
        eq(bankBalances.companyId, companyId),
        inArray(bankBalances.companyBankId, companyBankIds),
        eq(bankBalances.balanceType, balanceType),
        source === undefined ? undefined : eq(bankBalances.source, source),
        until === undefined ? undefined : lte(bankBalances.balanceDate, until),
      ),
    )
    .orderBy(asc(bankBalances.balanceDate), asc(bankBalances.id));
}

export function sumTransactionsByAccount(
  db: Db,
  companyId: number,
  companyBankIds: number[],
  from: string | undefined,
  to: string | undefined,
) {
  return db
    .select({
      companyBankId: bankTransactions.companyBankId,
      total: sql<string>`coalesce(sum(${bankTransactions.amountOre}), 0)::text`,
    })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.companyId, companyId),
        inArray(bankTransactions.companyBankId, companyBankIds),
        from === undefined ? undefined : gte(bankTransactions.bookingDate, from),
        to === undefined ? undefined : lte(bankTransactions.bookingDate, to),
      ),
    )
    .groupBy(bankTransactions.companyBankId);
}
