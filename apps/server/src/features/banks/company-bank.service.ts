import type { AutoImportAccount, CompanyBank, SaveCompanyBankRequest } from '@bilag/contracts';
import { accountNumberOf, bbanToIban, validateAccountNumber } from '@bilag/domain';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql-helpers';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { requireCompanyAccess } from '../companies';
import { findBank } from './bank.repository';
import { findBankRowOfAccountNumber, toBank } from './bank.service';
import type { CompanyBankRow } from './bank.table';
import * as repository from './company-bank.repository';

function toCompanyBank(listing: repository.CompanyBankListing): CompanyBank {
  const { account, bank, balance } = listing;
  return {
    Id: account.id,
    CompanyId: account.companyId,
    AccountNumber: account.accountNumber,
    Iban: bbanToIban('NO', account.accountNumber),
    Name: account.name,
    Currency: account.currency,
    BankId: account.bankId,
    BankName: bank?.name ?? null,
    Bic: bank?.bic ?? null,
    BankGroup: bank?.bankGroup ?? null,
    IsDefault: account.isDefault,
    Sorting: account.sorting,
    ServiceStartDate: account.serviceStartDate,
    ServiceEndDate: account.serviceEndDate,
    Balance: balance === null ? null : Number(balance.amountOre),
    BalanceDate: balance?.date ?? null,
    BalanceProven: balance?.proven ?? null,
    BalanceDifferenceOre:
      balance === null || balance.proofDifferenceOre === null ? null : Number(balance.proofDifferenceOre),
    TransactionCount: listing.transactionCount,
    CreatedAt: account.createdAt.toISOString(),
  };
}

async function companyScope(db: Db, principal: Principal, companyId: number | undefined) {
  return (await requireCompanyAccess(db, principal.userId, companyId)).Id;
}

/**
 * An account number in its 11-digit form, or a clear refusal naming what was typed. A Norwegian IBAN is
 * taken as its account number, and `iban` tells that it was one.
 */
function requireValidAccountNumber(input: string): { accountNumber: string; iban: string | null } {
  const result = validateAccountNumber(input);
  if (!result.valid || result.normalized === undefined) {
    throw Errors.invalid('invalidAccountNumber', { accountNumber: input });
  }
  return { accountNumber: result.normalized, iban: result.iban ?? null };
}

/** A saved account, and the IBAN it was typed as, if it was. */
export type SavedCompanyBank = { account: CompanyBank; iban: string | null };

export async function listCompanyBanks(db: Db, principal: Principal, companyIdInput: number | undefined) {
  const companyId = await companyScope(db, principal, companyIdInput);
  return (await repository.listCompanyBanks(db, companyId)).map(toCompanyBank);
}

export async function listBanksOfCompany(db: Db, principal: Principal, companyIdInput: number | undefined) {
  const companyId = await companyScope(db, principal, companyIdInput);
  return (await repository.listBanksOfCompany(db, companyId)).map(({ bank }) => toBank(bank));
}

async function getCompanyBank(db: Db, companyId: number, id: number): Promise<CompanyBank> {
  const [listing] = await repository.listCompanyBanks(db, companyId, id);
  if (!listing) throw Errors.notFound('companyBankNotFound');
  return toCompanyBank(listing);
}

/** The account, which the caller has already scoped to its company, or 404. */
export async function requireCompanyBank(db: Db, companyId: number, id: number): Promise<CompanyBankRow> {
  const row = await repository.findCompanyBank(db, companyId, id);
  if (!row) throw Errors.notFound('companyBankNotFound');
  return row;
}

export async function findDefaultCompanyBank(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
) {
  const accounts = await listCompanyBanks(db, principal, companyIdInput);
  return accounts.find((account) => account.IsDefault) ?? accounts[0] ?? null;
}

function requireServiceDatesInOrder(start: string | null | undefined, end: string | null | undefined) {
  if (start && end && end < start) throw Errors.invalid('serviceDatesReversed');
}

async function resolveBankId(db: Db, accountNumber: string, chosen: number | null | undefined) {
  if (chosen !== undefined && chosen !== null) {
    if (!(await findBank(db, chosen))) throw Errors.notFound('bankNotFound');
    return chosen;
  }
  return (await findBankRowOfAccountNumber(db, accountNumber))?.id ?? null;
}

