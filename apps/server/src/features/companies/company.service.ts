import type { Company } from '@bilag/contracts';
import type { Db } from '../../db/client';
import { Errors } from '../../platform/errors';
import * as repository from './company.repository';
import type { CompanyRow } from './company.table';

function toCompany(row: CompanyRow, isOwner: boolean): Company {
  return {
    Id: row.id,
    CompanyId: row.id,
    Name: row.name,
    Alias: row.alias,
    OrganisationNumber: row.organisationNumber,
    SubscriptionId: row.subscriptionId,
    Status: row.status,
    IsSpecial: row.isSpecial,
    isOwner,
  };
}

export async function listCompanies(db: Db, userId: number) {
  const rows = await repository.listCompaniesOfUser(db, userId);
  return { rows: rows.map(({ company, isOwner }) => toCompany(company, isOwner)), total: rows.length };
}

/**
 * The gate every company-scoped call passes. A company the user does not belong to answers exactly
 * like one that does not exist, so its existence is not revealed.
 */
export async function requireCompanyAccess(
  db: Db,
  userId: number,
  companyId: number | null | undefined,
): Promise<Company> {
  const found = await repository.findAccessibleCompany(db, userId, requireCompanyId(companyId));
  if (!found) throw Errors.companyNotFound();
  return toCompany(found.company, found.isOwner);
}

function requireCompanyId(companyId: number | null | undefined): number {
  if (companyId === null || companyId === undefined || !Number.isSafeInteger(companyId) || companyId <= 0) {
    throw Errors.companyIdMissing();
  }
  return companyId;
}

/**
 * The gate for a read that checks access in its own statement (filtering the company row with
 * `isCompanyAccessible`), which saves the round trip of a separate check. The read answers
 * undefined when that row is not there, and the call then answers exactly like a missing company.
 */
export async function readGuardedByCompanyAccess<T>(
  companyId: number | undefined,
  read: (companyId: number) => Promise<T | undefined>,
): Promise<T> {
  const result = await read(requireCompanyId(companyId));
  if (result === undefined) throw Errors.companyNotFound();
  return result;
}

/**
 * Runs a company read beside the membership check instead of after it: the result is returned only
 * once the check has passed, and a list costs one round trip less.
 */
export async function readWithCompanyAccess<T>(
  db: Db,
  userId: number,
  companyId: number | undefined,
  read: (companyId: number) => Promise<T>,
): Promise<T> {
  if (companyId === undefined) throw Errors.companyIdMissing();
  const [, result] = await Promise.all([requireCompanyAccess(db, userId, companyId), read(companyId)]);
  return result;
}
