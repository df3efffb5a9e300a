import type {
  AutoImportTemplate,
  Bank,
  BankStatus,
  SaveAutoImportRequest,
  SaveBankRequest,
} from '@bilag/contracts';
import { accountNumberOf } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import * as repository from './bank.repository';
import type { BankRow } from './bank.table';

export function toBank(row: BankRow): Bank {
  return {
    Id: row.id,
    Name: row.name,
    Bic: row.bic,
    BankGroup: row.bankGroup,
    Prefixes: row.prefixes,
    AutoImportTemplate: row.autoImportTemplate,
    IsAutoImport: row.isAutoImport,
    Status: row.status,
  };
}

/** The bank of an account number by its first four digits, if the registry knows one. */
export async function findBankRowOfAccountNumber(
  db: Db,
  accountNumber: string,
): Promise<BankRow | undefined> {
  const digits = accountNumberOf(accountNumber);
  if (digits.length < 4) return undefined;
  return repository.findBankByPrefix(db, digits.slice(0, 4));
}

export async function listBanks(db: Db) {
  return (await repository.listBanks(db)).map(toBank);
}

export async function getBank(db: Db, id: number) {
  const row = await repository.findBank(db, id);
  if (!row) throw Errors.notFound('bankNotFound');
  return toBank(row);
}

export async function findBankBySwiftCode(db: Db, swiftCode: string) {
  const code = swiftCode.toUpperCase();
  const row =
    (await repository.findBankByBic(db, code)) ??
    (code.length === 11 ? await repository.findBankByBic(db, code.slice(0, 8)) : undefined);
  return row ? toBank(row) : null;
}

export async function findBankByAccountNumber(db: Db, accountNumber: string) {
  const row = await findBankRowOfAccountNumber(db, accountNumber);
  return row ? toBank(row) : null;
}

export async function listBanksByTemplate(db: Db, template: AutoImportTemplate) {
  return (await repository.listBanksByTemplate(db, template)).map(toBank);
}

function registryAudit(
  principal: Principal,
  bankId: number,
  action: string,
  before: unknown,
  after: unknown,
) {
  // The registry belongs to no company; its audit rows are filed under company 0.
  return { companyId: 0, userId: principal.userId, entity: 'bank', entityId: bankId, action, before, after };
}

async function requireBicFree(db: Db, bic: string, exceptId?: number) {
  const existing = await repository.findBankByBic(db, bic);
  if (existing && existing.id !== exceptId) throw Errors.conflict('bankBicTaken', { bic });
}

export async function addBank(db: Db, principal: Principal, input: SaveBankRequest) {
  await requireBicFree(db, input.bic);
  return db.transaction(async (tx) => {
    const row = await repository.insertBank(tx, {
      name: input.name,
      bic: input.bic,
      bankGroup: input.bankGroup,
      prefixes: [...new Set(input.prefixes)].sort(),
    });
    await writeAudit(tx, registryAudit(principal, row.id, 'create', null, row));
    return toBank(row);
  });
}

async function changeBank(
  db: Db,
  principal: Principal,
  id: number,
  values: Parameters<typeof repository.updateBank>[2],
) {
  return db.transaction(async (tx) => {
    const before = await repository.findBank(tx, id);
    if (!before) throw Errors.notFound('bankNotFound');
    const row = await repository.updateBank(tx, id, values);
    if (!row) throw Errors.notFound('bankNotFound');
    await writeAudit(tx, registryAudit(principal, id, 'update', before, row));
    return toBank(row);
  });
}

export async function updateBank(db: Db, principal: Principal, id: number, input: SaveBankRequest) {
  await requireBicFree(db, input.bic, id);
  return changeBank(db, principal, id, {
    name: input.name,
    bic: input.bic,
    bankGroup: input.bankGroup,
    prefixes: [...new Set(input.prefixes)].sort(),
  });
}

export function saveAutoImport(db: Db, principal: Principal, input: SaveAutoImportRequest) {
  return changeBank(db, principal, input.bankId, {
    autoImportTemplate: input.template,
    isAutoImport: input.isAutoImport,
  });
}

export function updateBankStatus(db: Db, principal: Principal, id: number, status: BankStatus) {
  return changeBank(db, principal, id, { status });
}
