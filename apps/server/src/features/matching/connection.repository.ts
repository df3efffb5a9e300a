import {
  BankTransactionStatus,
  type ConnectionSource,
  type MatchReason,
  VoucherStatus,
} from '@bilag/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransactions, companies, users, vouchers } from '../../db/schema';
import { transactionVouchers } from './matching.table';

export type NewConnection = {
  bankTransactionId: number;
  voucherId: number;
  source: ConnectionSource;
  score: number | null;
  reasons: MatchReason[];
  ruleId: number | null;
};

export function insertConnections(
  db: Db,
  companyId: number,
  userId: number | null,
  connections: NewConnection[],
) {
  if (connections.length === 0) return Promise.resolve([]);
  return db
    .insert(transactionVouchers)
    .values(connections.map((connection) => ({ ...connection, companyId, createdBy: userId })))
    .onConflictDoNothing()
    .returning();
}

/** Connected transactions say so; so do their vouchers. */
export async function markConnected(
  db: Db,
  companyId: number,
  transactionIds: number[],
  voucherIds: number[],
) {
  if (transactionIds.length > 0) {
    await db
      .update(bankTransactions)
      .set({ status: BankTransactionStatus.CONNECTED, updatedAt: new Date() })
      .where(and(eq(bankTransactions.companyId, companyId), inArray(bankTransactions.id, transactionIds)));
  }
  if (voucherIds.length > 0) {
    await db
      .update(vouchers)
      .set({ status: VoucherStatus.CONNECTED, updatedAt: new Date() })
      .where(and(eq(vouchers.companyId, companyId), inArray(vouchers.id, voucherIds)));
  }
}

export function findConnection(db: Db, companyId: number, id: number) {
  return db
    .select()
    .from(transactionVouchers)
    .where(and(eq(transactionVouchers.companyId, companyId), eq(transactionVouchers.id, id)))
    .for('update')
    .then((rows) => rows[0]);
}

export function listConnectionsOfVoucher(db: Db, companyId: number, voucherId: number) {
  return db
    .select()
    .from(transactionVouchers)
    .where(and(eq(transactionVouchers.companyId, companyId), eq(transactionVouchers.voucherId, voucherId)))
    .orderBy(asc(transactionVouchers.id));
}

export async function deleteConnection(db: Db, companyId: number, id: number) {
  await db
    .delete(transactionVouchers)
    .where(and(eq(transactionVouchers.companyId, companyId), eq(transactionVouchers.id, id)));
}

/**
 * After a connection is removed: a transaction with no voucher left is missing one again, and a voucher
 * with no transaction left goes back to ready (or new, while it lacks date, amount or supplier).
 */
export async function releaseUnconnected(
  db: Db,
  companyId: number,
  transactionId: number,
  voucherId: number,
) {
  await db.execute(sql`update bank_transactions set status = ${BankTransactionStatus.MISSING_VOUCHER}, updated_at = now()
    where company_id = ${companyId} and id = ${transactionId} and status = ${BankTransactionStatus.CONNECTED}
      and not exists (select 1 from transaction_vouchers l where l.company_id = ${companyId}
        and l.bank_transaction_id = ${transactionId})`);
  await db.execute(sql`update vouchers set updated_at = now(), status = case
      when voucher_date is not null and amount_ore is not null and coalesce(supplier_name, '') <> ''
        then ${VoucherStatus.READY}::integer else ${VoucherStatus.NEW}::integer end
    where company_id = ${companyId} and id = ${voucherId} and status = ${VoucherStatus.CONNECTED}
      and not exists (select 1 from transaction_vouchers l where l.company_id = ${companyId}
        and l.voucher_id = ${voucherId})`);
}

/** Admin: connections of every company (or one), newest first. */
export async function listAdminConnections(
  db: Db,
  filter: { companyId?: number | undefined; source?: ConnectionSource | undefined },
  limit: number,
  offset: number,
) {
  const conditions: SQL[] = [];
  if (filter.companyId) conditions.push(eq(transactionVouchers.companyId, filter.companyId));
  if (filter.source) conditions.push(eq(transactionVouchers.source, filter.source));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        connection: transactionVouchers,
        companyName: companies.name,
        transactionDate: bankTransactions.bookingDate,
        transactionText: bankTransactions.text,
        transactionAmountOre: bankTransactions.amountOre,
        currency: bankTransactions.currency,
        voucherSupplierName: vouchers.supplierName,
        voucherAmountOre: vouchers.amountOre,
        createdByName: users.fullName,
      })
      .from(transactionVouchers)
      .innerJoin(companies, eq(companies.id, transactionVouchers.companyId))
      .innerJoin(
        bankTransactions,
        and(
          eq(bankTransactions.companyId, transactionVouchers.companyId),
          eq(bankTransactions.id, transactionVouchers.bankTransactionId),
        ),
      )
      .innerJoin(
        vouchers,
        and(
          eq(vouchers.companyId, transactionVouchers.companyId),
          eq(vouchers.id, transactionVouchers.voucherId),
        ),
      )
      .leftJoin(users, eq(users.id, transactionVouchers.createdBy))
      .where(where)
      .orderBy(desc(transactionVouchers.createdAt), desc(transactionVouchers.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(transactionVouchers).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
