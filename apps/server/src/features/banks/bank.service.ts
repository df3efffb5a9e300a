import {
  type AccountBalance,
  type AutoImportAccount,
  type AutoImportTemplate,
  type BalanceQuery,
  type Bank,
  type BankGroup,
  type CompanyBank,
  ErrorCode,
  type SaveAutoImportRequest,
  type SaveBankRequest,
  type SaveCompanyBankRequest,
} from '@bilag/contracts';
import { bbanToIban, isValidAccountNumber, normalizeAccountNumber } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { AppError, Errors } from '../../platform/errors';
import { requireCompanyAccess } from '../companies';
import * as repository from './bank.repository';
import type { BankRow, CompanyBankRow } from './bank.table';

export function toBank(row: BankRow): Bank {
  return {
    Id: row.id,
    Name: row.name,
    Bic: row.bic,
    BankGroup: row.bankGroup as BankGroup,
    Prefixes: row.prefixes,
    AutoImportTemplate: row.autoImportTemplate as AutoImportTemplate | null,
    IsAutoImport: row.isAutoImport,
    Status: row.status,
  };
}

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
    BankGroup: (bank?.bankGroup as BankGroup | undefined) ?? null,
    IsDefault: account.isDefault,
    Sorting: account.sorting,
    ServiceStartDate: account.serviceStartDate,
    ServiceEndDate: account.serviceEndDate,
    Balance: balance === null ? null : Number(balance.amountOre),
    BalanceDate: balance?.date ?? null,
    TransactionCount: listing.transactionCount,
    CreatedAt: account.createdAt.toISOString(),
  };
}

export async function scope(db: Db, principal: Principal, companyId: number | undefined) {
  const company = await requireCompanyAccess(db, principal.userId, companyId);
  return company.Id;
}

/** An account number in its 11-digit form, or a clear refusal naming what was typed. */
export function checkedAccountNumber(input: string): string {
  const digits = normalizeAccountNumber(input);
  if (!isValidAccountNumber(digits)) {
    throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'invalidAccountNumber', {
      params: { accountNumber: input },
    });
  }
  return digits;
}

export async function bankOfAccountNumber(db: Db, accountNumber: string): Promise<BankRow | undefined> {
  const digits = normalizeAccountNumber(accountNumber);
  if (digits.length < 4) return undefined;
  return repository.findBankByPrefix(db, digits.slice(0, 4));
}

/* The registry */

export async function listBanks(db: Db) {
  return (await repository.listBanks(db)).map(toBank);
}

export async function getBank(db: Db, id: number) {
  const row = await repository.findBank(db, id);
  if (!row) throw Errors.notFound('bankNotFound');
  return toBank(row);
}

export async function bankBySwiftCode(db: Db, swiftCode: string) {
  const code = swiftCode.toUpperCase();
  const row =
    (await repository.findBankByBic(db, code)) ??
    (code.length === 11 ? await repository.findBankByBic(db, code.slice(0, 8)) : undefined);
  return row ? toBank(row) : null;
}

export async function bankByAccountNumber(db: Db, accountNumber: string) {
  const row = await bankOfAccountNumber(db, accountNumber);
  return row ? toBank(row) : null;
}

export async function banksByTemplate(db: Db, template: string) {
  return (await repository.listBanksByTemplate(db, template)).map(toBank);
}

