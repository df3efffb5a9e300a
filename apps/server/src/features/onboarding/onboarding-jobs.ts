import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobHandlers, JobSchedule } from '../../platform/jobs';
import { ProviderError, type Providers } from '../../providers';
import { onboardingsToPoll } from './onboarding.repository';
import { followOnboarding, STATUSES_TO_FOLLOW } from './onboarding.service';

export const ONBOARDING_POLL_JOB = 'onboarding.poll';
const POLL_EVERY_MS = 10 * 60_000;
/** Onboardings read from the database at a time. */
const PAGE_SIZE = 200;

/**
 * Asks the provider about every onboarding it may still move on, so a sign order that expires (or is
 * signed) while nobody has the page open is recorded and the company's people are told.
 */
export function onboardingJobs(dependencies: {
  db: Db;
  providers: Providers;
  config: Pick<Config, 'publicUrl'>;
}): { handlers: JobHandlers; schedules: JobSchedule[] } {
  const { providers } = dependencies;
  return {
    handlers: {
      [ONBOARDING_POLL_JOB]: async (_payload, { db, log }) => {
        let afterId = 0;
        for (;;) {
          const page = await onboardingsToPoll(db, STATUSES_TO_FOLLOW, afterId, PAGE_SIZE);
          for (const row of page) {
            try {
              await followOnboarding({ db, providers }, row, null);
            } catch (error) {
              // A provider that cannot be reached fails the run, which the runner retries with backoff.
              if (!(error instanceof ProviderError) || error.failure === 'unavailable') throw error;
              // One onboarding the provider refuses to answer about must not hold up the others.
              log?.warn(
                { err: error, companyId: row.companyId, onboardingId: row.id },
                'onboarding not followed',
              );
            }
          }
          const last = page.at(-1);
          if (!last || page.length < PAGE_SIZE) return undefined;
          afterId = last.id;
        }
      },
    },
    schedules: [{ name: ONBOARDING_POLL_JOB, everyMs: POLL_EVERY_MS }],
  };
}
