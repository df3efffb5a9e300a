import { z } from 'zod';
import type { Db } from '../../db/client';
import type { JobHandlers } from '../../platform/jobs';
import type { ObjectStore } from '../../platform/object-store';
import { MAIL_PROCESS_JOB, processMail } from './mail-processing.service';

const ProcessPayload = z.object({ companyId: z.number().int(), inboxItemId: z.number().int() });

/** Processing of the mail the listener kept: one job per arrival, so a crash or restart finishes it. */
export function mailIntakeJobs(dependencies: { db: Db; store: ObjectStore }): {
  handlers: JobHandlers;
} {
  return {
    handlers: {
      [MAIL_PROCESS_JOB]: async (payload, { db }) => {
        await processMail({ ...dependencies, db }, ProcessPayload.parse(payload));
        return undefined;
      },
    },
  };
}