export async function banksOfCompany(db: Db, principal: Principal, companyId: number | undefined) {
  const id = await scope(db, principal, companyId);
  return (await repository.listBanksOfCompany(db, id)).map(({ bank }) => toBank(bank));
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

async function assertBicFree(db: Db, bic: string, exceptId?: number) {
  const existing = await repository.findBankByBic(db, bic);
  if (existing && existing.id !== exceptId) {
    throw new AppError(409, ErrorCode.CONFLICT, 'bankBicTaken', { params: { bic } });
  }
}

export async function addBank(db: Db, principal: Principal, input: SaveBankRequest) {
  await assertBicFree(db, input.bic);
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
  await assertBicFree(db, input.bic, id);
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

export function updateBankStatus(db: Db, principal: Principal, id: number, status: number) {
  return changeBank(db, principal, id, { status });
}

export async function listAutoImportAccounts(db: Db): Promise<AutoImportAccount[]> {
  const rows = await repository.listAutoImportAccounts(db);
  return rows.map(({ account, bank, companyName, companyAlias, transactionCount, lastImportAt }) => ({
    CompanyBankId: account.id,
    CompanyId: account.companyId,
    CompanyName: companyName,
    CompanyAlias: companyAlias,
    AccountNumber: account.accountNumber,
    BankName: bank?.name ?? null,
    Template: (bank?.autoImportTemplate as AutoImportTemplate | null | undefined) ?? null,
    IsAutoImport: bank?.isAutoImport ?? false,
    LastImportAt: lastImportAt,
    TransactionCount: transactionCount,
  }));
}

/* Company accounts */

export async function listCompanyBanks(db: Db, principal: Principal, companyIdInput: number | undefined) {
  const companyId = await scope(db, principal, companyIdInput);
  return (await repository.listCompanyBanks(db, companyId)).map(toCompanyBank);
}

export async function readCompanyBank(db: Db, companyId: number, id: number): Promise<CompanyBank> {
  const [listing] = await repository.listCompanyBanks(db, companyId, id);
  if (!listing) throw Errors.notFound('companyBankNotFound');
  return toCompanyBank(listing);
}

export async function requireCompanyBank(db: Db, companyId: number, id: number): Promise<CompanyBankRow> {
  const row = await repository.findCompanyBank(db, companyId, id);
  if (!row) throw Errors.notFound('companyBankNotFound');
  return row;
}

export async function defaultCompanyBank(db: Db, principal: Principal, companyIdInput: number | undefined) {
  const accounts = await listCompanyBanks(db, principal, companyIdInput);
  return accounts.find((account) => account.IsDefault) ?? accounts[0] ?? null;
}

function checkServiceDates(start: string | null | undefined, end: string | null | undefined) {
  if (start && end && end < start) {
    throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'serviceDatesReversed');
  }
}

async function resolveBankId(db: Db, accountNumber: string, chosen: number | null | undefined) {
  if (chosen !== undefined && chosen !== null) {
    if (!(await repository.findBank(db, chosen))) throw Errors.notFound('bankNotFound');
    return chosen;
  }
  return (await bankOfAccountNumber(db, accountNumber))?.id ?? null;
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

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export async function addCompanyBank(db: Db, principal: Principal, input: SaveCompanyBankRequest) {
  const companyId = await scope(db, principal, input.companyId);
  const accountNumber = checkedAccountNumber(input.accountNumber);
  checkServiceDates(input.serviceStartDate, input.serviceEndDate);
  const bankId = await resolveBankId(db, accountNumber, input.bankId);
  try {
    const id = await db.transaction(async (tx) => {
      const existing = await repository.listCompanyBanks(tx, companyId);
      const isDefault = input.isDefault ?? existing.length === 0;
      const row = await repository.insertCompanyBank(tx, {
        companyId,
        accountNumber,
        name: input.name ?? null,
        currency: input.currency,
        bankId,
        isDefault: false,
        sorting: await repository.nextSorting(tx, companyId),
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
    });
    return readCompanyBank(db, companyId, id);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, ErrorCode.CONFLICT, 'accountNumberTaken', {
        params: { accountNumber: input.accountNumber },
      });
    }
    throw error;
  }
}

export async function updateCompanyBank(
  db: Db,
  principal: Principal,
  id: number,
  input: SaveCompanyBankRequest,
) {
  const companyId = await scope(db, principal, input.companyId);
  const accountNumber = checkedAccountNumber(input.accountNumber);
  checkServiceDates(input.serviceStartDate, input.serviceEndDate);
  try {
    await db.transaction(async (tx) => {
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
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, ErrorCode.CONFLICT, 'accountNumberTaken', {
        params: { accountNumber: input.accountNumber },
      });
    }
    throw error;
  }
  return readCompanyBank(db, companyId, id);
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
  const companyId = await scope(db, principal, input.companyId);
  checkServiceDates(input.serviceStartDate, input.serviceEndDate);
  await db.transaction(async (tx) => {
    const before = await requireCompanyBank(tx, companyId, input.companyBankId);
    const row = await repository.updateCompanyBank(tx, companyId, input.companyBankId, {
      serviceStartDate: input.serviceStartDate,
      serviceEndDate: input.serviceEndDate,
    });
    if (row) await writeAudit(tx, accountAudit(principal, row, 'update', before));
  });
  return readCompanyBank(db, companyId, input.companyBankId);
}

export async function deleteCompanyBank(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  id: number,
) {
  const companyId = await scope(db, principal, companyIdInput);
  await db.transaction(async (tx) => {
    const before = await requireCompanyBank(tx, companyId, id);
    const transactions = await repository.countTransactionsOfAccount(tx, companyId, id);
    if (transactions > 0) {
      throw new AppError(409, ErrorCode.CONFLICT, 'companyBankHasTransactions', {
        params: { count: transactions },
      });
    }
    await repository.deleteCompanyBank(tx, companyId, id);
    if (before.isDefault) {
      // The company keeps a default account as long as it has one: the first in its order takes over.
      const [next] = await repository.listCompanyBanks(tx, companyId);
      if (next) await repository.updateCompanyBank(tx, companyId, next.account.id, { isDefault: true });
    }
    await writeAudit(tx, accountAudit(principal, before, 'delete', before));
  });
}

export async function setDefaultAccount(
  db: Db,
  principal: Principal,
  input: { companyId?: number | undefined; accountNumber: string },
) {
  const companyId = await scope(db, principal, input.companyId);
  const accountNumber = normalizeAccountNumber(input.accountNumber);
  const id = await db.transaction(async (tx) => {
    const before = await repository.findCompanyBankByAccount(tx, companyId, accountNumber);
    if (!before) throw Errors.notFound('companyBankNotFound');
    await repository.clearDefault(tx, companyId, before.id);
    const row = await repository.updateCompanyBank(tx, companyId, before.id, { isDefault: true });
    if (row) await writeAudit(tx, accountAudit(principal, row, 'update', before));
    return before.id;
  });
  return readCompanyBank(db, companyId, id);
}

export async function sortCompanyBanks(
  db: Db,
  principal: Principal,
  input: { companyId?: number | undefined; ids: number[] },
) {
  const companyId = await scope(db, principal, input.companyId);
  await db.transaction(async (tx) => {
    const accounts = await repository.listCompanyBanks(tx, companyId);
    const known = new Set(accounts.map(({ account }) => account.id));
    const wanted = new Set(input.ids);
    if (
      wanted.size !== input.ids.length ||
      wanted.size !== known.size ||
      input.ids.some((id) => !known.has(id))
    ) {
      throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'sortingMustListAll');
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

export async function serviceDates(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  id: number,
) {
  const companyId = await scope(db, principal, companyIdInput);
  const account = await requireCompanyBank(db, companyId, id);
  const range = await repository.transactionDateRange(db, companyId, id);
  return {
    Id: account.id,
    ServiceStartDate: account.serviceStartDate,
    ServiceEndDate: account.serviceEndDate,
    FirstTransactionDate: range.first,
    LastTransactionDate: range.last,
  };
}

export async function settingBankAccounts(db: Db, principal: Principal, companyIdInput: number | undefined) {
  const accounts = await listCompanyBanks(db, principal, companyIdInput);
  return accounts.map((account) => ({
    Id: account.Id,
    Type: account.IsDefault ? ('default' as const) : ('other' as const),
    AccountNumber: account.AccountNumber,
    Name: account.Name,
  }));
}

/* Balances */

function dayBefore(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The balance query: for each account, the last stated balance of the type before the period (opening),
 * the last one within it (closing), the stated balances of the period, and the transactions' sum.
 */
export async function accountBalances(
  db: Db,
  principal: Principal,
  query: BalanceQuery,
): Promise<AccountBalance[]> {
  const companyId = await scope(db, principal, query.companyId);
  let accounts = await repository.listCompanyBanks(db, companyId);
  if (query.accountNumber) {
    const wanted = normalizeAccountNumber(query.accountNumber);
    accounts = accounts.filter(({ account }) => account.accountNumber === wanted);
    if (accounts.length === 0) throw Errors.notFound('companyBankNotFound');
  }
  const ids = accounts.map(({ account }) => account.id);
  if (ids.length === 0) return [];
  const [balances, openings, sums] = await Promise.all([
    repository.listBalances(db, companyId, ids, query.balanceType, query.source, query.ubDate),
    // A statement states its opening balance as OPBD: where no closing balance comes before the period,
    // the first opening balance within it is the period's opening.
    query.balanceType === 'CLBD'
      ? repository.listBalances(db, companyId, ids, 'OPBD', query.source, query.ubDate)
      : Promise.resolve([]),
    repository.sumTransactionsByAccount(db, companyId, ids, query.ibDate, query.ubDate),
  ]);
  return accounts.map(({ account }) => {
    const own = balances.filter((balance) => balance.companyBankId === account.id);
    const before =
      query.ibDate === undefined
        ? []
        : own.filter((balance) => balance.balanceDate <= dayBefore(query.ibDate as string));
    const within =
      query.ibDate === undefined
        ? own
        : own.filter((balance) => balance.balanceDate >= (query.ibDate as string));
    return {
      CompanyBankId: account.id,
      AccountNumber: account.accountNumber,
      Currency: account.currency,
      OpeningOre:
        before.at(-1)?.amountOre ??
        openings.find(
          (opening) =>
            opening.companyBankId === account.id &&
            (query.ibDate === undefined || opening.balanceDate >= query.ibDate),
        )?.amountOre ??
        null,
      ClosingOre: within.at(-1)?.amountOre ?? null,
      MovementOre: Number(sums.find((sum) => sum.companyBankId === account.id)?.total ?? 0),
      Entries: within.map((balance) => ({
        Date: balance.balanceDate,
        Type: balance.balanceType,
        AmountOre: balance.amountOre,
        Currency: balance.currency,
        Source: balance.source as AccountBalance['Entries'][number]['Source'],
      })),
    };
  });
}
