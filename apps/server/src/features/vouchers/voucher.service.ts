import {
  type AddVoucherBalanceRequest,
  type AdminVoucherFilter,
  FETCH_ALL_LIMIT,
  type PaymentStatus,
  STATISTIC_SLOTS,
  type UpdateVoucherRequest,
  VOUCHER_UPLOAD_LIMITS,
  type Voucher,
  type VoucherBalances,
  type VoucherDetail,
  type VoucherFilter,
  VoucherSource,
  VoucherStatus,
} from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain';
import type { Db } from '../../db/client';
import { type AuditEntry, writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { UploadedFile } from '../../platform/form-data';
import type { ObjectStore } from '../../platform/object-store';
import { readGuardedByCompanyAccess, requireCompanyAccess } from '../companies';
import {
  checkUploads,
  listFilesOfOwners,
  readFileForDownload,
  recordUpload,
  type StoredFileRow,
  toFileReply,
  withStoredUploads,
} from '../files';
import { readHistory } from '../history';
import { markVoucherMissing } from '../transactions';
import * as repository from './voucher.repository';
import type { VoucherBalanceRow, VoucherRow } from './voucher.table';

const VOUCHER_FILE_OWNER = 'voucher';
const MISSING_FILE_OWNER = 'missing-voucher';

/** The business day in Norway, which is what a voucher without a date belongs to. */
function todayInNorway(now = new Date()): string {
  return todayIsoDate('Europe/Oslo', now);
}

function toVoucher(
  row: repository.ListedVoucherRow,
  files: repository.VoucherFileSummary[],
  paymentStatus: PaymentStatus | null,
): Voucher {
  return {
    Id: row.id,
    CompanyId: row.companyId,
    Date: row.voucherDate,
    SupplierName: row.supplierName,
    AmountOre: row.amountOre,
    Currency: row.currency,
    DueDate: row.dueDate,
    Kid: row.kid,
    AccountNumber: row.accountNumber,
    Description: row.description,
    Source: row.source,
    Status: row.status,
    IsPaid: row.isPaid,
    PaymentStatus: paymentStatus,
    Labels: row.labels,
    Files: files.map(toFileReply),
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
    DeletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** The audit row of a change the caller made to one voucher. */
function auditVoucher(
  tx: Db,
  principal: Principal,
  companyId: number,
  voucherId: number,
  change: Pick<AuditEntry, 'action' | 'before' | 'after'>,
) {
  return writeAudit(tx, {
    companyId,
    userId: principal.userId,
    entity: 'voucher',
    entityId: voucherId,
    ...change,
  });
}

function toFileSummary(file: StoredFileRow): repository.VoucherFileSummary {
  return {
    id: file.id,
    fileName: file.fileName,
    mimeType: file.mimeType,
    size: file.size,
    hasThumbnail: file.thumbnailKey !== null,
  };
}

export async function attachVoucherFiles(db: Db, companyId: number, rows: VoucherRow[]): Promise<Voucher[]> {
  const ids = rows.map((row) => row.id);
  const [files, paymentStatuses] = await Promise.all([
    listFilesOfOwners(db, companyId, VOUCHER_FILE_OWNER, ids),
    repository.latestPaymentStatuses(db, companyId, ids),
  ]);
  return rows.map((row) =>
    toVoucher(
      row,
      files.filter((file) => file.ownerId === row.id).map(toFileSummary),
      paymentStatuses.get(row.id) ?? null,
    ),
  );
}

function auditSnapshot(row: VoucherRow) {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = row;
  return rest;
}

async function scope(db: Db, principal: Principal, companyId: number | undefined) {
  const company = await requireCompanyAccess(db, principal.userId, companyId);
  return company.Id;
}

function listIfAccessible(
  db: Db,
  principal: Principal,
  filter: VoucherFilter,
  limit: number,
  offset: number,
) {
  return readGuardedByCompanyAccess(filter.companyId, (companyId) =>
    repository.listVouchersIfAccessible(db, principal.userId, companyId, filter, limit, offset),
  );
}

export async function listVouchers(db: Db, principal: Principal, filter: VoucherFilter) {
  const offset = (filter.pageNumber - 1) * filter.pageSize;
  const { rows, total } = await listIfAccessible(db, principal, filter, filter.pageSize, offset);
  return {
    total,
    rows: rows.map(({ voucher, files, paymentStatus }) => toVoucher(voucher, files, paymentStatus)),
  };
}

export async function listAllVouchers(db: Db, principal: Principal, filter: VoucherFilter) {
  const { rows, total } = await listIfAccessible(db, principal, filter, FETCH_ALL_LIMIT, 0);
  const listed = rows.map(({ voucher, files, paymentStatus }) => toVoucher(voucher, files, paymentStatus));
  return { total, rows: listed, isTruncated: total > rows.length };
}

export async function listAdminVouchers(db: Db, filter: AdminVoucherFilter) {
  const { rows, total } = await repository.listAdminVouchers(
    db,
    filter,
    filter.pageSize,
    (filter.pageNumber - 1) * filter.pageSize,
  );
  return {
    total,
    rows: rows.map(({ voucher, files, paymentStatus, companyName, companyAlias }) => ({
      ...toVoucher(voucher, files, paymentStatus),
      CompanyName: companyName,
      CompanyAlias: companyAlias,
    })),
  };
}

function currentYear() {
  return Number(todayInNorway().slice(0, 4));
}

export async function getVoucherStatistics(
  db: Db,
  principal: Principal,
  query: { companyId?: number; year?: number },
) {
  const companyId = await scope(db, principal, query.companyId);
  const months = await repository.countByMonth(db, companyId, query.year ?? currentYear());
  const counts = new Array<number>(STATISTIC_SLOTS).fill(0);
  const amounts = new Array<number>(STATISTIC_SLOTS).fill(0);
  for (const month of months) {
    counts[month.month - 1] = month.vouchers;
    amounts[month.month - 1] = Number(month.amountOre);
  }
  counts[12] = counts.slice(0, 12).reduce((total, value) => total + value, 0);
  amounts[12] = amounts.slice(0, 12).reduce((total, value) => total + value, 0);
  return { counts, amounts };
}

export async function listVoucherYears(db: Db, principal: Principal, companyIdInput: number | undefined) {
  const companyId = await scope(db, principal, companyIdInput);
  const years = (await repository.listYears(db, companyId)).map((row) => row.year);
  // A list opens on the first year, so an empty current year would hide the books behind a zero.
  if (years.length === 0) return [currentYear()];
  return years.sort((a, b) => b - a);
}

export async function getMissingSummary(
  db: Db,
  principal: Principal,
  query: { companyId?: number; year?: number },
) {
  const companyId = await scope(db, principal, query.companyId);
  return repository.countMissingFields(db, companyId, query.year, todayInNorway());
}

export async function listVoucherLabels(db: Db, principal: Principal, companyIdInput: number) {
  const companyId = await scope(db, principal, companyIdInput);
  return (await repository.listLabels(db, companyId)).map((row) => ({ Label: row.label, Count: row.uses }));
}

export async function getVoucherDetail(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  voucherId: number,
): Promise<VoucherDetail> {
  const companyId = await scope(db, principal, companyIdInput);
  const row = await repository.findVoucher(db, companyId, voucherId);
  if (!row) throw Errors.notFound('voucherNotFound');
  const [voucher] = await attachVoucherFiles(db, companyId, [row]);
  if (!voucher) throw Errors.notFound('voucherNotFound');
  return { ...voucher, History: await readHistory(db, companyId, 'voucher', voucherId) };
}

/** One voucher per file, all or nothing: a refused file or a failed write leaves no voucher and no file. */
export async function addVouchersByWeb(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  input: { companyId?: number; description?: string; files: UploadedFile[] },
) {
  const companyId = await scope(db, principal, input.companyId);
  if (input.files.length === 0) throw Errors.invalid('noFilesUploaded');
  if (input.files.length > VOUCHER_UPLOAD_LIMITS.maxFiles)
    throw Errors.invalid('tooManyFiles', { max: VOUCHER_UPLOAD_LIMITS.maxFiles });
  const uploads = checkUploads(input.files, VOUCHER_UPLOAD_LIMITS.accepted);
  const created = await withStoredUploads(store, companyId, uploads, (stored) =>
    db.transaction(async (tx) => {
      const rows: VoucherRow[] = [];
      for (const upload of stored) {
        const row = await repository.insertVoucher(tx, {
          companyId,
          voucherDate: null,
          effectiveDate: todayInNorway(),
          supplierName: null,
          amountOre: null,
          currency: 'NOK',
          dueDate: null,
          kid: null,
          accountNumber: null,
          description: input.description ?? null,
          source: VoucherSource.WEB_UPLOAD,
          status: VoucherStatus.NEW,
          isPaid: false,
          labels: [],
          createdBy: principal.userId,
        });
        const owner = { companyId, ownerType: VOUCHER_FILE_OWNER, ownerId: row.id, userId: principal.userId };
        await recordUpload(tx, owner, upload);
        await auditVoucher(tx, principal, companyId, row.id, {
          action: 'create',
          after: { ...auditSnapshot(row), fileName: upload.safeName },
        });
        rows.push(row);
      }
      return rows;
    }),
  );
  return attachVoucherFiles(db, companyId, created);
}

function isComplete(row: Pick<VoucherRow, 'voucherDate' | 'amountOre' | 'supplierName'>) {
  return (
    row.voucherDate !== null && row.amountOre !== null && row.supplierName !== null && row.supplierName !== ''
  );
}

export async function updateVoucher(
  db: Db,
  principal: Principal,
  voucherId: number,
  request: UpdateVoucherRequest,
) {
  const companyId = await scope(db, principal, request.companyId);
  const updated = await db.transaction(async (tx) => {
    const before = await repository.findVoucherForUpdate(tx, companyId, voucherId);
    if (!before) throw Errors.notFound('voucherNotFound');
    const { companyId: _companyId, date, ...rest } = request;
    const changes: Partial<repository.NewVoucher> = {
      ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
      ...(date !== undefined
        ? { voucherDate: date, effectiveDate: date ?? todayInNorway(before.createdAt) }
        : {}),
    };
    if (changes.labels) changes.labels = [...new Set(changes.labels)];
    const merged = { ...before, ...changes };
    if (
      request.status === undefined &&
      (before.status === VoucherStatus.NEW || before.status === VoucherStatus.READY)
    ) {
      changes.status = isComplete(merged) ? VoucherStatus.READY : VoucherStatus.NEW;
    }
    const after = await repository.updateVoucher(tx, companyId, voucherId, changes);
    if (!after) throw Errors.notFound('voucherNotFound');
    await auditVoucher(tx, principal, companyId, voucherId, {
      action: 'update',
      before: auditSnapshot(before),
      after: auditSnapshot(after),
    });
    return after;
  });
  const [voucher] = await attachVoucherFiles(db, companyId, [updated]);
  if (!voucher) throw Errors.notFound('voucherNotFound');
  return voucher;
}

/** Soft delete: the record and its files stay for the retention the bookkeeping law demands. */
export async function deleteVouchers(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  voucherIds: number[],
) {
  const companyId = await scope(db, principal, companyIdInput);
  return db.transaction(async (tx) => {
    const deleted = await repository.softDeleteVouchers(
      tx,
      companyId,
      [...new Set(voucherIds)],
      principal.userId,
    );
    for (const row of deleted) {
      await auditVoucher(tx, principal, companyId, row.id, {
        action: 'delete',
        after: { deletedAt: row.deletedAt },
      });
    }
    return { deleted: deleted.length };
  });
}

function toBalances(voucher: VoucherRow, balances: VoucherBalanceRow[]): VoucherBalances {
  const covered = balances.reduce((total, balance) => total + balance.amountOre, 0);
  return {
    voucherBalances: balances.map((balance) => ({
      Id: balance.id,
      VoucherId: balance.voucherId,
      AmountOre: balance.amountOre,
      Description: balance.description,
      CreatedAt: balance.createdAt.toISOString(),
    })),
    rest: (voucher.amountOre ?? 0) - covered,
  };
}

export async function getVoucherBalances(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  voucherId: number,
) {
  const companyId = await scope(db, principal, companyIdInput);
  const voucher = await repository.findVoucher(db, companyId, voucherId);
  if (!voucher) throw Errors.notFound('voucherNotFound');
  return toBalances(voucher, await repository.listBalances(db, companyId, voucherId));
}

export async function addVoucherBalance(db: Db, principal: Principal, request: AddVoucherBalanceRequest) {
  const companyId = await scope(db, principal, request.companyId);
  return db.transaction(async (tx) => {
    const voucher = await repository.findVoucherForUpdate(tx, companyId, request.voucherId);
    if (!voucher) throw Errors.notFound('voucherNotFound');
    if (voucher.amountOre === null) throw Errors.conflict('voucherHasNoAmount');
    const covered = await repository.sumBalances(tx, companyId, request.voucherId);
    const next = covered + request.amountOre;
    if (
      Math.sign(request.amountOre) !== Math.sign(voucher.amountOre) ||
      Math.abs(next) > Math.abs(voucher.amountOre)
    ) {
      throw Errors.conflict('balanceExceedsAmount');
    }
    const balance = await repository.insertBalance(tx, {
      companyId,
      voucherId: request.voucherId,
      amountOre: request.amountOre,
      description: request.description ?? null,
      createdBy: principal.userId,
    });
    await auditVoucher(tx, principal, companyId, request.voucherId, {
      action: 'add-balance',
      after: balance,
    });
    return toBalances(voucher, await repository.listBalances(tx, companyId, request.voucherId));
  });
}

export async function removeVoucherBalance(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  voucherId: number,
  balanceId: number,
) {
  const companyId = await scope(db, principal, companyIdInput);
  return db.transaction(async (tx) => {
    const voucher = await repository.findVoucherForUpdate(tx, companyId, voucherId);
    if (!voucher) throw Errors.notFound('voucherNotFound');
    const removed = await repository.deleteBalance(tx, companyId, voucherId, balanceId);
    if (!removed) throw Errors.notFound('balanceNotFound');
    await auditVoucher(tx, principal, companyId, voucherId, {
      action: 'remove-balance',
      before: removed,
    });
    return toBalances(voucher, await repository.listBalances(tx, companyId, voucherId));
  });
}

/** Registering again for the same transaction updates the registration and adds the new files. */
export async function registerMissingVoucher(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  input: {
    companyId?: number;
    bankTransactionId: number;
    isPrivate: boolean;
    note?: string;
    files: UploadedFile[];
  },
) {
  const companyId = await scope(db, principal, input.companyId);
  const uploads = checkUploads(input.files, VOUCHER_UPLOAD_LIMITS.accepted);
  const registration = await withStoredUploads(store, companyId, uploads, (stored) =>
    db.transaction(async (tx) => {
      await markVoucherMissing(tx, principal, companyId, input.bankTransactionId, input.isPrivate);
      const { row, before } = await repository.upsertMissingRegistration(tx, {
        companyId,
        bankTransactionId: input.bankTransactionId,
        isPrivate: input.isPrivate,
        note: input.note ?? null,
        createdBy: principal.userId,
      });
      const owner = { companyId, ownerType: MISSING_FILE_OWNER, ownerId: row.id, userId: principal.userId };
      for (const upload of stored) await recordUpload(tx, owner, upload);
      await writeAudit(tx, {
        companyId,
        userId: principal.userId,
        entity: 'missing-voucher',
        entityId: row.id,
        action: before ? 'update' : 'create',
        before,
        after: { ...row, files: stored.map((upload) => upload.safeName) },
      });
      return row;
    }),
  );
  return {
    Id: registration.id,
    BankTransactionId: registration.bankTransactionId,
    IsPrivate: registration.isPrivate,
    Note: registration.note,
    VoucherId: registration.voucherId,
    CreatedAt: registration.createdAt.toISOString(),
  };
}

export async function downloadFile(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  companyIdInput: number | undefined,
  fileId: number,
  variant: 'original' | 'thumbnail',
) {
  const companyId = await scope(db, principal, companyIdInput);
  const file = await readFileForDownload(db, store, companyId, fileId, variant);
  if (!file) throw Errors.notFound('fileNotFound');
  return file;
}
