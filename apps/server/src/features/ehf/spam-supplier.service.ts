import type {
  BlockedArrival,
  SaveSpamSupplierRequest,
  SpamCandidate,
  SpamSupplier,
  SpamSupplierActivity,
  SpamSupplierListQuery,
} from '@bilag/contracts';
import { formatOrganisationNumber, validateOrganisationNumber } from '@bilag/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql-helpers';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { companyExists } from '../companies';
import * as repository from './spam-supplier.repository';

const EmailAddress = z.email();

export function toSpamSupplier(row: repository.SpamSupplierWithCompany): SpamSupplier {
  return {
    id: row.id,
    companyId: row.forCompanyId,
    companyName: row.companyName,
    organisationNumber: row.organisationNumber,
    emailPattern: row.emailPattern,
    name: row.name,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function audit(principal: Principal, id: number, action: string, before: unknown, after: unknown) {
  // The list belongs to no company; its audit rows are filed under company 0, as the bank registry's.
  return {
    companyId: 0,
    userId: principal.userId,
    entity: 'spam_supplier',
    entityId: id,
    action,
    before,
    after,
  };
}

/** An address in lower case, or a domain as @example.no; anything else is refused with the field named. */
function emailPatternOf(text: string): string {
  const pattern = text.toLowerCase();
  const isDomain = pattern.startsWith('@');
  const isValid = isDomain
    ? !pattern.slice(1).includes('@') && EmailAddress.safeParse(`postmaster${pattern}`).success
    : EmailAddress.safeParse(pattern).success;
  if (!isValid) throw Errors.invalid('spamSupplierEmailInvalid', { value: text }, { field: 'emailPattern' });
  return pattern;
}

async function valuesOf(db: Db, input: SaveSpamSupplierRequest): Promise<repository.SpamSupplierValues> {
  const organisationText = input.organisationNumber?.trim() || null;
  const emailText = input.emailPattern?.trim() || null;
  if (organisationText === null && emailText === null) {
    throw Errors.invalid('spamSupplierSenderMissing', undefined, { field: 'organisationNumber' });
  }
  let organisationNumber: string | null = null;
  if (organisationText !== null) {
    const checked = validateOrganisationNumber(organisationText);
    if (!checked.valid || !checked.normalized) {
      throw Errors.invalid(
        'spamSupplierOrganisationNumberInvalid',
        { value: organisationText },
        { field: 'organisationNumber' },
      );
    }
    organisationNumber = checked.normalized;
  }
  const companyId = input.companyId ?? null;
  if (companyId !== null && !(await companyExists(db, companyId))) {
    throw Errors.invalid('spamSupplierCompanyNotFound', { companyId }, { field: 'companyId' });
  }
  return {
    forCompanyId: companyId,
    organisationNumber,
    emailPattern: emailText === null ? null : emailPatternOf(emailText),
    name: input.name.trim(),
    reason: input.reason?.trim() || null,
  };
}

function takenError(
  values: repository.SpamSupplierValues,
  existing: { name: string; organisationNumber: string | null },
) {
  const sender =
    values.organisationNumber !== null && existing.organisationNumber === values.organisationNumber
      ? formatOrganisationNumber(values.organisationNumber)
      : (values.emailPattern ?? '');
  return Errors.conflict('spamSupplierTaken', { sender, name: existing.name });
}

async function requireSenderFree(db: Db, values: repository.SpamSupplierValues, exceptId?: number) {
  const existing = await repository.findSameSender(db, values);
  if (existing && existing.id !== exceptId) throw takenError(values, existing);
}

/** Two administrators adding the same sender at once: the unique index refuses the second, said as a 409. */
async function refusingTakenSender<T>(
  db: Db,
  values: repository.SpamSupplierValues,
  change: () => Promise<T>,
) {
  try {
    return await change();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await repository.findSameSender(db, values);
    throw takenError(
      values,
      existing ?? { name: values.name, organisationNumber: values.organisationNumber },
    );
  }
}

export async function listSpamSuppliers(db: Db, query: SpamSupplierListQuery) {
  const { rows, total } = await repository.listSpamSuppliers(db, {
    search: query.search || undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { rows: rows.map(toSpamSupplier), total };
}

export async function addSpamSupplier(db: Db, principal: Principal, input: SaveSpamSupplierRequest) {
  const values = await valuesOf(db, input);
  await requireSenderFree(db, values);
  const id = await refusingTakenSender(db, values, () =>
    db.transaction(async (tx) => {
      const row = await repository.insertSpamSupplier(tx, { ...values, createdBy: principal.userId });
      await writeAudit(tx, audit(principal, row.id, 'create', null, row));
      return row.id;
    }),
  );
  return getSpamSupplier(db, id);
}

export async function updateSpamSupplier(
  db: Db,
  principal: Principal,
  id: number,
  input: SaveSpamSupplierRequest,
) {
  const values = await valuesOf(db, input);
  await requireSenderFree(db, values, id);
  await refusingTakenSender(db, values, () =>
    db.transaction(async (tx) => {
      const before = await repository.findSpamSupplierById(tx, id);
      if (!before) throw Errors.notFound('spamSupplierNotFound');
      const row = await repository.updateSpamSupplier(tx, id, values);
      await writeAudit(tx, audit(principal, id, 'update', before, row));
    }),
  );
  return getSpamSupplier(db, id);
}

export async function deleteSpamSupplier(db: Db, principal: Principal, id: number) {
  await db.transaction(async (tx) => {
    const row = await repository.deleteSpamSupplier(tx, id);
    if (!row) throw Errors.notFound('spamSupplierNotFound');
    await writeAudit(tx, audit(principal, id, 'delete', row, null));
  });
  return null;
}

async function getSpamSupplier(db: Db, id: number) {
  const row = await repository.findSpamSupplierById(db, id);
  if (!row) throw Errors.notFound('spamSupplierNotFound');
  return toSpamSupplier(row);
}

export async function listSpamSupplierActivity(db: Db, page: { page: number; pageSize: number }) {
  const { rows, total } = await repository.listSpamSupplierActivity(db, {
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  return {
    rows: rows.map(
      (row): SpamSupplierActivity => ({
        ...toSpamSupplier(row),
        blockedEhf: row.blockedEhf,
        blockedEmail: row.blockedEmail,
        lastBlockedAt: row.lastBlockedAt?.toISOString() ?? null,
      }),
    ),
    total,
  };
}

export async function listBlockedArrivals(
  db: Db,
  query: { spamSupplierId?: number | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repository.listBlockedArrivals(db, {
    spamSupplierId: query.spamSupplierId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    rows: rows.map((row): BlockedArrival => ({ ...row, receivedAt: row.receivedAt.toISOString() })),
    total,
  };
}

export async function listSpamCandidates(db: Db, limit: number): Promise<SpamCandidate[]> {
  const rows = await repository.listSpamCandidates(db, limit);
  return rows.map((row) => ({ ...row, lastReceivedAt: row.lastReceivedAt.toISOString() }));
}
