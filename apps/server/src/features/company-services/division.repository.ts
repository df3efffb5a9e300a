import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyBanks } from '../../db/schema';
import { companyDivisionAccounts, companyDivisions } from './division.table';

export type DivisionValues = { name: string; organisationNumber: string };

export type DivisionAccountRow = {
  divisionId: number;
  companyBankId: number;
  accountNumber: string;
  name: string | null;
};

export function listDivisions(db: Db, companyId: number) {
  return db
    .select()
    .from(companyDivisions)
    .where(eq(companyDivisions.companyId, companyId))
    .orderBy(asc(sql`lower(${companyDivisions.name})`), asc(companyDivisions.id));
}

export async function findDivision(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(companyDivisions)
    .where(and(eq(companyDivisions.companyId, companyId), eq(companyDivisions.id, id)));
  return row;
}

export async function findDivisionByOrganisationNumber(
  db: Db,
  companyId: number,
  organisationNumber: string,
) {
  const [row] = await db
    .select()
    .from(companyDivisions)
    .where(
      and(
        eq(companyDivisions.companyId, companyId),
        eq(companyDivisions.organisationNumber, organisationNumber),
      ),
    );
  return row;
}

/** Another division of the company with the same name (in any case) or organisation number. */
export async function findClash(db: Db, companyId: number, values: DivisionValues, exceptId: number | null) {
  const [row] = await db
    .select()
    .from(companyDivisions)
    .where(
      and(
        eq(companyDivisions.companyId, companyId),
        sql`(lower(${companyDivisions.name}) = lower(${values.name}) or ${companyDivisions.organisationNumber} = ${values.organisationNumber})`,
        exceptId === null ? undefined : ne(companyDivisions.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

export async function countDivisions(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(companyDivisions)
    .where(eq(companyDivisions.companyId, companyId));
  return row?.total ?? 0;
}

export function listAccountsOfDivisions(db: Db, companyId: number, divisionIds: readonly number[]) {
  if (divisionIds.length === 0) return Promise.resolve([] as DivisionAccountRow[]);
  return db
    .select({
      divisionId: companyDivisionAccounts.divisionId,
      companyBankId: companyDivisionAccounts.companyBankId,
      accountNumber: companyBanks.accountNumber,
      name: companyBanks.name,
    })
    .from(companyDivisionAccounts)
    .innerJoin(
      companyBanks,
      and(
        eq(companyBanks.companyId, companyDivisionAccounts.companyId),
        eq(companyBanks.id, companyDivisionAccounts.companyBankId),
      ),
    )
    .where(
      and(
        eq(companyDivisionAccounts.companyId, companyId),
        inArray(companyDivisionAccounts.divisionId, [...divisionIds]),
      ),
    )
    .orderBy(asc(companyBanks.sorting), asc(companyBanks.accountNumber));
}

/** The company's accounts among the ids, each with the division it belongs to, if any. */
export function listCompanyAccounts(db: Db, companyId: number, companyBankIds: readonly number[]) {
  if (companyBankIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: companyBanks.id,
      accountNumber: companyBanks.accountNumber,
      divisionId: companyDivisionAccounts.divisionId,
      divisionName: companyDivisions.name,
    })
    .from(companyBanks)
    .leftJoin(
      companyDivisionAccounts,
      and(
        eq(companyDivisionAccounts.companyId, companyBanks.companyId),
        eq(companyDivisionAccounts.companyBankId, companyBanks.id),
      ),
    )
    .leftJoin(
      companyDivisions,
      and(
        eq(companyDivisions.companyId, companyDivisionAccounts.companyId),
        eq(companyDivisions.id, companyDivisionAccounts.divisionId),
      ),
    )
    .where(and(eq(companyBanks.companyId, companyId), inArray(companyBanks.id, [...companyBankIds])));
}

export async function insertDivision(
  tx: Db,
  values: DivisionValues & { companyId: number; createdBy: number },
) {
  const [row] = await tx.insert(companyDivisions).values(values).returning();
  if (!row) throw new Error('The division was not stored');
  return row;
}

export async function updateDivision(tx: Db, companyId: number, id: number, values: DivisionValues) {
  const [row] = await tx
    .update(companyDivisions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(companyDivisions.companyId, companyId), eq(companyDivisions.id, id)))
    .returning();
  return row;
}

export async function replaceDivisionAccounts(
  tx: Db,
  companyId: number,
  divisionId: number,
  companyBankIds: readonly number[],
) {
  await tx
    .delete(companyDivisionAccounts)
    .where(
      and(
        eq(companyDivisionAccounts.companyId, companyId),
        eq(companyDivisionAccounts.divisionId, divisionId),
      ),
    );
  if (companyBankIds.length === 0) return;
  await tx
    .insert(companyDivisionAccounts)
    .values(companyBankIds.map((companyBankId) => ({ companyId, divisionId, companyBankId })));
}

/** Deletes the division; its account rows go with it (the foreign key's cascade). */
export async function deleteDivision(tx: Db, companyId: number, id: number) {
  const [row] = await tx
    .delete(companyDivisions)
    .where(and(eq(companyDivisions.companyId, companyId), eq(companyDivisions.id, id)))
    .returning();
  return row;
}
