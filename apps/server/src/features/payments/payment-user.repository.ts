import { and, asc, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, companyBanks, companyUsers, users } from '../../db/schema';
import {
  type PaymentUserBankRow,
  type PaymentUserRow,
  paymentUserBanks,
  paymentUsers,
} from './payment.table';

export type PaymentUserListing = { paymentUser: PaymentUserRow; fullName: string; email: string };

export function listPaymentUsers(db: Db, companyId: number, id?: number): Promise<PaymentUserListing[]> {
  return db
    .select({ paymentUser: paymentUsers, fullName: users.fullName, email: users.email })
    .from(paymentUsers)
    .innerJoin(users, eq(users.id, paymentUsers.userId))
    .where(and(eq(paymentUsers.companyId, companyId), id === undefined ? undefined : eq(paymentUsers.id, id)))
    .orderBy(asc(users.fullName), asc(paymentUsers.id));
}

/** The payment user with this id, locked until the transaction ends. */
export async function lockPaymentUser(tx: Db, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(paymentUsers)
    .where(and(eq(paymentUsers.companyId, companyId), eq(paymentUsers.id, id)))
    .for('update');
  return row;
}

/** The payment user row of a person, locked until the transaction ends. */
export async function lockPaymentUserOfPerson(tx: Db, companyId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(paymentUsers)
    .where(and(eq(paymentUsers.companyId, companyId), eq(paymentUsers.userId, userId)))
    .for('update');
  return row;
}

/** Inserts the payment user, or nothing when the person already is one (the unique key decides). */
export async function insertPaymentUser(
  tx: Db,
  values: { companyId: number; userId: number; isAllowPayments: boolean; createdBy: number },
) {
  const [row] = await tx.insert(paymentUsers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updatePaymentUser(
  tx: Db,
  companyId: number,
  id: number,
  values: { isAllowPayments: boolean },
) {
  const [row] = await tx
    .update(paymentUsers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(paymentUsers.companyId, companyId), eq(paymentUsers.id, id)))
    .returning();
  return row;
}

export async function deletePaymentUser(tx: Db, companyId: number, id: number) {
  await tx.delete(paymentUsers).where(and(eq(paymentUsers.companyId, companyId), eq(paymentUsers.id, id)));
}

/** Whether the person may work in the company: a member, or its owner. */
export async function isCompanyMember(db: Db, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.id, companyId),
        or(
          eq(companies.ownerUserId, userId),
          sql`exists (select 1 from ${companyUsers} where ${companyUsers.companyId} = ${companyId} and ${companyUsers.userId} = ${userId})`,
        ),
      ),
    );
  return row !== undefined;
}

