import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type JobHandlers, jobTime } from '../../platform/jobs';
import type { Providers } from '../../providers';
import { INVITATION_MAIL_JOB, InvitationMail, sendInvitationMail } from './company-user.service';

/** Sending invitations, retried by the job runner while the mail server is away. */
export function companyUserJobs(dependencies: {
  db: Db;
  providers: Providers;
  config: Pick<Config, 'publicUrl'>;
}): { handlers: JobHandlers } {
  const { db, providers, config } = dependencies;
  return {
    handlers: {
      [INVITATION_MAIL_JOB]: async (payload, context) => {
        const { invitationId } = InvitationMail.parse(payload);
        await sendInvitationMail(db, providers.mail, config.publicUrl, invitationId, jobTime(context));
        return undefined;
      },
    },
  };
}
