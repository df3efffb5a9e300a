import type { EhfDocumentFilter } from '@bilag/contracts';
import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, inboxItems, storedFiles, vouchers } from '../../db/schema';
import { type EhfDocumentRow, ehfDocuments, type NewEhfDocument } from './ehf-document.table';

export const EHF_DOCUMENT_FILE_OWNER = 'ehf-document';
export const VOUCHER_FILE_OWNER = 'voucher';

export type EhfDocumentWithInbox = { document: EhfDocumentRow; inboxItemUuid: string | null };

/** The company that receives under an organisation number; the oldest where a bureau keeps copies. */
export async function findCompanyByOrganisationNumber(db: Db, organisationNumber: string) {
  const [row] = await db
    .select({ id: companies.id, alias: companies.alias, name: companies.name })
    .from(companies)
    .where(eq(companies.organisationNumber, organisationNumber))
    .orderBy(asc(companies.id))
    .limit(1);
  return row;
}

export async function findCompanyById(db: Db, companyId: number) {
  const [row] = await db
    .select({ id: companies.id, alias: companies.alias, name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

/** Inserts the document unless it is there already (its message or its supplier, kind and number). */
export async function insertEhfDocumentUnlessKnown(
  db: Db,
  document: Omit<NewEhfDocument, 'id'>,
): Promise<EhfDocumentRow | undefined> {
  const [row] = await db.insert(ehfDocuments).values(document).onConflictDoNothing().returning();
  return row;
}

export async function findEhfDocumentByMessage(db: Db, companyId: number, messageId: string) {
  const [row] = await db
    .select()
    .from(ehfDocuments)
    .where(and(eq(ehfDocuments.companyId, companyId), eq(ehfDocuments.messageId, messageId)));
  return row;
}

export async function findEhfDocumentByNumber(
  db: Db,
  companyId: number,
  key: { supplierKey: string; documentKind: 'invoice' | 'creditnote'; documentNumber: string },
) {
  const [row] = await db
    .select()
    .from(ehfDocuments)
    .where(
      and(
        eq(ehfDocuments.companyId, companyId),
        eq(ehfDocuments.supplierKey, key.supplierKey),
        eq(ehfDocuments.documentKind, key.documentKind),
        eq(ehfDocuments.documentNumber, key.documentNumber),
      ),
    );
  return row;
}

export async function findEhfDocument(
  db: Db,
  companyId: number,
  id: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(ehfDocuments)
    .where(and(eq(ehfDocuments.companyId, companyId), eq(ehfDocuments.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findEhfDocumentOfVoucher(db: Db, companyId: number, voucherId: number) {
  const [row] = await db
    .select()
    .from(ehfDocuments)
    .where(and(eq(ehfDocuments.companyId, companyId), eq(ehfDocuments.voucherId, voucherId)))
    .orderBy(asc(ehfDocuments.id))
    .limit(1);
  return row;
}

export async function updateEhfDocument(
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<Omit<NewEhfDocument, 'id' | 'companyId'>>,
): Promise<EhfDocumentRow | undefined> {
  const [row] = await db
    .update(ehfDocuments)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(ehfDocuments.companyId, companyId), eq(ehfDocuments.id, id)))
    .returning();
  return row;
}

/** Credit notes of the supplier that named this invoice before it arrived; they now point at it. */
export function linkWaitingCreditNotes(
  db: Db,
  companyId: number,
  invoice: { id: number; supplierKey: string; documentNumber: string },
) {
  return db
    .update(ehfDocuments)
    .set({ creditedDocumentId: invoice.id, updatedAt: new Date() })
    .where(
      and(
        eq(ehfDocuments.companyId, companyId),
        eq(ehfDocuments.supplierKey, invoice.supplierKey),
        eq(ehfDocuments.documentKind, 'creditnote'),
        eq(ehfDocuments.billingReference, invoice.documentNumber),
        isNull(ehfDocuments.creditedDocumentId),
      ),
    )
    .returning({ id: ehfDocuments.id });
}

export function listCreditNotesOf(db: Db, companyId: number, invoiceId: number) {
  return db
    .select()
    .from(ehfDocuments)
    .where(and(eq(ehfDocuments.companyId, companyId), eq(ehfDocuments.creditedDocumentId, invoiceId)))
    .orderBy(asc(ehfDocuments.id));
}

export async function listEhfDocuments(
  db: Db,
  filter: EhfDocumentFilter,
): Promise<{ rows: EhfDocumentWithInbox[]; total: number }> {
  const conditions: SQL[] = [eq(ehfDocuments.companyId, filter.companyId)];
  if (filter.status) conditions.push(eq(ehfDocuments.status, filter.status));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select({ document: ehfDocuments, inboxItemUuid: inboxItems.uuid })
      .from(ehfDocuments)
      .leftJoin(
        inboxItems,
        and(eq(inboxItems.companyId, ehfDocuments.companyId), eq(inboxItems.id, ehfDocuments.inboxItemId)),
      )
      .where(where)
      .orderBy(desc(ehfDocuments.receivedAt), desc(ehfDocuments.id))
      .limit(filter.pagesize)
      .offset((filter.page - 1) * filter.pagesize),
    db.select({ total: count() }).from(ehfDocuments).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findInboxItemUuid(db: Db, companyId: number, inboxItemId: number | null) {
  if (inboxItemId === null) return null;
  const [row] = await db
    .select({ uuid: inboxItems.uuid })
    .from(inboxItems)
    .where(and(eq(inboxItems.companyId, companyId), eq(inboxItems.id, inboxItemId)));
  return row?.uuid ?? null;
}

export type NewEhfVoucher = Omit<
  typeof vouchers.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'deletedBy'
>;

export async function insertVoucher(db: Db, voucher: NewEhfVoucher) {
  const [row] = await db.insert(vouchers).values(voucher).returning();
  if (!row) throw new Error('the voucher was not inserted');
  return row;
}

export type EhfFileRecord = {
  storageKey: string;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
};

export function insertFiles(
  db: Db,
  owner: { companyId: number; ownerType: string; ownerId: number; userId: number | null },
  files: EhfFileRecord[],
) {
  if (files.length === 0) return Promise.resolve([]);
  return db
    .insert(storedFiles)
    .values(
      files.map((file) => ({
        companyId: owner.companyId,
        ownerType: owner.ownerType,
        ownerId: owner.ownerId,
        storageKey: file.storageKey,
        thumbnailKey: null,
        fileName: file.fileName,
        mimeType: file.mimeType,
        size: file.size,
        sha256: file.sha256,
        createdBy: owner.userId,
      })),
    )
    .returning();
}

export function listDocumentFiles(db: Db, companyId: number, documentId: number) {
  return db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.companyId, companyId),
        eq(storedFiles.ownerType, EHF_DOCUMENT_FILE_OWNER),
        inArray(storedFiles.ownerId, [documentId]),
      ),
    )
    .orderBy(asc(storedFiles.id));
}
