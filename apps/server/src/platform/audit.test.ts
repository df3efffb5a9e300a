import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { writeAudit } from './audit';
import { auditLog } from './audit.table';

describe('audit log', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  it('records who changed what, with before and after, as part of the same transaction', async () => {
    await context.db.transaction(async (tx) => {
      await writeAudit(tx, {
        companyId: 41,
        userId: 7,
        entity: 'voucher',
        entityId: 3,
        action: 'update',
        before: { amount: 100 },
        after: { amount: 250 },
      });
    });
    const rows = await context.db.select().from(auditLog).where(eq(auditLog.companyId, 41));
    expect(rows).toMatchObject([
      {
        userId: 7,
        entity: 'voucher',
        entityId: '3',
        action: 'update',
        before: { amount: 100 },
        after: { amount: 250 },
      },
    ]);
  });

  it('keeps no audit row when the change it belongs to is rolled back', async () => {
    await expect(
      context.db.transaction(async (tx) => {
        await writeAudit(tx, { companyId: 42, userId: 7, entity: 'voucher', entityId: 4, action: 'delete' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await context.db.select().from(auditLog).where(eq(auditLog.companyId, 42));
    expect(rows).toEqual([]);
  });
});
