import type { EhfReport, EhfReportKind, GenerateEhfReportRequest, Language } from '@bilag/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { type CsvCell, csvAmount, csvTime, toCsv } from '../../platform/csv';
import { Errors } from '../../platform/errors';
import { enqueueJob, type JobContext } from '../../platform/jobs';
import { type MessageKey, translate } from '../../platform/messages';
import type { ObjectStore } from '../../platform/object-store';
import type { Providers } from '../../providers';
import * as repository from './ehf-report.repository';
import type { EhfReportRow } from './ehf-report.table';

export const EHF_REPORT_JOB = 'ehf.report';
const REPORT_JOB_ATTEMPTS = 3;

export const EhfReportJob = z.object({
  reportId: z.number().int(),
  language: z.enum(['en', 'no']),
});
export type EhfReportJob = z.infer<typeof EhfReportJob>;

export type EhfReportDependencies = {
  db: Db;
  providers: Pick<Providers, 'peppol' | 'mail'>;
  store: ObjectStore;
};

function toEhfReport(row: repository.EhfReportWithCreator, language: Language): EhfReport {
  return {
    id: row.id,
    kind: row.kind,
    from: row.periodFrom,
    to: row.periodTo,
    state: row.state,
    rowCount: row.rowCount,
    fileName: row.state === 'done' ? row.fileName : null,
    error: row.errorKey ? translate(language, row.errorKey as MessageKey) : null,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    sentTo: row.sentTo,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
  };
}

function audit(principal: Principal, id: number, action: string, before: unknown, after: unknown) {
  // Reports cover every company; their audit rows are filed under company 0.
  return {
    companyId: 0,
    userId: principal.userId,
    entity: 'ehf_report',
    entityId: id,
    action,
    before,
    after,
  };
}

async function requireReport(db: Db, id: number) {
  const row = await repository.findEhfReport(db, id);
  if (!row) throw Errors.notFound('ehfReportNotFound');
  return row;
}

