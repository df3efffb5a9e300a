import { ErrorCode } from '@bilag/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { givenTenantApp, type TenantApp } from '../test/fixtures';
import { jobs } from './job.table';
import { enqueueJob, runDueJobs } from './jobs';

describe('background jobs for administrators', () => {
  let context: TenantApp;
  let failedId: number;
  let queuedId: number;

  beforeAll(async () => {
    context = await givenTenantApp();
    failedId =
      (await enqueueJob(context.db, {
        name: 'test.fails',
        payload: { flowId: 'f-1' },
        maxAttempts: 1,
        companyId: context.companyId,
      })) ?? 0;
    await runDueJobs(context.db, {
      handlers: {
        'test.fails': async () => {
          throw new Error('the bank said no');
        },
      },
    });
    queuedId =
      (await enqueueJob(context.db, { name: 'test.waits', runAt: new Date(Date.now() + 60_000) })) ?? 0;
  });
  afterAll(() => context.close());

  it('lists jobs newest first, by state, with why they failed', async () => {
    const all = await context.call('GET', '/api/main/admin/jobs', undefined, context.adminSession);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.rows.map((job: { Id: number }) => job.Id)).toEqual([queuedId, failedId]);
    const failed = await context.call(
      'GET',
      '/api/main/admin/jobs?state=failed',
      undefined,
      context.adminSession,
    );
    expect(failed.json().data).toMatchObject({
      total: 1,
      rows: [
        {
          Id: failedId,
          Name: 'test.fails',
          State: 'failed',
          CompanyId: context.companyId,
          Attempts: 1,
          LastError: 'Error: the bank said no',
          Payload: { flowId: 'f-1' },
        },
      ],
    });
  });

  it('queues a failed job again with fresh attempts, and nothing else', async () => {
    const retried = await context.call(
      'POST',
      `/api/main/admin/jobs/${failedId}/retry`,
      undefined,
      context.adminSession,
    );
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ State: 'queued', Attempts: 0 });
    const [row] = await context.db.select().from(jobs).where(eq(jobs.id, failedId));
    expect(row?.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    const audits = await context.db.select().from(auditLog).where(eq(auditLog.entity, 'job'));
    expect(audits).toHaveLength(1);

    const again = await context.call(
      'POST',
      `/api/main/admin/jobs/${failedId}/retry`,
      undefined,
      context.adminSession,
    );
    expect(again.statusCode).toBe(409);
    const queued = await context.call(
      'POST',
      `/api/main/admin/jobs/${queuedId}/retry`,
      undefined,
      context.adminSession,
    );
    expect(queued.statusCode).toBe(409);
    const unknown = await context.call(
      'POST',
      '/api/main/admin/jobs/999999/retry',
      undefined,
      context.adminSession,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('shows jobs to administrators only', async () => {
    const listed = await context.call('GET', '/api/main/admin/jobs');
    expect(listed.statusCode).toBe(403);
    expect(listed.json().code).toBe(ErrorCode.ADMIN_ONLY);
    const retried = await context.call('POST', `/api/main/admin/jobs/${failedId}/retry`);
    expect(retried.statusCode).toBe(403);
  });
});
