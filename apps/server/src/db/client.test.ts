import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openPglite } from './client';
import { rowsOf } from './sql-helpers';

// The embedded client alone; the PostgreSQL pass of the suite has nothing to add to it.
describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database client', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openPglite();
  });
  afterAll(async () => {
    await database.close();
  });

  it("reads dates, times, intervals and their arrays as PostgreSQL wrote them, for drizzle's mapping", async () => {
    const written = sql`select
      timestamptz '2025-03-14 12:30:00+00' as "at",
      timestamp '2025-03-14 12:30:00' as "local",
      date '2025-03-14' as "day",
      interval '2 days' as "span",
      array[date '2025-03-14', date '2025-03-15'] as "days",
      array[1.50, 2.25]::numeric[] as "amounts"`;
    const inTransaction = await database.db.transaction((tx) => rowsOf(tx, written));
    const alone = await rowsOf(database.db, written);
    expect(inTransaction).toEqual(alone);
    expect(alone[0]).toEqual({
      at: '2025-03-14 12:30:00+00',
      local: '2025-03-14 12:30:00',
      day: '2025-03-14',
      span: '2 days',
      days: '{2025-03-14,2025-03-15}',
      amounts: '{1.50,2.25}',
    });
  });

  it('sends drizzle queries without parsers of their own, which would have PGlite copy its map of parsers', async () => {
    const query = vi.spyOn(PGlite.prototype, 'query');
    try {
      await database.db.execute(sql`select 1`);
      expect(query).toHaveBeenCalled();
      for (const [, , options] of query.mock.calls) expect(options?.parsers).toBeUndefined();
    } finally {
      query.mockRestore();
    }
  });
});