function accountAudit(principal: Principal, row: CompanyBankRow, action: string, before: unknown) {
  return {
    companyId: row.companyId,
    userId: principal.userId,
    entity: 'company-bank',
    entityId: row.id,
    action,
    before,
    after: action === 'delete' ? null : row,
  };
}

/** A second account with the same number is refused by the unique index; said as a conflict. */
async function refusingTakenNumber<T>(accountNumber: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error)) throw Errors.conflict('accountNumberTaken', { accountNumber });
    throw error;
  }
}

export async function addCompanyBank(
  db: Db,
  principal: Principal,
  input: SaveCompanyBankRequest,
): Promise<SavedCompanyBank> {
  const companyId = await companyScope(db, principal, input.companyId);
  const { accountNumber, iban } = requireValidAccountNumber(input.accountNumber);
  requireServiceDatesInOrder(input.serviceStartDate, input.serviceEndDate);
  const bankId = await resolveBankId(db, accountNumber, input.bankId);
  const id = await refusingTakenNumber(input.accountNumber, () =>
    db.transaction(async (tx) => {
      const existing = await repository.listCompanyBanks(tx, companyId);
      const isDefault = input.isDefault ?? existing.length === 0;
      const row = await repository.insertCompanyBank(tx, {
        companyId,
        accountNumber,
        name: input.name ?? null,
        currency: input.currency,
        bankId,
        isDefault: false,
        sorting: await repository.getNextSorting(tx, companyId),
        serviceStartDate: input.serviceStartDate ?? null,
        serviceEndDate: input.serviceEndDate ?? null,
        createdBy: principal.userId,
      });
      let stored = row;
      if (isDefault) {
        await repository.clearDefault(tx, companyId, row.id);
        stored = (await repository.updateCompanyBank(tx, companyId, row.id, { isDefault: true })) ?? row;
      }
      await writeAudit(tx, accountAudit(principal, stored, 'create', null));
      return stored.id;
    }),
  );
  return { account: await getCompanyBank(db, companyId, id), iban };
}

export async function updateCompanyBank(
  db: Db,
  principal: Principal,
  id: number,
  input: SaveCompanyBankRequest,
): Promise<SavedCompanyBank> {
  const companyId = await companyScope(db, principal, input.companyId);
  const { accountNumber, iban } = requireValidAccountNumber(input.accountNumber);
  requireServiceDatesInOrder(input.serviceStartDate, input.serviceEndDate);
  await refusingTakenNumber(input.accountNumber, () =>
    db.transaction(async (tx) => {
      const before = await requireCompanyBank(tx, companyId, id);
      const bankId =
        input.bankId === undefined && accountNumber === before.accountNumber
          ? before.bankId
          : await resolveBankId(tx, accountNumber, input.bankId);
      if (input.isDefault) await repository.clearDefault(tx, companyId, id);
      const row = await repository.updateCompanyBank(tx, companyId, id, {
        accountNumber,
        name: input.name === undefined ? before.name : input.name,
        currency: input.currency,
        bankId,
        ...(input.isDefault === undefined ? {} : { isDefault: input.isDefault }),
        ...(input.serviceStartDate === undefined ? {} : { serviceStartDate: input.serviceStartDate }),
        ...(input.serviceEndDate === undefined ? {} : { serviceEndDate: input.serviceEndDate }),
      });
      if (!row) throw Errors.notFound('companyBankNotFound');
      await writeAudit(tx, accountAudit(principal, row, 'update', before));
    }),
  );
  return { account: await getCompanyBank(db, companyId, id), iban };
}

export async function saveServiceDates(
  db: Db,
  principal: Principal,
  input: {
    companyId?: number | undefined;
    companyBankId: number;
    serviceStartDate: string | null;
    serviceEndDate: string | null;
  },
) {
  const companyId = await companyScope(db, principal, input.companyId);
  requireServiceDatesInOrder(input.serviceStartDate, input.serviceEndDate);
  await db.transaction(async (tx) => {
    const before = await requireCompanyBank(tx, companyId, input.companyBankId);
    const row = await repository.updateCompanyBank(tx, companyId, input.companyBankId, {
      serviceStartDate: input.serviceStartDate,
      serviceEndDate: input.serviceEndDate,
    });
    if (row) await writeAudit(tx, accountAudit(principal, row, 'update', before));
  });
  return getCompanyBank(db, companyId, input.companyBankId);
}

