import type { EhfDocumentFilter } from '@bilag/contracts';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, inboxItems, storedFiles, vouchers } from '../../db/schema';
import { sharedPeriodLock } from '../periods';
import { type EhfDocumentRow, ehfDocuments, type NewEhfDocument } from './ehf-document.table';
import { type SpamCheck, spamSupplierMatch } from './spam-supplier.repository';
import { spamSuppliers } from './spam-supplier.table';

export const EHF_DOCUMENT_FILE_OWNER = 'ehf-document';
export const VOUCHER_FILE_OWNER = 'voucher';

export type EhfDocumentWithInbox = { document: EhfDocumentRow; inboxItemUuid: string | null };

export type IntakeCompany = { id: number; alias: string; name: string };
/** What an earlier delivery of the same message became. */
export type KnownDelivery = Pick<EhfDocumentRow, 'id' | 'companyId' | 'voucherId' | 'inboxItemId'>;
export type BlockingSpamSupplier = { id: number; name: string };

/**
 * What an arriving document is checked against before its transaction, in one query: the company it is
 * for (by id, or the oldest under the organisation number), the document an earlier delivery of the
 * same message made, and an entry of the spam-supplier list that blocks its sender for the company.
 */
export async function findIntakeContext(
  db: Db,
  arrival: {
    receiver: { companyId: number } | { organisationNumber: string };
    messageId: string | undefined;
    sender: Omit<SpamCheck, 'companyId'>;
  },
): Promise<
  { company: IntakeCompany; known: KnownDelivery | null; spam: BlockingSpamSupplier | null } | undefined
> {
  const { receiver, messageId } = arrival;
  const spamMatch = spamSupplierMatch({ ...arrival.sender, companyId: companies.id });
  const [row] = await db
    .select({
      id: companies.id,
      alias: companies.alias,
      name: companies.name,
      known: messageId
        ? sql<KnownDelivery | null>`(select json_build_object('id', ${ehfDocuments.id}, 'companyId', ${ehfDocuments.companyId},
            'voucherId', ${ehfDocuments.voucherId}, 'inboxItemId', ${ehfDocuments.inboxItemId})
            from ${ehfDocuments}
            where ${and(eq(ehfDocuments.companyId, companies.id), eq(ehfDocuments.messageId, messageId))})`
        : sql<null>`null`,
      spam: spamMatch
        ? sql<BlockingSpamSupplier | null>`(select json_build_object('id', ${spamSuppliers.id}, 'name', ${spamSuppliers.name})
            from ${spamSuppliers} where ${spamMatch} limit 1)`
        : sql<null>`null`,
    })
    .from(companies)
    .where(
      'companyId' in receiver
        ? eq(companies.id, receiver.companyId)
        : eq(companies.organisationNumber, receiver.organisationNumber),
    )
    .orderBy(asc(companies.id))
    .limit(1);
  if (!row) return undefined;
  const { known, spam, ...company } = row;
  return { company, known, spam };
}

/** The key by which one supplier's document is told from another's. */
export type DocumentKey = {
  supplierKey: string;
  documentKind: 'invoice' | 'creditnote';
  documentNumber: string;
};

/**
 * Inserts the document unless it is there already (its message or its supplier, kind and number). What
 * it will point at is settled in the same statement, which spares an update of the row afterwards: the
 * ids its voucher and its arrival will be inserted under, and the invoice a credit note names. Taking a
 * voucher's id also takes the shared period lock, which the voucher's booking day is decided under.
 */
export async function insertEhfDocumentUnlessKnown(
  db: Db,
  document: Omit<NewEhfDocument, 'id'>,
  links: { takesVoucherId: boolean; takesInboxItemId: boolean; creditedInvoice: DocumentKey | undefined },
): Promise<EhfDocumentRow | undefined> {
  const { creditedInvoice } = links;
  const [row] = await db
    .insert(ehfDocuments)
    .values({
      ...document,
      // The identity sequences of vouchers and inbox_items, as migrations 0001 and 0011 name them.
      ...(links.takesVoucherId ? { voucherId: sql`nextval('vouchers_id_seq'::regclass)` } : {}),
      ...(links.takesInboxItemId ? { inboxItemId: sql`nextval('inbox_items_id_seq'::regclass)` } : {}),
      ...(creditedInvoice
        ? {
            creditedDocumentId: sql`(select ${ehfDocuments.id} from ${ehfDocuments}
              where ${documentKeyIs(document.companyId, creditedInvoice)})`,
          }
        : {}),
    })
    .onConflictDoNothing()
    .returning({
      ...getTableColumns(ehfDocuments),
      periodLock: links.takesVoucherId ? sharedPeriodLock(document.companyId) : sql`null`,
    });
  if (!row) return undefined;
  const { periodLock: _periodLock, ...inserted } = row;
  return inserted;
}

function documentKeyIs(companyId: number, key: DocumentKey): SQL | undefined {
  return and(
    eq(ehfDocuments.companyId, companyId),
    eq(ehfDocuments.supplierKey, key.supplierKey),
    eq(ehfDocuments.documentKind, key.documentKind),
    eq(ehfDocuments.documentNumber, key.documentNumber),
  );
}

export async function findEhfDocumentByMessage(db: Db, companyId: number, messageId: string) {
  const [row] = await db
    .select()
    .from(ehfDocuments)
    .where(and(eq(ehfDocuments.companyId, companyId), eq(ehfDocuments.messageId, messageId)));
  return row;
}

export async function findEhfDocumentByNumber(db: Db, companyId: number, key: DocumentKey) {
  const [row] = await db.select().from(ehfDocuments).where(documentKeyIs(companyId, key));
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
  'id' | 'effectiveDate' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'deletedBy'
> & {
  /** The id its document took for it, when it took one. */
  id?: number;
  /** The booking day, or the expression that decides it as the voucher is written. */
  effectiveDate: string | SQL;
};

export async function insertVoucher(db: Db, voucher: NewEhfVoucher) {
  const [row] = await db.insert(vouchers).overridingSystemValue().values(voucher).returning();
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

export type FileOwner = { companyId: number; ownerType: string; ownerId: number; userId: number | null };

/** The files of each owner, all in one statement, in the order given. */
export function insertFiles(db: Db, owned: { owner: FileOwner; files: EhfFileRecord[] }[]) {
  const rows = owned.flatMap(({ owner, files }) =>
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
  );
  if (rows.length === 0) return Promise.resolve();
  return db
    .insert(storedFiles)
    .values(rows)
    .then(() => undefined);
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
