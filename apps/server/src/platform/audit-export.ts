import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export type AuditExportFilter = {
  /** A company's id or its alias; every company when left out. */
  company?: string | undefined;
  /** First and last day (YYYY-MM-DD, Oslo time) of the changes exported; open-ended when left out. */
  from?: string | undefined;
  to?: string | undefined;
};

const HEADER = [
  'id',
  'changed_at',
  'company_id',
  'company',
  'user_id',
  'user',
  'entity',
  'entity_id',
  'action',
  'before',
  'after',
];
const BATCH_ROWS = 2_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export class AuditExportError extends Error {}

/**
 * One CSV field. A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a
 * formula, so such text gets a leading apostrophe: the audit log holds what people typed.
 */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

type AuditRow = {
  id: string;
  changed_at: string;
  company_id: number;
  company: string | null;
  user_id: number | null;
  user: string | null;
  entity: string;
  entity_id: string;
  action: string;
  /** The JSON as PostgreSQL wrote it, so no number is rounded on the way. */
  before: string | null;
  after: string | null;
};

async function write(out: Writable, text: string) {
  if (!out.write(text)) await new Promise((resolve) => out.once('drain', resolve));
}

/**
 * Writes the audit log as CSV (UTF-8, comma separated, one change per line, oldest first) for an
 * auditor who reads it without the product. Answers how many changes it wrote.
 */
export async function exportAuditLog(db: Db, out: Writable, filter: AuditExportFilter = {}): Promise<number> {
  for (const day of [filter.from, filter.to])
    if (day !== undefined && (!ISO_DAY.test(day) || Number.isNaN(Date.parse(day))))
      throw new AuditExportError(`${day} is not a day written YYYY-MM-DD.`);
  const company = filter.company?.trim();
  const conditions = [
    company === undefined
      ? undefined
      : /^\d+$/.test(company)
        ? sql`a.company_id = ${Number(company)}`
        : sql`c.alias = ${company}`,
    filter.from === undefined
      ? undefined
      : sql`a.created_at >= (${filter.from}::date)::timestamp at time zone 'Europe/Oslo'`,
    filter.to === undefined
      ? undefined
      : sql`a.created_at < (${filter.to}::date + 1)::timestamp at time zone 'Europe/Oslo'`,
  ].filter((condition) => condition !== undefined);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  await write(out, `${HEADER.join(',')}\r\n`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`declare audit_rows no scroll cursor for
      select a.id::text as id, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as changed_at,
        a.company_id, c.alias as company, a.user_id, u.email as "user", a.entity, a.entity_id, a.action,
        a.before::text as before, a.after::text as after
      from audit_log a
      left join companies c on c.id = a.company_id
      left join users u on u.id = a.user_id
      ${where}
      order by a.created_at, a.company_id, a.id`);
    let written = 0;
    for (;;) {
      const batch = (
        (await tx.execute(sql.raw(`fetch ${BATCH_ROWS} from audit_rows`))) as unknown as { rows: AuditRow[] }
      ).rows;
      for (const row of batch)
        await write(out, `${HEADER.map((column) => csvField(row[column as keyof AuditRow])).join(',')}\r\n`);
      written += batch.length;
      if (batch.length < BATCH_ROWS) break;
    }
    await tx.execute(sql.raw('close audit_rows'));
    return written;
  });
}
