import { and, count, eq, gte, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankConsents, companyBanks, paymentUsers } from '../../db/schema';

async function totalOf(query: Promise<{ total: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.total ?? 0);
}

export function countCompanyAccounts(db: Db, companyId: number): Promise<number> {
  return totalOf(
    db.select({ total: count() }).from(companyBanks).where(eq(companyBanks.companyId, companyId)),
  );
}

/** Consents the product may read with today: valid, not ended, and not past their last day. */
export function countReadingConsents(db: Db, companyId: number, today: string): Promise<number> {
  return totalOf(
    db
      .select({ total: count() })
      .from(bankConsents)
      .where(
        and(
          eq(bankConsents.companyId, companyId),
          eq(bankConsents.status, 'valid'),
          isNull(bankConsents.endedAt),
          or(isNull(bankConsents.validUntil), gte(bankConsents.validUntil, today)),
        ),
      ),
  );
}

export function countPayingUsers(db: Db, companyId: number): Promise<number> {
  return totalOf(
    db
      .select({ total: count() })
      .from(paymentUsers)
      .where(and(eq(paymentUsers.companyId, companyId), eq(paymentUsers.isAllowPayments, true))),
  );
}