export async function deleteCompanyBank(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  id: number,
) {
  const companyId = await companyScope(db, principal, companyIdInput);
  await db.transaction(async (tx) => {
    const before = await requireCompanyBank(tx, companyId, id);
    const transactions = await repository.countTransactionsOfAccount(tx, companyId, id);
    if (transactions > 0) throw Errors.conflict('companyBankHasTransactions', { count: transactions });
    await repository.deleteCompanyBank(tx, companyId, id);
    if (before.isDefault) {
      // The company keeps a default account as long as it has one: the first in its order takes over.
      const [next] = await repository.listCompanyBanks(tx, companyId);
      if (next) await repository.updateCompanyBank(tx, companyId, next.account.id, { isDefault: true });
    }
    await writeAudit(tx, accountAudit(principal, before, 'delete', before));
  });
  return null;
}

export async function setDefaultAccount(
  db: Db,
  principal: Principal,
  input: { companyId?: number | undefined; accountNumber: string },
) {
  const companyId = await companyScope(db, principal, input.companyId);
  const accountNumber = accountNumberOf(input.accountNumber);
  const id = await db.transaction(async (tx) => {
    const before = await repository.findCompanyBankByAccount(tx, companyId, accountNumber);
    if (!before) throw Errors.notFound('companyBankNotFound');
    await repository.clearDefault(tx, companyId, before.id);
    const row = await repository.updateCompanyBank(tx, companyId, before.id, { isDefault: true });
    if (row) await writeAudit(tx, accountAudit(principal, row, 'update', before));
    return before.id;
  });
  return getCompanyBank(db, companyId, id);
}

export async function sortCompanyBanks(
  db: Db,
  principal: Principal,
  input: { companyId?: number | undefined; ids: number[] },
) {
  const companyId = await companyScope(db, principal, input.companyId);
  await db.transaction(async (tx) => {
    const accounts = await repository.listCompanyBanks(tx, companyId);
    const known = new Set(accounts.map(({ account }) => account.id));
    const wanted = new Set(input.ids);
    if (
      wanted.size !== input.ids.length ||
      wanted.size !== known.size ||
      input.ids.some((id) => !known.has(id))
    ) {
      throw Errors.invalid('sortingMustListAll');
    }
    for (const [sorting, id] of input.ids.entries()) {
      await repository.updateCompanyBank(tx, companyId, id, { sorting });
    }
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'company-bank',
      entityId: 0,
      action: 'sort',
      before: accounts.map(({ account }) => account.id),
      after: input.ids,
    });
  });
  return listCompanyBanks(db, principal, companyId);
}

export async function getServiceDates(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  id: number,
) {
  const companyId = await companyScope(db, principal, companyIdInput);
  const account = await requireCompanyBank(db, companyId, id);
  const range = await repository.getTransactionDateRange(db, companyId, id);
  return {
    Id: account.id,
    ServiceStartDate: account.serviceStartDate,
    ServiceEndDate: account.serviceEndDate,
    FirstTransactionDate: range.first,
    LastTransactionDate: range.last,
  };
}

export async function listSettingBankAccounts(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
) {
  const accounts = await listCompanyBanks(db, principal, companyIdInput);
  return accounts.map((account) => ({
    Id: account.Id,
    Type: account.IsDefault ? ('default' as const) : ('other' as const),
    AccountNumber: account.AccountNumber,
    Name: account.Name,
  }));
}

/** Every company account with its bank and import state, for the administrators' overview. */
export async function listAutoImportAccounts(db: Db): Promise<AutoImportAccount[]> {
  const rows = await repository.listAutoImportAccounts(db);
  return rows.map(({ account, bank, companyName, companyAlias, transactionCount, lastImportAt }) => ({
    CompanyBankId: account.id,
    CompanyId: account.companyId,
    CompanyName: companyName,
    CompanyAlias: companyAlias,
    AccountNumber: account.accountNumber,
    BankName: bank?.name ?? null,
    Template: bank?.autoImportTemplate ?? null,
    IsAutoImport: bank?.isAutoImport ?? false,
    LastImportAt: lastImportAt,
    TransactionCount: transactionCount,
  }));
}
