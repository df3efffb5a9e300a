import { type AccountAuthorisationOutcome, PAYMENT_BANK_GROUPS, type SigningState } from '@bilag/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banks, companies, companyBanks, paymentUserBanks } from '../../db/schema';
import { isCompanyAccessible } from '../companies';
import { bankAuthorisations, type SigningRequestRow, signingRequests } from './signing.table';

export async function findCompanyIdentity(db: Db, companyId: number) {
  const [row] = await db
    .select({ name: companies.name, organisationNumber: companies.organisationNumber })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

export type CompanyAccount = {
  id: number;
  accountNumber: string;
  name: string | null;
  bankName: string | null;
  bankGroup: string | null;
};

/** The company's accounts with these ids, each with the group of the bank holding it. */
export function listCompanyAccounts(
  db: Db,
  companyId: number,
  companyBankIds: readonly number[],
): Promise<CompanyAccount[]> {
  if (companyBankIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: companyBanks.id,
      accountNumber: companyBanks.accountNumber,
      name: companyBanks.name,
      bankName: banks.name,
      bankGroup: banks.bankGroup,
    })
    .from(companyBanks)
    .leftJoin(banks, eq(banks.id, companyBanks.bankId))
    .where(and(eq(companyBanks.companyId, companyId), inArray(companyBanks.id, [...companyBankIds])));
}

/** The company's accounts in the bank groups the bank authorisation service covers, with the person's verification. */
export function listVerifiableAccounts(db: Db, companyId: number, userId: number) {
  return db
    .select({
      id: companyBanks.id,
      accountNumber: companyBanks.accountNumber,
      name: companyBanks.name,
      bankName: banks.name,
      bankGroup: banks.bankGroup,
      verifiedBy: paymentUserBanks.verifiedBy,
      verifiedAt: paymentUserBanks.verifiedAt,
    })
    .from(companyBanks)
    .innerJoin(banks, eq(banks.id, companyBanks.bankId))
    .leftJoin(
      paymentUserBanks,
      and(
        eq(paymentUserBanks.companyId, companyBanks.companyId),
        eq(paymentUserBanks.companyBankId, companyBanks.id),
        eq(paymentUserBanks.userId, userId),
      ),
    )
    .where(and(eq(companyBanks.companyId, companyId), inArray(banks.bankGroup, [...PAYMENT_BANK_GROUPS])))
    .orderBy(asc(companyBanks.sorting), asc(companyBanks.id));
}

export async function insertSigningRequest(
  tx: Db,
  values: Pick<SigningRequestRow, 'companyId' | 'requestId' | 'trackingId' | 'userId' | 'basketUuid'> & {
    companyBankIds: number[];
  },
) {
  const [row] = await tx.insert(signingRequests).values(values).returning();
  return row;
}

/**
 * The person's own signing with these ids, in any company they may still work in: the status poll
 * names no company.
 */
export async function findOwnSigningRequest(db: Db, userId: number, requestId: string, trackingId: string) {
  const [row] = await db
    .select({ signing: signingRequests })
    .from(signingRequests)
    .innerJoin(companies, eq(companies.id, signingRequests.companyId))
    .where(
      and(
        eq(signingRequests.requestId, requestId),
        eq(signingRequests.trackingId, trackingId),
        eq(signingRequests.userId, userId),
        isCompanyAccessible(userId),
      ),
    );
  return row?.signing;
}

/** The person's signing in the company, with the company's name and organisation number. */
export async function findSigningRequest(
  db: Db,
  companyId: number,
  userId: number,
  requestId: string,
  trackingId: string,
) {
  const [row] = await db
    .select({
      signing: signingRequests,
      company: { name: companies.name, organisationNumber: companies.organisationNumber },
    })
    .from(signingRequests)
    .leftJoin(companies, eq(companies.id, signingRequests.companyId))
    .where(
      and(
        eq(signingRequests.companyId, companyId),
        eq(signingRequests.requestId, requestId),
        eq(signingRequests.trackingId, trackingId),
        eq(signingRequests.userId, userId),
      ),
    );
  return row;
}

/**
 * Marks the signing used, with the state it ended in, unless it already was: the update waits for any
 * other authorisation using it, so two cannot both use it. Answers whether this call used it.
 */
export async function useSigningRequest(
  tx: Db,
  companyId: number,
  requestId: string,
  values: { state: SigningState; statusId: number },
): Promise<boolean> {
  const used = await tx
    .update(signingRequests)
    .set({ ...values, usedAt: new Date(), updatedAt: sql`now()` })
    .where(
      and(
        eq(signingRequests.companyId, companyId),
        eq(signingRequests.requestId, requestId),
        isNull(signingRequests.usedAt),
      ),
    )
    .returning({ requestId: signingRequests.requestId });
  return used.length > 0;
}

export async function updateSigningState(
  db: Db,
  companyId: number,
  requestId: string,
  values: { state: SigningState; statusId: number },
) {
  await db
    .update(signingRequests)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(signingRequests.companyId, companyId), eq(signingRequests.requestId, requestId)));
}

export type AccountAuthorisationRecord = {
  companyBankId: number;
  outcome: AccountAuthorisationOutcome;
  approvalAccessIndicator: string | null;
  statusCode: number | null;
};

export async function saveBankAuthorisations(
  tx: Db,
  companyId: number,
  userId: number,
  requestId: string,
  records: readonly AccountAuthorisationRecord[],
) {
  if (records.length === 0) return;
  await tx
    .insert(bankAuthorisations)
    .values(records.map((record) => ({ companyId, userId, requestId, ...record })))
    .onConflictDoUpdate({
      target: [bankAuthorisations.companyId, bankAuthorisations.userId, bankAuthorisations.companyBankId],
      set: {
        outcome: sql`excluded.outcome`,
        approvalAccessIndicator: sql`excluded.approval_access_indicator`,
        statusCode: sql`excluded.status_code`,
        requestId: sql`excluded.request_id`,
        updatedAt: sql`now()`,
      },
    });
}

/** Which of these accounts are verified for the person. */
export async function listVerifiedAmong(
  db: Db,
  companyId: number,
  userId: number,
  companyBankIds: readonly number[],
): Promise<number[]> {
  if (companyBankIds.length === 0) return [];
  const rows = await db
    .select({ companyBankId: paymentUserBanks.companyBankId })
    .from(paymentUserBanks)
    .where(
      and(
        eq(paymentUserBanks.companyId, companyId),
        eq(paymentUserBanks.userId, userId),
        inArray(paymentUserBanks.companyBankId, [...companyBankIds]),
      ),
    );
  return rows.map((row) => row.companyBankId);
}