/** The members and the owner of the company who are not its payment users. */
export function listAssignableUsers(db: Db, companyId: number) {
  const notPaymentUser = notExists(
    db
      .select({ id: paymentUsers.id })
      .from(paymentUsers)
      .where(and(eq(paymentUsers.companyId, companyId), eq(paymentUsers.userId, users.id))),
  );
  const isMemberOrOwner = or(
    sql`exists (select 1 from ${companyUsers} where ${companyUsers.companyId} = ${companyId} and ${companyUsers.userId} = ${users.id})`,
    sql`exists (select 1 from ${companies} where ${companies.id} = ${companyId} and ${companies.ownerUserId} = ${users.id})`,
  );
  return db
    .select({ userId: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(and(isMemberOrOwner, notPaymentUser, eq(users.isActive, 1)))
    .orderBy(asc(users.fullName), asc(users.id));
}

export type AccountVerification = {
  companyBankId: number;
  accountNumber: string;
  name: string | null;
  verification: Pick<PaymentUserBankRow, 'userId' | 'verifiedAt' | 'verifiedBy'> | null;
};

/** The company's accounts, each with its verification for the person, when it has one. */
export async function listAccountsVerifiedFor(
  db: Db,
  companyId: number,
  userId: number,
): Promise<AccountVerification[]> {
  const rows = await db
    .select({
      companyBankId: companyBanks.id,
      accountNumber: companyBanks.accountNumber,
      name: companyBanks.name,
      userId: paymentUserBanks.userId,
      verifiedAt: paymentUserBanks.verifiedAt,
      verifiedBy: paymentUserBanks.verifiedBy,
    })
    .from(companyBanks)
    .leftJoin(
      paymentUserBanks,
      and(
        eq(paymentUserBanks.companyId, companyBanks.companyId),
        eq(paymentUserBanks.companyBankId, companyBanks.id),
        eq(paymentUserBanks.userId, userId),
      ),
    )
    .where(eq(companyBanks.companyId, companyId))
    .orderBy(asc(companyBanks.sorting), asc(companyBanks.id));
  return rows.map(({ userId: verifiedFor, verifiedAt, verifiedBy, ...account }) => ({
    ...account,
    verification:
      verifiedFor !== null && verifiedAt !== null && verifiedBy !== null
        ? { userId: verifiedFor, verifiedAt, verifiedBy }
        : null,
  }));
}

/** The verified accounts of several payment users of the company, for a list. */
export function listVerifiedAccounts(db: Db, companyId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: paymentUserBanks.userId,
      companyBankId: companyBanks.id,
      accountNumber: companyBanks.accountNumber,
      name: companyBanks.name,
      verifiedAt: paymentUserBanks.verifiedAt,
      verifiedBy: paymentUserBanks.verifiedBy,
    })
    .from(paymentUserBanks)
    .innerJoin(
      companyBanks,
      and(
        eq(companyBanks.companyId, paymentUserBanks.companyId),
        eq(companyBanks.id, paymentUserBanks.companyBankId),
      ),
    )
    .where(and(eq(paymentUserBanks.companyId, companyId), inArray(paymentUserBanks.userId, [...userIds])))
    .orderBy(asc(companyBanks.sorting), asc(companyBanks.id));
}

export function findCompanyAccountsByNumber(db: Db, companyId: number, accountNumbers: readonly string[]) {
  if (accountNumbers.length === 0) return Promise.resolve([]);
  return db
    .select({ id: companyBanks.id, accountNumber: companyBanks.accountNumber })
    .from(companyBanks)
    .where(
      and(eq(companyBanks.companyId, companyId), inArray(companyBanks.accountNumber, [...accountNumbers])),
    );
}

export async function deleteVerifiedAccounts(
  tx: Db,
  companyId: number,
  userId: number,
  companyBankIds?: readonly number[],
) {
  if (companyBankIds?.length === 0) return;
  await tx
    .delete(paymentUserBanks)
    .where(
      and(
        eq(paymentUserBanks.companyId, companyId),
        eq(paymentUserBanks.userId, userId),
        companyBankIds === undefined
          ? undefined
          : inArray(paymentUserBanks.companyBankId, [...companyBankIds]),
      ),
    );
}

/**
 * Marks accounts verified for a payment user. Set by hand, an account already verified keeps how it
 * was; confirmed by the bank, it is verified by the bank from now on, whatever verified it before.
 */
export async function saveVerifiedAccounts(
  tx: Db,
  verification: {
    companyId: number;
    userId: number;
    companyBankIds: readonly number[];
    verifiedBy: 'manual' | 'bank-authorisation';
    createdBy: number;
  },
) {
  const { companyId, userId, companyBankIds, verifiedBy, createdBy } = verification;
  if (companyBankIds.length === 0) return;
  const insert = tx
    .insert(paymentUserBanks)
    .values(
      companyBankIds.map((companyBankId) => ({ companyId, userId, companyBankId, verifiedBy, createdBy })),
    );
  if (verifiedBy === 'manual') {
    await insert.onConflictDoNothing();
    return;
  }
  await insert.onConflictDoUpdate({
    target: [paymentUserBanks.companyId, paymentUserBanks.userId, paymentUserBanks.companyBankId],
    set: { verifiedBy, verifiedAt: sql`now()` },
  });
}
