import type { EhfReportKind } from '@bilag/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, ehfDocuments, users } from '../../db/schema';
import { type EhfReportRow, ehfReports } from './ehf-report.table';

export type EhfReportWithCreator = EhfReportRow & { createdByName: string | null };

const withCreator = { row: ehfReports, createdByName: users.fullName };

export async function insertEhfReport(
  db: Db,
  values: { kind: EhfReportKind; periodFrom: string; periodTo: string; createdBy: number },
): Promise<EhfReportRow> {
  const [row] = await db.insert(ehfReports).values(values).returning();
  if (!row) throw new Error('EHF report was not inserted');
  return row;
}

export async function findEhfReport(db: Db, id: number): Promise<EhfReportWithCreator | undefined> {
  const [found] = await db
    .select(withCreator)
    .from(ehfReports)
    .leftJoin(users, eq(users.id, ehfReports.createdBy))
    .where(eq(ehfReports.id, id));
  return found && { ...found.row, createdByName: found.createdByName };
}

export async function listEhfReports(
  db: Db,
  filter: { kind?: EhfReportKind | undefined; limit: number; offset: number },
): Promise<{ rows: EhfReportWithCreator[]; total: number }> {
  const where = filter.kind ? eq(ehfReports.kind, filter.kind) : undefined;
  const rows = await db
    .select(withCreator)
    .from(ehfReports)
    .leftJoin(users, eq(users.id, ehfReports.createdBy))
    .where(where)
    .orderBy(desc(ehfReports.createdAt), desc(ehfReports.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ total: count() }).from(ehfReports).where(where);
  return {
    rows: rows.map(({ row, createdByName }) => ({ ...row, createdByName })),
    total: total?.total ?? 0,
  };
}

export async function updateEhfReport(
  db: Db,
  id: number,
  changes: Partial<Omit<EhfReportRow, 'id' | 'kind' | 'periodFrom' | 'periodTo' | 'createdBy' | 'createdAt'>>,
): Promise<EhfReportRow | undefined> {
  const [row] = await db.update(ehfReports).set(changes).where(eq(ehfReports.id, id)).returning();
  return row;
}

/** The period's days in Oslo time, as the half-open range of instants they cover. */
function receivedInPeriod(period: { from: string; to: string }): SQL {
  return and(
    sql`${ehfDocuments.receivedAt} >= (${period.from}::date)::timestamp at time zone 'Europe/Oslo'`,
    sql`${ehfDocuments.receivedAt} < (${period.to}::date + 1)::timestamp at time zone 'Europe/Oslo'`,
  ) as SQL;
}

export type TransactionReportRow = {
  receivedAt: Date;
  companyOrganisationNumber: string;
  companyName: string;
  channel: string;
  supplierName: string | null;
  supplierOrganisationNumber: string | null;
  documentKind: string | null;
  documentNumber: string | null;
  issueDate: string | null;
  dueDate: string | null;
  payableAmountOre: number | null;
  currency: string | null;
  status: string;
};

/** Every EHF document of every company received in the period, in the order they arrived. */
export function listTransactionReportRows(db: Db, period: { from: string; to: string }) {
  return db
    .select({
      receivedAt: ehfDocuments.receivedAt,
      companyOrganisationNumber: companies.organisationNumber,
      companyName: companies.name,
      channel: ehfDocuments.channel,
      supplierName: ehfDocuments.supplierName,
      supplierOrganisationNumber: ehfDocuments.supplierOrganisationNumber,
      documentKind: ehfDocuments.documentKind,
      documentNumber: ehfDocuments.documentNumber,
      issueDate: ehfDocuments.issueDate,
      dueDate: ehfDocuments.dueDate,
      payableAmountOre: ehfDocuments.payableAmountOre,
      currency: ehfDocuments.currency,
      status: ehfDocuments.status,
    })
    .from(ehfDocuments)
    .innerJoin(companies, eq(companies.id, ehfDocuments.companyId))
    .where(receivedInPeriod(period))
    .orderBy(asc(ehfDocuments.receivedAt), asc(ehfDocuments.companyId), asc(ehfDocuments.id));
}

export type CompanyDocumentCounts = {
  companyId: number;
  organisationNumber: string;
  name: string;
  invoices: number;
  creditNotes: number;
  documents: number;
};

/** The companies with these organisation numbers, with the EHF documents each received in the period. */
export async function listCompanyDocumentCounts(
  db: Db,
  organisationNumbers: readonly string[],
  period: { from: string; to: string },
): Promise<CompanyDocumentCounts[]> {
  if (organisationNumbers.length === 0) return [];
  const rows = await db
    .select({
      companyId: companies.id,
      organisationNumber: companies.organisationNumber,
      name: companies.name,
      invoices: sql<number>`count(${ehfDocuments.id}) filter (where ${ehfDocuments.documentKind} = 'invoice')::int`,
      creditNotes: sql<number>`count(${ehfDocuments.id}) filter (where ${ehfDocuments.documentKind} = 'creditnote')::int`,
      documents: sql<number>`count(${ehfDocuments.id})::int`,
    })
    .from(companies)
    .leftJoin(ehfDocuments, and(eq(ehfDocuments.companyId, companies.id), receivedInPeriod(period)))
    .where(inArray(companies.organisationNumber, [...organisationNumbers]))
    .groupBy(companies.id)
    .orderBy(asc(companies.name), asc(companies.id));
  return rows.map((row) => ({
    ...row,
    invoices: Number(row.invoices),
    creditNotes: Number(row.creditNotes),
    documents: Number(row.documents),
  }));
}
