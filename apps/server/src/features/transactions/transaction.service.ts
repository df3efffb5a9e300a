import { randomUUID } from 'node:crypto';
import {
  type AddTransactionRequest,
  type BankTransaction,
  BankTransactionStatus,
  type BulkUpdateTransactionsRequest,
  FETCH_ALL_TRANSACTIONS_LIMIT,
  type TransactionFilter,
  type TransactionYearQuery,
  type UpdateTransactionFields,
  VOUCHER_UPLOAD_LIMITS,
} from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { UploadedFile } from '../../platform/form-data';
import type { ObjectStore } from '../../platform/object-store';
import { requireCompanyBank } from '../banks';
import { readWithCompanyAccess, requireCompanyAccess } from '../companies';
import { checkUploads, recordUpload, toFileReply, withStoredUploads } from '../files';
import { readHistory } from '../history';
import { lockAccountAdditions, OccurrenceCounter, rowFingerprint } from '../imports';
import * as repository from './transaction.repository';
import type { BankTransactionRow } from './transaction.table';

const HISTORY_ENTITY = 'bank-transaction';
const STATISTIC_SLOTS = 13;

export function toTransaction(listing: repository.TransactionListing): BankTransaction {
  const { transaction: row, accountNumber, files } = listing;
  return {
    Id: row.id,
    CompanyId: row.companyId,
    CompanyBankId: row.companyBankId,
    AccountNumber: accountNumber,
    Date: row.bookingDate,
    ValueDate: row.valueDate,
    Text: row.text,
    Text2: row.text2,
    AmountOre: row.amountOre,
    Currency: row.currency,
    Kid: row.kid,
    EndToEndId: row.endToEndId,
    CounterpartyName: row.counterpartyName,
    CounterpartyAccount: row.counterpartyAccount,
    Status: row.status,
    PaymentStatus: row.paymentStatus,
    PaymentDate: row.paymentDate,
    IsPrivate: row.isPrivate,
    Note: row.note,
    ImportId: row.importId,
    Files: files.map(toFileReply),
    CreatedAt: row.createdAt.toISOString(),
  };
}

function auditSnapshot(row: BankTransactionRow) {
  const { createdAt: _createdAt, updatedAt: _updatedAt, fingerprint: _fingerprint, ...rest } = row;
  return rest;
}

async function companyScope(db: Db, principal: Principal, companyId: number | undefined) {
  return (await requireCompanyAccess(db, principal.userId, companyId)).Id;
}

function readScoped<T>(
  db: Db,
  principal: Principal,
  companyId: number | undefined,
  read: (companyId: number) => Promise<T>,
) {
  return readWithCompanyAccess(db, principal.userId, companyId, read);
}

export async function listTransactions(db: Db, principal: Principal, filter: TransactionFilter) {
  const offset = (filter.pageNumber - 1) * filter.pageSize;
  const { rows, total } = await readScoped(db, principal, filter.companyId, (companyId) =>
    repository.listTransactions(db, companyId, filter, filter.pageSize, offset),
  );
  return { total, rows: rows.map(toTransaction) };
}

export async function fetchAllTransactions(db: Db, principal: Principal, filter: TransactionFilter) {
  const { rows, total } = await readScoped(db, principal, filter.companyId, (companyId) =>
    repository.listTransactions(db, companyId, filter, FETCH_ALL_TRANSACTIONS_LIMIT, 0),
  );
  return { total, rows: rows.map(toTransaction), isTruncated: total > rows.length };
}

function currentYear() {
  return Number(todayIsoDate('Europe/Oslo').slice(0, 4));
}

export async function listTransactionYears(db: Db, principal: Principal, companyIdInput: number | undefined) {
  const rows = await readScoped(db, principal, companyIdInput, (companyId) =>
    repository.listYears(db, companyId),
  );
  // A list opens on the first year, so an empty current year would hide the books behind a zero.
  if (rows.length === 0) return [currentYear()];
  return rows.map((row) => row.year).sort((a, b) => b - a);
}

