import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type JobHandlers, type JobSchedule, jobTime } from '../../platform/jobs';
import type { Providers } from '../../providers';
import { consentSyncJobs } from './bank-sync.jobs';
import { REVOKE_AT_BANK_JOB, revokeReplacedConsentAtBank } from './consent.service';
import { EXPIRY_MAIL_JOB, ExpiryMail, runConsentExpiry, sendExpiryMail } from './consent-expiry.service';

export const CONSENT_EXPIRY_JOB = 'consents.expiry';
const EXPIRY_EVERY_MS = 60 * 60_000;

const ConsentTarget = z.object({ companyId: z.number().int(), consentId: z.number().int() });

/**
 * The consents' background work: the hourly expiry run (consents that ran out, and the 14/7/1-day
 * notices with their e-mails), ending a renewed consent at the bank, and the bank sync's jobs.
 */
export function consentJobs(dependencies: {
  db: Db;
  providers: Providers;
  config: Pick<Config, 'publicUrl'>;
}): { handlers: JobHandlers; schedules: JobSchedule[] } {
  const { db, providers, config } = dependencies;
  const sync = consentSyncJobs({ db, providers });
  return {
    handlers: {
      ...sync.handlers,
      [CONSENT_EXPIRY_JOB]: async (_payload, context) => {
        await runConsentExpiry(db, config.publicUrl, jobTime(context));
        return undefined;
      },
      [EXPIRY_MAIL_JOB]: async (payload) => {
        await sendExpiryMail(providers.mail, ExpiryMail.parse(payload));
        return undefined;
      },
      [REVOKE_AT_BANK_JOB]: async (payload) => {
        await revokeReplacedConsentAtBank({ db, providers }, ConsentTarget.parse(payload));
        return undefined;
      },
    },
    schedules: [...sync.schedules, { name: CONSENT_EXPIRY_JOB, everyMs: EXPIRY_EVERY_MS }],
  };
}
