import { DIVISION_LIMITS, type Division, type SaveDivisionRequest } from '@bilag/contracts';
import { formatAccountNumber, formatOrganisationNumber, validateOrganisationNumber } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { requireCompanyAccess } from '../companies';
import { lockCompanyServices } from './company-service.repository';
import * as repository from './division.repository';
import type { CompanyDivisionRow } from './division.table';

function toDivision(row: CompanyDivisionRow, accounts: readonly repository.DivisionAccountRow[]): Division {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    organisationNumber: row.organisationNumber,
    accounts: accounts
      .filter((account) => account.divisionId === row.id)
      .map(({ companyBankId, accountNumber, name }) => ({ companyBankId, accountNumber, name })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withAccounts(db: Db, companyId: number, rows: readonly CompanyDivisionRow[]) {
  const accounts = await repository.listAccountsOfDivisions(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toDivision(row, accounts));
}

async function divisionOf(db: Db, companyId: number, id: number): Promise<Division> {
  const row = await repository.findDivision(db, companyId, id);
  if (!row) throw Errors.notFound('divisionNotFound');
  const [division] = await withAccounts(db, companyId, [row]);
  if (!division) throw Errors.internal();
  return division;
}

function organisationNumberOf(text: string): string {
  const checked = validateOrganisationNumber(text);
  if (!checked.valid || !checked.normalized)
    throw Errors.invalid(
      'divisionOrganisationNumberInvalid',
      { value: text },
      { field: 'organisationNumber' },
    );
  return checked.normalized;
}

function snapshot(division: Division) {
  return {
    name: division.name,
    organisationNumber: division.organisationNumber,
    companyBankIds: division.accounts.map((account) => account.companyBankId),
  };
}

export async function listDivisions(
  db: Db,
  principal: Principal,
  companyIdInput: number,
): Promise<Division[]> {
  const companyId = (await requireCompanyAccess(db, principal.userId, companyIdInput)).Id;
  return withAccounts(db, companyId, await repository.listDivisions(db, companyId));
}

export async function divisionByOrganisationNumber(
  db: Db,
  principal: Principal,
  query: { companyId: number; organisationNumber: string },
): Promise<Division> {
  const companyId = (await requireCompanyAccess(db, principal.userId, query.companyId)).Id;
  const row = await repository.findDivisionByOrganisationNumber(
    db,
    companyId,
    organisationNumberOf(query.organisationNumber),
  );
  if (!row) throw Errors.notFound('divisionNotFound');
  const [division] = await withAccounts(db, companyId, [row]);
  if (!division) throw Errors.internal();
  return division;
}

/**
 * Checks a division as typed, inside the company's lock: a valid organisation number, a name and a number
 * no other division of the company has, and accounts that are the company's and no other division's.
 */
async function requireValidDivision(
  tx: Db,
  companyId: number,
  request: SaveDivisionRequest,
  divisionId: number | null,
) {
  const values = { name: request.name, organisationNumber: organisationNumberOf(request.organisationNumber) };
  const clash = await repository.findClash(tx, companyId, values, divisionId);
  if (clash?.organisationNumber === values.organisationNumber)
    throw Errors.conflict(
      'divisionOrganisationNumberTaken',
      { organisationNumber: formatOrganisationNumber(values.organisationNumber), name: clash.name },
      { field: 'organisationNumber' },
    );
  if (clash) throw Errors.conflict('divisionNameTaken', { name: clash.name }, { field: 'name' });
  const companyBankIds = [...new Set(request.companyBankIds)];
  const accounts = await repository.listCompanyAccounts(tx, companyId, companyBankIds);
  const unknown = companyBankIds.find((id) => !accounts.some((account) => account.id === id));
  if (unknown !== undefined)
    throw Errors.invalid('divisionAccountUnknown', { id: unknown }, { field: 'companyBankIds' });
  const taken = accounts.find((account) => account.divisionId !== null && account.divisionId !== divisionId);
  if (taken)
    throw Errors.conflict(
      'divisionAccountTaken',
      { account: formatAccountNumber(taken.accountNumber), name: taken.divisionName ?? '' },
      { field: 'companyBankIds' },
    );
  return { values, companyBankIds };
}

export async function addDivision(
  db: Db,
  principal: Principal,
  request: SaveDivisionRequest,
): Promise<Division> {
  const companyId = (await requireCompanyAccess(db, principal.userId, request.companyId)).Id;
  const id = await db.transaction(async (tx) => {
    await lockCompanyServices(tx, companyId);
    if ((await repository.countDivisions(tx, companyId)) >= DIVISION_LIMITS.perCompany)
      throw Errors.conflict('divisionLimitReached', { limit: DIVISION_LIMITS.perCompany });
    const { values, companyBankIds } = await requireValidDivision(tx, companyId, request, null);
    const row = await repository.insertDivision(tx, { ...values, companyId, createdBy: principal.userId });
    await repository.replaceDivisionAccounts(tx, companyId, row.id, companyBankIds);
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'division',
      entityId: row.id,
      action: 'create',
      after: { ...values, companyBankIds },
    });
    return row.id;
  });
  return divisionOf(db, companyId, id);
}

export async function updateDivision(
  db: Db,
  principal: Principal,
  id: number,
  request: SaveDivisionRequest,
): Promise<Division> {
  const companyId = (await requireCompanyAccess(db, principal.userId, request.companyId)).Id;
  await db.transaction(async (tx) => {
    await lockCompanyServices(tx, companyId);
    const before = await divisionOf(tx, companyId, id);
    const { values, companyBankIds } = await requireValidDivision(tx, companyId, request, id);
    await repository.updateDivision(tx, companyId, id, values);
    await repository.replaceDivisionAccounts(tx, companyId, id, companyBankIds);
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'division',
      entityId: id,
      action: 'update',
      before: snapshot(before),
      after: { ...values, companyBankIds },
    });
  });
  return divisionOf(db, companyId, id);
}

export async function deleteDivision(
  db: Db,
  principal: Principal,
  id: number,
  companyIdInput: number,
): Promise<null> {
  const companyId = (await requireCompanyAccess(db, principal.userId, companyIdInput)).Id;
  await db.transaction(async (tx) => {
    await lockCompanyServices(tx, companyId);
    const before = await divisionOf(tx, companyId, id);
    await repository.deleteDivision(tx, companyId, id);
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'division',
      entityId: id,
      action: 'delete',
      before: snapshot(before),
    });
  });
  return null;
}