export async function getTransactionStatistics(db: Db, principal: Principal, query: TransactionYearQuery) {
  const year = query.year ?? currentYear();
  const rows = await readScoped(db, principal, query.companyId, (companyId) =>
    repository.countByMonth(db, companyId, year, query.companyBankId),
  );
  const counts = new Array<number>(STATISTIC_SLOTS).fill(0);
  const moneyIn = new Array<number>(STATISTIC_SLOTS).fill(0);
  const moneyOut = new Array<number>(STATISTIC_SLOTS).fill(0);
  for (const row of rows) {
    const slot = row.month - 1;
    counts[slot] = row.transactions;
    moneyIn[slot] = Number(row.inOre);
    moneyOut[slot] = Number(row.outOre);
  }
  const total = (values: number[]) => values.slice(0, 12).reduce((sum, value) => sum + value, 0);
  counts[12] = total(counts);
  moneyIn[12] = total(moneyIn);
  moneyOut[12] = total(moneyOut);
  return { counts, in: moneyIn, out: moneyOut };
}

export async function getMissingSummary(db: Db, principal: Principal, query: TransactionYearQuery) {
  const row = await readScoped(db, principal, query.companyId, (companyId) =>
    repository.getMissingSummary(db, companyId, query.year, query.companyBankId),
  );
  return {
    total: row?.total ?? 0,
    missingVoucher: row?.missingVoucher ?? 0,
    connected: row?.connected ?? 0,
    private: row?.private ?? 0,
    lost: row?.lost ?? 0,
    missingAmountOre: Number(row?.missingAmountOre ?? 0),
  };
}

async function requireListing(db: Db, companyId: number, id: number) {
  const listing = await repository.findTransaction(db, companyId, id);
  if (!listing) throw Errors.notFound('transactionNotFound');
  return listing;
}

export async function getTransactionDetail(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  id: number,
) {
  const companyId = await companyScope(db, principal, companyIdInput);
  const listing = await requireListing(db, companyId, id);
  return { ...toTransaction(listing), History: await readHistory(db, companyId, HISTORY_ENTITY, id) };
}

export async function listTransactionHistory(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  id: number,
) {
  const companyId = await companyScope(db, principal, companyIdInput);
  await requireListing(db, companyId, id);
  return readHistory(db, companyId, HISTORY_ENTITY, id);
}

/**
 * Private wins over the voucher state: marking a transaction private explains it; un-marking it puts it
 * back among those missing a voucher unless it is connected or registered as lost.
 */
function statusAfter(row: BankTransactionRow, isPrivate: boolean | undefined): BankTransactionStatus {
  if (isPrivate === undefined || isPrivate === row.isPrivate) return row.status;
  if (isPrivate) return BankTransactionStatus.PRIVATE;
  return row.status === BankTransactionStatus.PRIVATE ? BankTransactionStatus.MISSING_VOUCHER : row.status;
}

type TransactionChange = Omit<UpdateTransactionFields, 'companyId'> & { status?: BankTransactionStatus };

function changedValues(row: BankTransactionRow, change: TransactionChange) {
  return {
    ...(change.paymentStatus === undefined ? {} : { paymentStatus: change.paymentStatus }),
    ...(change.paymentDate === undefined ? {} : { paymentDate: change.paymentDate }),
    ...(change.isPrivate === undefined ? {} : { isPrivate: change.isPrivate }),
    ...(change.note === undefined ? {} : { note: change.note || null }),
    status: change.status ?? statusAfter(row, change.isPrivate),
  };
}

async function applyChange(
  tx: Db,
  principal: Principal,
  companyId: number,
  before: BankTransactionRow,
  change: TransactionChange,
) {
  const after = await repository.updateTransaction(tx, companyId, before.id, changedValues(before, change));
  if (!after) throw Errors.notFound('transactionNotFound');
  await writeAudit(tx, {
    companyId,
    userId: principal.userId,
    entity: HISTORY_ENTITY,
    entityId: before.id,
    action: 'update',
    before: auditSnapshot(before),
    after: auditSnapshot(after),
  });
  return after;
}

/** PUT {id}: the transaction update fields, with files attached when the form carries them. */
export async function updateTransaction(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  id: number,
  input: UpdateTransactionFields & { status?: BankTransactionStatus },
  files: UploadedFile[],
) {
  const companyId = await companyScope(db, principal, input.companyId);
  const uploads = checkUploads(files, VOUCHER_UPLOAD_LIMITS.accepted);
  await withStoredUploads(store, companyId, uploads, (stored) =>
    db.transaction(async (tx) => {
      const before = await repository.lockTransaction(tx, companyId, id);
      if (!before) throw Errors.notFound('transactionNotFound');
      const { companyId: _companyId, ...change } = input;
      // A form that only attaches files changes no field; its history says what was attached.
      const changesFields = Object.values(change).some((value) => value !== undefined);
      if (changesFields || stored.length === 0) await applyChange(tx, principal, companyId, before, change);
      const owner = {
        companyId,
        ownerType: repository.TRANSACTION_FILE_OWNER,
        ownerId: id,
        userId: principal.userId,
      };
      for (const upload of stored) {
        await recordUpload(tx, owner, upload);
        await writeAudit(tx, {
          companyId,
          userId: principal.userId,
          entity: HISTORY_ENTITY,
          entityId: id,
          action: 'attach',
          after: { fileName: upload.safeName },
        });
      }
    }),
  );
  return toTransaction(await requireListing(db, companyId, id));
}

