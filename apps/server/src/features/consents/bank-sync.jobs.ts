import { todayIsoDate } from '@bilag/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { enqueueJob, type JobHandlers, type JobSchedule, jobTime } from '../../platform/jobs';
import type { Providers } from '../../providers';
import { listConsentIdsOfWaitingJobs, listDueConsents } from './bank-sync.repository';
import { syncConsent } from './bank-sync.service';

/** The background jobs of the bank sync: one consent's sync, and the schedule that finds the consents due. */
export const ConsentSyncJob = {
  sync: 'consents.sync',
  due: 'consents.sync-due',
} as const;

/** How often the schedule looks for consents due; each consent is synced no more often than it allows. */
const DUE_CHECK_EVERY_MS = 15 * 60_000;
/** A sync that keeps failing is given up after this many attempts (about 2.5 minutes of backoff). */
const SYNC_ATTEMPTS = 5;

const SyncPayload = z.object({ companyId: z.number().int(), consentId: z.number().int() });

const syncKey = (target: { companyId: number; consentId: number }) =>
  `${ConsentSyncJob.sync}:${target.companyId}:${target.consentId}`;

/** Queues a sync of the consent to run now; while one waits or runs, another is not added. */
export async function enqueueConsentSync(
  db: Db,
  target: { companyId: number; consentId: number },
): Promise<void> {
  await enqueueJob(db, {
    name: ConsentSyncJob.sync,
    payload: { companyId: target.companyId, consentId: target.consentId },
    singletonKey: syncKey(target),
    companyId: target.companyId,
    maxAttempts: SYNC_ATTEMPTS,
  });
}

/** The company's consents with a sync waiting or running. */
export async function syncingConsentIds(db: Db, companyId: number): Promise<Set<number>> {
  return new Set(await listConsentIdsOfWaitingJobs(db, companyId, ConsentSyncJob.sync));
}

export function consentSyncJobs(dependencies: { db: Db; providers: Providers }): {
  handlers: JobHandlers;
  schedules: JobSchedule[];
} {
  return {
    handlers: {
      [ConsentSyncJob.sync]: (payload, context) =>
        syncConsent({ ...dependencies, log: context.log }, SyncPayload.parse(payload), {
          at: jobTime(context),
          attempt: context.job.attempts,
          isLastAttempt: context.job.attempts >= context.job.maxAttempts,
        }),
      [ConsentSyncJob.due]: async (_payload, context) => {
        const at = jobTime(context);
        for (const target of await listDueConsents(context.db, at, todayIsoDate('Europe/Oslo', at))) {
          await enqueueConsentSync(context.db, target);
        }
        return undefined;
      },
    },
    schedules: [{ name: ConsentSyncJob.due, everyMs: DUE_CHECK_EVERY_MS }],
  };
}
