import { PaymentStatus } from '@bilag/contracts';
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransactions } from '../../db/schema';
import { payments } from './payment.table';

/** A statement line of an import that pays out exactly what an open payment of the company sent. */
export type SettlingLine = {
  paymentId: number;
  bankTransactionId: number;
  bookingDate: string;
  text: string;
};

/**
 * The outgoing lines of one import whose end-to-end id is that of a payment sent (or still waiting, when it
 * was paid outside the product) with the same amount. Found through the import's index and the payments'
 * end-to-end key, so a large import costs one pass over its own rows.
 */
export function listSettlingLines(db: Db, companyId: number, importId: number): Promise<SettlingLine[]> {
  return db
    .select({
      paymentId: payments.id,
      bankTransactionId: bankTransactions.id,
      bookingDate: bankTransactions.bookingDate,
      text: bankTransactions.text,
    })
    .from(bankTransactions)
    .innerJoin(
      payments,
      and(
        eq(payments.companyId, bankTransactions.companyId),
        eq(payments.endToEndId, bankTransactions.endToEndId),
      ),
    )
    .where(
      and(
        eq(bankTransactions.companyId, companyId),
        eq(bankTransactions.importId, importId),
        isNotNull(bankTransactions.endToEndId),
        lt(bankTransactions.amountOre, 0),
        eq(payments.amountOre, sql`-${bankTransactions.amountOre}`),
        eq(payments.currency, bankTransactions.currency),
        inArray(payments.status, [PaymentStatus.FOR_APPROVE, PaymentStatus.PROCESSING]),
      ),
    )
    .orderBy(asc(payments.id), asc(bankTransactions.id));
}