export async function listEhfReports(
  db: Db,
  query: { kind?: EhfReportKind | undefined; page: number; pageSize: number },
  language: Language,
) {
  const { rows, total } = await repository.listEhfReports(db, {
    kind: query.kind,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { rows: rows.map((row) => toEhfReport(row, language)), total };
}

export async function getEhfReport(db: Db, id: number, language: Language) {
  return toEhfReport(await requireReport(db, id), language);
}

/** Records the report and queues the job that makes it, in one transaction: neither exists alone. */
export async function generateEhfReport(
  db: Db,
  principal: Principal,
  input: GenerateEhfReportRequest,
  language: Language,
) {
  const id = await db.transaction(async (tx) => {
    const row = await repository.insertEhfReport(tx, {
      kind: input.kind,
      periodFrom: input.from,
      periodTo: input.to,
      createdBy: principal.userId,
    });
    await enqueueJob(tx, {
      name: EHF_REPORT_JOB,
      payload: { reportId: row.id, language } satisfies EhfReportJob,
      maxAttempts: REPORT_JOB_ATTEMPTS,
    });
    await writeAudit(tx, audit(principal, row.id, 'create', null, row));
    return row.id;
  });
  return getEhfReport(db, id, language);
}

const HEADERS: Record<EhfReportKind, Record<Language, readonly string[]>> = {
  'end-user': {
    en: [
      'Organisation number',
      'Company',
      'Registered at',
      'Document types',
      'Invoices',
      'Credit notes',
      'Documents',
    ],
    no: [
      'Organisasjonsnummer',
      'Firma',
      'Registrert',
      'Dokumenttyper',
      'Fakturaer',
      'Kreditnotaer',
      'Dokumenter',
    ],
  },
  transaction: {
    en: [
      'Received at',
      'Organisation number',
      'Company',
      'Channel',
      'Supplier',
      'Supplier organisation number',
      'Type',
      'Number',
      'Issue date',
      'Due date',
      'Amount',
      'Currency',
      'Status',
    ],
    no: [
      'Mottatt',
      'Organisasjonsnummer',
      'Firma',
      'Kanal',
      'Leverandør',
      'Leverandørens organisasjonsnummer',
      'Type',
      'Nummer',
      'Fakturadato',
      'Forfallsdato',
      'Beløp',
      'Valuta',
      'Status',
    ],
  },
};

/**
 * The end-user report: the companies registered at the access point to receive EHF (as the access
 * point knows them), with the documents each received in the period.
 */
async function endUserRows(deps: EhfReportDependencies, period: { from: string; to: string }) {
  const receivers = await deps.providers.peppol.listReceivers();
  const byOrganisationNumber = new Map(receivers.map((receiver) => [receiver.organisationNumber, receiver]));
  const counts = await repository.listCompanyDocumentCounts(
    deps.db,
    [...byOrganisationNumber.keys()],
    period,
  );
  return counts.map((company): CsvCell[] => {
    const receiver = byOrganisationNumber.get(company.organisationNumber);
    return [
      company.organisationNumber,
      company.name,
      csvTime(receiver?.registeredAt ?? null),
      receiver?.documentTypes.join(', ') ?? null,
      company.invoices,
      company.creditNotes,
      company.documents,
    ];
  });
}

async function transactionRows(db: Db, period: { from: string; to: string }) {
  const rows = await repository.listTransactionReportRows(db, period);
  return rows.map((row): CsvCell[] => [
    csvTime(row.receivedAt),
    row.companyOrganisationNumber,
    row.companyName,
    row.channel,
    row.supplierName,
    row.supplierOrganisationNumber,
    row.documentKind,
    row.documentNumber,
    row.issueDate,
    row.dueDate,
    csvAmount(row.payableAmountOre),
    row.currency,
    row.status,
  ]);
}

function fileNameOf(report: Pick<EhfReportRow, 'kind' | 'periodFrom' | 'periodTo'>) {
  const kind = report.kind === 'end-user' ? 'end-user' : 'transactions';
  return `ehf-${kind}-${report.periodFrom}_${report.periodTo}.csv`;
}

/**
 * The job: reads the rows, writes the CSV to the object store and marks the report done. A failure is
 * tried again by the job runner; after the last attempt the report says it failed.
 */
export async function runEhfReportJob(deps: EhfReportDependencies, job: EhfReportJob, context: JobContext) {
  const report = await repository.findEhfReport(deps.db, job.reportId);
  if (!report) return;
  await repository.updateEhfReport(deps.db, report.id, { state: 'running', errorKey: null });
  try {
    const period = { from: report.periodFrom, to: report.periodTo };
    const rows =
      report.kind === 'end-user' ? await endUserRows(deps, period) : await transactionRows(deps.db, period);
    const csv = toCsv(HEADERS[report.kind][job.language], rows);
    // One key per attempt: a store write that landed before a failed attempt is never overwritten.
    const fileKey = `ehf-reports/${report.id}-${context.job.attempts}.csv`;
    await deps.store.put(fileKey, csv);
    await repository.updateEhfReport(deps.db, report.id, {
      state: 'done',
      rowCount: rows.length,
      fileKey,
      fileName: fileNameOf(report),
      finishedAt: new Date(),
    });
  } catch (error) {
    const isLastAttempt = context.job.attempts >= context.job.maxAttempts;
    await repository.updateEhfReport(
      deps.db,
      report.id,
      isLastAttempt
        ? { state: 'failed', errorKey: 'ehfReportFailed' satisfies MessageKey, finishedAt: new Date() }
        : { state: 'queued' },
    );
    throw error;
  }
}

async function requireFinishedFile(deps: EhfReportDependencies, id: number) {
  const report = await requireReport(deps.db, id);
  if (report.state !== 'done' || !report.fileKey || !report.fileName)
    throw Errors.conflict('ehfReportNotReady');
  return { report, fileName: report.fileName, content: await deps.store.get(report.fileKey) };
}

export function readEhfReportFile(deps: EhfReportDependencies, id: number) {
  return requireFinishedFile(deps, id);
}

/** Sends the finished report to an address with the CSV attached; the address is kept on the report. */
export async function sendEhfReport(
  deps: EhfReportDependencies,
  principal: Principal,
  id: number,
  email: string,
  language: Language,
) {
  const { report, fileName, content } = await requireFinishedFile(deps, id);
  const params = {
    kind: translate(
      language,
      report.kind === 'end-user' ? 'ehfReportKindEndUser' : 'ehfReportKindTransaction',
    ),
    from: report.periodFrom,
    to: report.periodTo,
    rows: report.rowCount ?? 0,
  };
  await deps.providers.mail.send({
    to: email,
    subject: translate(language, 'ehfReportMailSubject', params),
    text: translate(language, 'ehfReportMailText', params),
    attachments: [{ filename: fileName, contentType: 'text/csv', content }],
  });
  await deps.db.transaction(async (tx) => {
    const row = await repository.updateEhfReport(tx, id, {
      sentTo: [...report.sentTo.filter((address) => address !== email), email],
      lastSentAt: new Date(),
    });
    await writeAudit(
      tx,
      audit(principal, id, 'send', { sentTo: report.sentTo }, { sentTo: row?.sentTo, email }),
    );
  });
  return getEhfReport(deps.db, id, language);
}
