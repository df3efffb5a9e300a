import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id, PageNumber } from '../ids';
import { FILE_REPLY, route } from '../route';
import { IsoDate } from '../vouchers/voucher';

const tags = ['ehf'];
const base = `${ApiPrefix.ehf}/reports`;

/**
 * end-user: the companies registered to receive EHF, with the documents each received in the period.
 * transaction: every EHF document received in the period.
 */
export const EHF_REPORT_KINDS = ['end-user', 'transaction'] as const;
export const EhfReportKind = z.enum(EHF_REPORT_KINDS);
export type EhfReportKind = z.infer<typeof EhfReportKind>;

/** queued: waiting for the job runner; running; done: the file can be downloaded and sent; failed. */
export const EHF_REPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const EhfReportState = z.enum(EHF_REPORT_STATES);
export type EhfReportState = z.infer<typeof EhfReportState>;

export const EhfReport = z.object({
  id: z.number().int(),
  kind: EhfReportKind,
  /** The period, both days included, in Oslo time. */
  from: z.string(),
  to: z.string(),
  state: EhfReportState,
  rowCount: z.number().int().nullable(),
  fileName: z.string().nullable(),
  /** Why the report could not be made, in the language of the person reading. */
  error: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The addresses it was sent to, most recent last. */
  sentTo: z.array(z.string()),
  lastSentAt: z.string().nullable(),
});
export type EhfReport = z.infer<typeof EhfReport>;

/** At most a year and a day, so one report stays a file a person can open. */
export const EHF_REPORT_MAX_DAYS = 366;

export const GenerateEhfReportRequest = z
  .object({ kind: EhfReportKind, from: IsoDate, to: IsoDate })
  .refine((period) => period.from <= period.to, {
    message: 'The start date must be on or before the end date',
    path: ['to'],
  })
  .refine((period) => Date.parse(period.to) - Date.parse(period.from) < EHF_REPORT_MAX_DAYS * 86_400_000, {
    message: `A report covers at most ${EHF_REPORT_MAX_DAYS} days`,
    path: ['to'],
  });
export type GenerateEhfReportRequest = z.infer<typeof GenerateEhfReportRequest>;

export const EhfReportIdParams = z.object({ id: Id });

export const listEhfReports = route({
  method: 'GET',
  path: base,
  access: 'admin',
  action: 'admin.ehf.view',
  query: z.object({
    kind: EhfReportKind.optional(),
    page: PageNumber.default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  reply: envelope(z.object({ rows: z.array(EhfReport), total: z.number().int() })),
  summary: 'Administrators: the EHF reports made, newest first, with their state',
  tags,
});

export const generateEhfReport = route({
  method: 'POST',
  path: `${base}/generate`,
  access: 'admin',
  action: 'admin.ehf.view',
  body: GenerateEhfReportRequest,
  reply: envelope(EhfReport),
  summary: 'Administrators: make an end-user or transaction report for a period, as a background job',
  tags,
});

export const ehfReport = route({
  method: 'GET',
  path: `${base}/:id`,
  access: 'admin',
  action: 'admin.ehf.view',
  params: EhfReportIdParams,
  reply: envelope(EhfReport),
  summary: 'Administrators: one EHF report and its state, for following its progress',
  tags,
});

/**
 * The report as CSV: UTF-8 with a byte order mark, semicolon separated, one header row; amounts in
 * kroner with a decimal comma and no thousands separator (1234,50), dates as YYYY-MM-DD and times in
 * Oslo time, so Excel in a Norwegian locale opens it as it is.
 */
export const downloadEhfReport = route({
  method: 'GET',
  path: `${base}/:id/download`,
  access: 'admin',
  action: 'admin.ehf.view',
  params: EhfReportIdParams,
  reply: FILE_REPLY,
  summary: 'Administrators: the report file (CSV; semicolons, UTF-8 with BOM, decimal comma)',
  tags,
});

export const SendEhfReportRequest = z.object({ email: z.string().trim().min(3).max(254) });

export const sendEhfReport = route({
  method: 'POST',
  path: `${base}/:id/send`,
  access: 'admin',
  action: 'admin.ehf.view',
  params: EhfReportIdParams,
  body: SendEhfReportRequest,
  reply: envelope(EhfReport),
  summary: 'Administrators: send a finished report by e-mail, the CSV attached',
  tags,
});
