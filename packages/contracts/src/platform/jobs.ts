import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id, PageNumber } from '../ids';
import { route } from '../route';

const tags = ['jobs'];

/** queued: waits for its time; running: claimed by a server process; done; failed: out of attempts. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const JobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobState>;

export const Job = z.object({
  Id: z.number().int(),
  Name: z.string(),
  State: JobState,
  CompanyId: z.number().int().nullable(),
  Payload: z.unknown(),
  Attempts: z.number().int(),
  MaxAttempts: z.number().int(),
  RunAt: z.string(),
  LastError: z.string().nullable(),
  CreatedAt: z.string(),
  FinishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof Job>;

export const listJobs = route({
  method: 'GET',
  path: `${ApiPrefix.main}/admin/jobs`,
  access: 'admin',
  action: 'admin.jobs',
  query: z.object({
    state: JobState.optional(),
    page: PageNumber.default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  reply: envelope(z.object({ rows: z.array(Job), total: z.number().int() })),
  summary:
    'Background jobs (bank status polling, reconciliation, expiry), newest first; failed ones with why',
  tags,
});

export const retryJob = route({
  method: 'POST',
  path: `${ApiPrefix.main}/admin/jobs/:id/retry`,
  access: 'admin',
  action: 'admin.jobs',
  params: z.object({ id: Id }),
  reply: envelope(Job),
  summary: 'Queue a failed job again with fresh attempts',
  tags,
});
