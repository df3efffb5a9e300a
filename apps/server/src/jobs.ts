import path from 'node:path';
import type { Config } from './config';
import type { Db } from './db/client';
import { companyUserJobs } from './features/company-users';
import { consentJobs } from './features/consents';
import { ehfReportJobs } from './features/ehf';
import { ORPHAN_SWEEP_JOB, sweepOrphanFiles } from './features/files';
import { mailIntakeJobs } from './features/mail-intake';
import { onboardingJobs } from './features/onboarding';
import { paymentJobs } from './features/payments';
import { reminderJobs } from './features/reminders';
import { taskJobs } from './features/tasks';
import { deleteOldJobs, type JobHandlers, type JobSchedule } from './platform/jobs';
import { createLocalDiskStore, type ObjectStore } from './platform/object-store';
import type { Providers } from './providers';

const CLEANUP_JOB = 'jobs.cleanup';
const DAY_MS = 24 * 60 * 60_000;

/** Every background job of the product with its handler, and the ones that run on a schedule. */
export function productJobs(dependencies: {
  db: Db;
  providers: Providers;
  config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'dataDir'>>;
  /** Where jobs write files; the app's store under the data folder (as app.ts) unless given. */
  store?: ObjectStore;
}): {
  handlers: JobHandlers;
  schedules: JobSchedule[];
} {
  const payments = paymentJobs(dependencies);
  const consents = consentJobs(dependencies);
  const companyUsers = companyUserJobs(dependencies);
  const onboarding = onboardingJobs(dependencies);
  const tasks = taskJobs();
  const reminders = reminderJobs(dependencies);
  const { dataDir } = dependencies.config;
  const store =
    dependencies.store ??
    (dataDir === undefined ? undefined : createLocalDiskStore(path.join(dataDir, 'files')));
  const ehfReports = store ? ehfReportJobs({ ...dependencies, store }).handlers : {};
  const mailIntake = store ? mailIntakeJobs({ db: dependencies.db, store }).handlers : {};
  const fileSweep: JobHandlers = store
    ? {
        [ORPHAN_SWEEP_JOB]: async (_payload, { db, log }) => {
          const swept = await sweepOrphanFiles(db, store);
          if (swept.removed > 0) log?.warn(swept, 'removed stored files that no row names');
          return undefined;
        },
      }
    : {};
  return {
    handlers: {
      ...payments.handlers,
      ...consents.handlers,
      ...companyUsers.handlers,
      ...onboarding.handlers,
      ...tasks.handlers,
      ...reminders.handlers,
      ...ehfReports,
      ...mailIntake,
      ...fileSweep,
      [CLEANUP_JOB]: async (_payload, { db }) => {
        await deleteOldJobs(db, new Date(Date.now() - 7 * DAY_MS));
        return undefined;
      },
    },
    schedules: [
      ...payments.schedules,
      ...consents.schedules,
      ...onboarding.schedules,
      ...tasks.schedules,
      ...reminders.schedules,
      { name: CLEANUP_JOB, everyMs: DAY_MS },
      ...(store ? [{ name: ORPHAN_SWEEP_JOB, everyMs: DAY_MS }] : []),
    ],
  };
}
