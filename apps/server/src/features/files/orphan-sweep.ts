import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankImportJobs, bankImports, mailMessages, storedFiles } from '../../db/schema';
import type { ObjectStore } from '../../platform/object-store';

export const ORPHAN_SWEEP_JOB = 'files.sweep-orphans';
/**
 * Only files older than this are swept: a file is written before the transaction that names it
 * commits, and no transaction of the product runs for a day.
 */
export const ORPHAN_AGE_MS = 24 * 60 * 60_000;
const BATCH_KEYS = 500;
const companyKey = /^companies\/(\d+)\//;

/**
 * The keys of one company that a row of it still names: a file, thumbnail, mail or statement. The keys
 * travel as one JSON parameter, which both database drivers pass alike.
 */
async function namedKeys(db: Db, companyId: number, keys: string[]): Promise<Set<string>> {
  const { rows } = (await db.execute(sql`
    select k.key from json_array_elements_text(${JSON.stringify(keys)}::json) as k(key)
    where exists (select 1 from ${storedFiles} f where f.company_id = ${companyId}
                    and (f.storage_key = k.key or f.thumbnail_key = k.key))
       or exists (select 1 from ${mailMessages} m where m.company_id = ${companyId} and m.storage_key = k.key)
       or exists (select 1 from ${bankImports} i where i.company_id = ${companyId} and i.storage_key = k.key)
       or exists (select 1 from ${bankImportJobs} j where j.company_id = ${companyId} and j.storage_key = k.key)`)) as unknown as {
    rows: { key: string }[];
  };
  return new Set(rows.map((row) => row.key));
}

/**
 * Removes the companies' stored files that no row names: what a process killed between writing a file
 * and committing its row left behind (the rows were rolled back; the file was not). Answers how many
 * files it removed and how many old ones it kept.
 */
export async function sweepOrphanFiles(
  db: Db,
  store: ObjectStore,
  now = new Date(),
): Promise<{ removed: number; kept: number }> {
  const writtenBefore = new Date(now.getTime() - ORPHAN_AGE_MS);
  let removed = 0;
  let kept = 0;
  const batches = new Map<number, string[]>();
  const settle = async (companyId: number) => {
    const keys = batches.get(companyId) ?? [];
    batches.delete(companyId);
    if (keys.length === 0) return;
    const named = await namedKeys(db, companyId, keys);
    for (const key of keys) {
      if (named.has(key)) {
        kept += 1;
        continue;
      }
      await store.delete(key);
      removed += 1;
    }
  };
  for await (const key of store.listWrittenBefore('companies/', writtenBefore)) {
    const companyId = Number(companyKey.exec(key)?.[1]);
    if (!Number.isSafeInteger(companyId)) continue;
    const batch = batches.get(companyId) ?? [];
    batch.push(key);
    batches.set(companyId, batch);
    if (batch.length >= BATCH_KEYS) await settle(companyId);
  }
  for (const companyId of [...batches.keys()]) await settle(companyId);
  return { removed, kept };
}
