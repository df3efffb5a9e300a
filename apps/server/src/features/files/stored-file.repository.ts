import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type StoredFileRow, storedFiles } from './stored-file.table';

export type NewStoredFile = Omit<StoredFileRow, 'id' | 'createdAt'>;

export async function insertStoredFile(db: Db, file: NewStoredFile): Promise<StoredFileRow> {
  const [row] = await db.insert(storedFiles).values(file).returning();
  if (!row) throw new Error('The file record was not created');
  return row;
}

export function findStoredFile(db: Db, companyId: number, fileId: number) {
  return db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, fileId)))
    .then((rows) => rows[0]);
}

export function listStoredFilesOfOwners(db: Db, companyId: number, ownerType: string, ownerIds: number[]) {
  if (ownerIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.companyId, companyId),
        eq(storedFiles.ownerType, ownerType),
        inArray(storedFiles.ownerId, ownerIds),
      ),
    )
    .orderBy(storedFiles.id);
}
