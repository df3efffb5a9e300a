import { z } from 'zod';
import type { Db } from '../../db/client';
import type { JobBatchRun, JobHandler, JobHandlers, JobOutcome } from '../../platform/jobs';
import type { ObjectStore } from '../../platform/object-store';
import { MAIL_PROCESS_JOB, processMails } from './mail-processing.service';

const ProcessPayload = z.object({ companyId: z.number().int(), inboxItemId: z.number().int() });

/**
 * Processing of the mail the listener kept: one job per arrival, so a crash or restart finishes it. The
 * jobs claimed together are processed together; when that fails, each mail is tried alone, so one that
 * cannot be processed fails only its own job.
 */
export function mailIntakeJobs(dependencies: { db: Db; store: ObjectStore }): {
  handlers: JobHandlers;
} {
  const processAlone = async (payload: unknown, db: Db): Promise<JobOutcome> => {
    await processMails({ ...dependencies, db }, [ProcessPayload.parse(payload)]);
    return undefined;
  };
  const processTogether: JobBatchRun = async (jobs, { db }) => {
    const targets = jobs.map((job) => ProcessPayload.safeParse(job.payload));
    if (targets.every((target) => target.success)) {
      const processed = await processMails(
        { ...dependencies, db },
        targets.map((target) => target.data),
      ).then(
        () => true,
        () => false,
      );
      if (processed) return new Map(jobs.map((job) => [job.id, undefined]));
    }
    const outcomes = new Map<number, JobOutcome | Error>();
    for (const job of jobs) {
      outcomes.set(
        job.id,
        await processAlone(job.payload, db).catch((error: unknown) =>
          error instanceof Error ? error : new Error(String(error)),
        ),
      );
    }
    return outcomes;
  };
  const handler: JobHandler = Object.assign(
    (payload: Record<string, unknown>, { db }: { db: Db }) => processAlone(payload, db),
    { batch: processTogether },
  );
  return { handlers: { [MAIL_PROCESS_JOB]: handler } };
}