export async function updateTransactions(db: Db, principal: Principal, input: BulkUpdateTransactionsRequest) {
  const companyId = await companyScope(db, principal, input.companyId);
  const { companyId: _companyId, ids, ...change } = input;
  const updated = await db.transaction(async (tx) => {
    const rows = await repository.lockTransactions(tx, companyId, [...new Set(ids)]);
    for (const row of rows) await applyChange(tx, principal, companyId, row, change);
    return rows.length;
  });
  return { updated };
}

export async function deleteTransaction(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  id: number,
) {
  const companyId = await companyScope(db, principal, companyIdInput);
  await db.transaction(async (tx) => {
    const row = await repository.deleteTransaction(tx, companyId, id);
    if (!row) throw Errors.notFound('transactionNotFound');
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: HISTORY_ENTITY,
      entityId: id,
      action: 'delete',
      before: auditSnapshot(row),
    });
  });
  return null;
}

/** Only a transaction the company has may have its voucher registered as missing. */
export async function markVoucherMissing(
  tx: Db,
  principal: Principal,
  companyId: number,
  id: number,
  isPrivate: boolean,
) {
  const before = await repository.lockTransaction(tx, companyId, id);
  if (!before) throw Errors.notFound('transactionNotFound');
  await applyChange(tx, principal, companyId, before, {
    isPrivate,
    status: isPrivate ? BankTransactionStatus.PRIVATE : BankTransactionStatus.LOST,
  });
}

type TypedRows = {
  companyId?: number | undefined;
  companyBankId: number;
  rows: Omit<AddTransactionRequest, 'companyId' | 'companyBankId'>[];
};

/**
 * add and addList: transactions typed by hand. A list typed twice is not stored twice; a single row
 * (repeatIsNew) is always new, as a person adding one means it.
 */
async function addTransactions(db: Db, principal: Principal, input: TypedRows, repeatIsNew: boolean) {
  const companyId = await companyScope(db, principal, input.companyId);
  const account = await requireCompanyBank(db, companyId, input.companyBankId);
  const occurrences = new OccurrenceCounter();
  const stored = await db.transaction(async (tx) => {
    await lockAccountAdditions(tx, account.id);
    const values = [];
    for (const row of input.rows) {
      const fingerprint = rowFingerprint(row);
      const occurrence = occurrences.next(fingerprint);
      values.push({
        companyId,
        companyBankId: account.id,
        bookingDate: row.date,
        text: row.text,
        text2: row.text2,
        amountOre: row.amountOre,
        currency: account.currency,
        fingerprint: repeatIsNew ? `manual:${randomUUID()}` : fingerprint,
        occurrence,
        createdBy: principal.userId,
      });
    }
    const inserted = await repository.insertTransactions(tx, values);
    for (const row of inserted) {
      await writeAudit(tx, {
        companyId,
        userId: principal.userId,
        entity: HISTORY_ENTITY,
        entityId: row.id,
        action: 'create',
        after: auditSnapshot(row),
      });
    }
    return inserted;
  });
  return {
    inserted: stored,
    duplicates: input.rows.length - stored.length,
    accountNumber: account.accountNumber,
  };
}

/** addList: answers how many rows were new and how many repeated what the account already holds. */
export async function addTransactionList(db: Db, principal: Principal, input: TypedRows) {
  const result = await addTransactions(db, principal, input, false);
  return { imported: result.inserted.length, duplicates: result.duplicates };
}

export async function addTransaction(db: Db, principal: Principal, input: AddTransactionRequest) {
  const { companyId, companyBankId, ...row } = input;
  const result = await addTransactions(db, principal, { companyId, companyBankId, rows: [row] }, true);
  const [inserted] = result.inserted;
  if (!inserted) throw Errors.internal();
  return toTransaction({ transaction: inserted, accountNumber: result.accountNumber, files: [] });
}
