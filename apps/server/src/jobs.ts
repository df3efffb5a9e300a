import type { Config } from './config';
import type { Db } from './db/client';
import { consentJobs } from './features/consents';
import { onboardingJobs } from './features/onboarding';
import { paymentJobs } from './features/payments';
import { deleteOldJobs, type JobHandlers, type JobSchedule } from './platform/jobs';
import type { Providers } from './providers';

const CLEANUP_JOB = 'jobs.cleanup';
const DAY_MS = 24 * 60 * 60_000;

/** Every background job of the product with its handler, and the ones that run on a schedule. */
export function productJobs(dependencies: {
  db: Db;
  providers: Providers;
  config: Pick<Config, 'publicUrl'>;
}): {
  handlers: JobHandlers;
  schedules: JobSchedule[];
} {
  const payments = paymentJobs(dependencies);
  const consents = consentJobs(dependencies);
  const onboarding = onboardingJobs(dependencies);
  return {
    handlers: {
      ...payments.handlers,
      ...consents.handlers,
      ...onboarding.handlers,
      [CLEANUP_JOB]: async (_payload, { db }) => {
        await deleteOldJobs(db, new Date(Date.now() - 7 * DAY_MS));
        return undefined;
      },
    },
    schedules: [
      ...payments.schedules,
      ...consents.schedules,
      ...onboarding.schedules,
      { name: CLEANUP_JOB, everyMs: DAY_MS },
    ],
  };
}
