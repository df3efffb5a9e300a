import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

/** A keyword searched with `ilike` matches its own %, _ and \ literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A list of integer ids as one array parameter (`= any(...)`), so a statement's text is the same for any count. */
export const intArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::int[]`;

/** A calendar year as a half-open date range. */
export function yearRange(year: number) {
  return { start: `${year}-01-01`, end: `${year + 1}-01-01` };
}

/** A month (1–12) of a year as a half-open date range. */
export function monthRange(year: number, month: number) {
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { start: `${year}-${String(month).padStart(2, '0')}-01`, end: next };
}

export type FileSummary = {
  id: number;
  fileName: string;
  mimeType: string;
  size: number;
  hasThumbnail: boolean;
};

/**
 * The stored files of each listed row in the same statement, so a page costs one round trip, not two.
 * The outer table's columns are written out in full: in a one-table select Drizzle leaves its columns
 * unqualified, and inside this subquery they would then name the file's own columns.
 */
export function filesOfOwnerRow(ownerTable: string, ownerType: string) {
  const owner = sql.raw(`"${ownerTable}"`);
  return sql<FileSummary[]>`coalesce((
  select json_agg(json_build_object('id', f.id, 'fileName', f.file_name, 'mimeType', f.mime_type, 'size', f.size,
    'hasThumbnail', f.thumbnail_key is not null) order by f.id)
  from stored_files f
  where f.company_id = ${owner}."company_id" and f.owner_type = ${ownerType}
    and f.owner_id = ${owner}."id"), '[]'::json)`;
}

/** The rows of a raw statement, which both drivers answer under `rows`. */
export async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Whether a statement failed on a unique index (SQLSTATE 23505), as PostgreSQL and PGlite report it. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}
