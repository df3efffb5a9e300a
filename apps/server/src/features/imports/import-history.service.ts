import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { ObjectStore } from '../../platform/object-store';
import { requireCompanyAccess } from '../companies';
import * as repository from './import.repository';

export async function listImports(
  db: Db,
  principal: Principal,
  query: { companyId?: number | undefined; companyBankId: number; pageNumber: number; pageSize: number },
) {
  const companyId = (await requireCompanyAccess(db, principal.userId, query.companyId)).Id;
  const { rows, total } = await repository.listImports(
    db,
    companyId,
    query.companyBankId,
    query.pageSize,
    (query.pageNumber - 1) * query.pageSize,
  );
  return {
    total,
    rows: rows.map(({ entry, accountNumber, userName, remaining }) => ({
      Id: entry.id,
      CompanyBankId: entry.companyBankId,
      AccountNumber: accountNumber,
      FileName: entry.fileName,
      Format: entry.format,
      Template: entry.template,
      Imported: entry.imported,
      Duplicates: entry.duplicates,
      Refused: entry.refused,
      FromDate: entry.fromDate,
      ToDate: entry.toDate,
      BalanceProven: entry.balanceProven,
      BalanceDifferenceOre: entry.balanceDifferenceOre,
      UserName: userName,
      CreatedAt: entry.createdAt.toISOString(),
      RemainingTransactions: remaining,
    })),
  };
}

export async function deleteImport(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  companyIdInput: number | undefined,
  importId: number,
) {
  const companyId = (await requireCompanyAccess(db, principal.userId, companyIdInput)).Id;
  const { deleted, storageKey } = await db.transaction(async (tx) => {
    const record = await repository.findImport(tx, companyId, importId);
    if (!record) throw Errors.notFound('importNotFound');
    const removed = await repository.deleteImport(tx, companyId, importId);
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'bank-import',
      entityId: importId,
      action: 'delete',
      before: { ...record, createdAt: record.createdAt.toISOString() },
      after: { deletedTransactions: removed },
    });
    return { deleted: removed, storageKey: record.storageKey };
  });
  if (storageKey) await store.delete(storageKey);
  return { deletedTransactions: deleted };
}
