import { REMINDER_LIMITS, REMINDER_TIME_ZONE } from '@bilag/contracts';
import { addDays, dueSlot, todayIsoDate } from '@bilag/domain';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { enqueueJob, type JobHandlers, type JobSchedule, jobTime } from '../../platform/jobs';
import type { Providers } from '../../providers';
import type { MailClient } from '../../providers/mail/interface';
import * as repository from './reminder.repository';
import { reminderSchedule, SEND_NOW_JOB, voucherAlertSchedule } from './reminder.service';
import type { ReminderSettingsRow, SendingKind } from './reminder.table';
import { type AlertSection, reminderMail, type SendingContent, voucherAlertMail } from './reminder-mail';

/** Looks for reminders and alerts whose time has come, in every company. */
export const REMINDERS_DUE_JOB = 'reminders.due';
/** One e-mail of a sending to one person, so a failed send is retried alone. */
export const REMINDER_MAIL_JOB = 'reminders.mail';

/** Slots are whole hours; a look every five minutes sends each within minutes of its time. */
const DUE_EVERY_MS = 5 * 60_000;
/** A slot missed while no server ran is still sent within this time, and not after. */
const MAKE_UP_HOURS = 24;

const ReminderMailJob = z.object({
  companyId: z.number().int(),
  sendingId: z.number().int(),
  userId: z.number().int(),
  sections: z.array(z.enum(['arrived', 'missing'])).default([]),
});
type ReminderMailJob = z.infer<typeof ReminderMailJob>;

const SendNowJob = z.object({ companyId: z.number().int(), requestedBy: z.number().int() });

const emptyListing = { total: 0, rows: [], years: [] };

type Company = { companyId: number; companyName: string; alias: string };

async function reminderContent(
  db: Db,
  company: Company,
  settings: ReminderSettingsRow,
  now: Date,
): Promise<SendingContent> {
  const bookedOnOrBefore = addDays(todayIsoDate(REMINDER_TIME_ZONE, now), -settings.minDaysWithoutVoucher);
  return {
    companyName: company.companyName,
    alias: company.alias,
    minDays: settings.minDaysWithoutVoucher,
    bookedOnOrBefore,
    missing: await repository.missingTransactions(
      db,
      company.companyId,
      { bookedOnOrBefore },
      REMINDER_LIMITS.listedRows,
    ),
    arrived: emptyListing,
  };
}

type Claim = {
  companyId: number;
  kind: SendingKind;
  slot: string;
  content: SendingContent;
  recipients: { userId: number; sections: AlertSection[] }[];
  coversUntil?: Date;
  requestedBy?: number;
};

/**
 * Makes the sending of a slot and queues its e-mails in one transaction: the unique slot lets only
 * the first run through, so a slot goes out once however many runs reach it at the same time.
 * Answers whether this run made it.
 */
async function claimSending(db: Db, claim: Claim): Promise<boolean> {
  return db.transaction(async (tx) => {
    const sending = await repository.insertSending(tx, {
      companyId: claim.companyId,
      kind: claim.kind,
      slot: claim.slot,
      recipientUserIds: claim.recipients.map((recipient) => recipient.userId),
      content: claim.content,
      coversUntil: claim.coversUntil ?? null,
      requestedBy: claim.requestedBy ?? null,
    });
    if (!sending) return false;
    for (const recipient of claim.recipients) {
      const payload: ReminderMailJob = {
        companyId: claim.companyId,
        sendingId: sending.id,
        userId: recipient.userId,
        sections: recipient.sections,
      };
      await enqueueJob(tx, {
        name: REMINDER_MAIL_JOB,
        payload,
        singletonKey: `${REMINDER_MAIL_JOB}:${claim.companyId}:${sending.id}:${recipient.userId}`,
        companyId: claim.companyId,
        maxAttempts: 6,
      });
    }
    await writeAudit(tx, {
      companyId: claim.companyId,
      userId: claim.requestedBy ?? null,
      entity: 'reminder-sending',
      entityId: sending.id,
      action: 'send',
      after: {
        kind: claim.kind,
        slot: claim.slot,
        recipientUserIds: sending.recipientUserIds,
        missing: claim.content.missing.total,
        arrived: claim.content.arrived.total,
      },
    });
    return true;
  });
}

async function sendDueReminders(db: Db, now: Date): Promise<number> {
  let sent = 0;
  for (const { settings, companyName, alias } of await repository.listActiveReminders(db)) {
    const slot = dueSlot(reminderSchedule(settings), {
      now,
      inForceSince: settings.inForceSince,
      timeZone: REMINDER_TIME_ZONE,
      makeUpHours: MAKE_UP_HOURS,
    });
    if (slot === undefined) continue;
    const { companyId } = settings;
    if (await repository.sendingExists(db, companyId, 'reminder', slot)) continue;
    const members = await repository.membersAmong(db, companyId, settings.recipientUserIds);
    const content = await reminderContent(db, { companyId, companyName, alias }, settings, now);
    // Nothing missing, nothing to say: the slot is still recorded, so it is not looked at again.
    const recipients =
      content.missing.total === 0 ? [] : members.map((member) => ({ userId: member.userId, sections: [] }));
    if (await claimSending(db, { companyId, kind: 'reminder', slot, content, recipients })) sent += 1;
  }
  return sent;
}

async function sendDueVoucherAlerts(db: Db, now: Date): Promise<number> {
  let sent = 0;
  for (const { settings, companyName, alias } of await repository.listActiveVoucherAlerts(db)) {
    const slot = dueSlot(voucherAlertSchedule(settings), {
      now,
      inForceSince: settings.inForceSince,
      timeZone: REMINDER_TIME_ZONE,
      makeUpHours: MAKE_UP_HOURS,
    });
    if (slot === undefined) continue;
    const { companyId } = settings;
    if (await repository.sendingExists(db, companyId, 'voucher-alert', slot)) continue;
    const window = {
      createdAfter: (await repository.lastAlertWindowEnd(db, companyId)) ?? settings.inForceSince,
      createdUntil: now,
    };
    const content: SendingContent = {
      companyName,
      alias,
      minDays: 0,
      bookedOnOrBefore: null,
      missing: await repository.missingTransactions(db, companyId, window, REMINDER_LIMITS.listedRows),
      arrived: await repository.arrivedVouchers(db, companyId, window, REMINDER_LIMITS.listedRows),
    };
    const members = new Set(
      (
        await repository.membersAmong(
          db,
          companyId,
          settings.recipients.map((recipient) => recipient.userId),
        )
      ).map((member) => member.userId),
    );
    const recipients = settings.recipients
      .filter((recipient) => members.has(recipient.userId))
      .map((recipient) => ({
        userId: recipient.userId,
        sections: [
          ...(recipient.onVoucherArrived && content.arrived.total > 0 ? (['arrived'] as const) : []),
          ...(recipient.onTransactionMissing && content.missing.total > 0 ? (['missing'] as const) : []),
        ],
      }))
      .filter((recipient) => recipient.sections.length > 0);
    const claim = { companyId, kind: 'voucher-alert' as const, slot, content, recipients, coversUntil: now };
    if (await claimSending(db, claim)) sent += 1;
  }
  return sent;
}

/**
 * The scheduled look at every company's reminder and voucher alert, at the time the job acts at (tests
 * run the future now). Answers how many sendings this run made.
 */
export async function runDueReminders(db: Db, now: Date): Promise<{ reminders: number; alerts: number }> {
  const reminders = await sendDueReminders(db, now);
  const alerts = await sendDueVoucherAlerts(db, now);
  return { reminders, alerts };
}

/** The reminder as it stands, to its recipients now, even when nothing is missing (they asked for it). */
export async function sendReminderNowJob(
  db: Db,
  request: { companyId: number; requestedBy: number },
  jobId: number,
  now: Date,
): Promise<boolean> {
  const { companyId } = request;
  const [settings, company] = await Promise.all([
    repository.findReminder(db, companyId),
    repository.findCompany(db, companyId),
  ]);
  if (!settings || !company) return false;
  const members = await repository.membersAmong(db, companyId, settings.recipientUserIds);
  const content = await reminderContent(db, { companyId, ...company }, settings, now);
  return claimSending(db, {
    companyId,
    kind: 'reminder-now',
    // The job's own id: a retry of the job finds its sending made and sends nothing twice.
    slot: `manual:${jobId}`,
    content,
    recipients: members.map((member) => ({ userId: member.userId, sections: [] })),
    requestedBy: request.requestedBy,
  });
}

/**
 * Writes one e-mail of a sending, in the reader's language at the time it is written. A person no
 * longer a member of the company (or whose account is closed) is not written to.
 */
export async function sendReminderMail(
  db: Db,
  mail: MailClient,
  publicUrl: string,
  job: ReminderMailJob,
): Promise<'sent' | 'skipped'> {
  const sending = await repository.findSending(db, job.companyId, job.sendingId);
  const [reader] = await repository.membersAmong(db, job.companyId, [job.userId]);
  if (!sending || !reader) return 'skipped';
  const outgoing =
    sending.kind === 'voucher-alert'
      ? voucherAlertMail(sending.content, job.sections, reader, publicUrl)
      : reminderMail(sending.kind, sending.content, reader, publicUrl);
  if (!outgoing) return 'skipped';
  await mail.send(outgoing);
  return 'sent';
}

export function reminderJobs(dependencies: {
  db: Db;
  providers: Providers;
  config: Pick<Config, 'publicUrl'>;
}): { handlers: JobHandlers; schedules: JobSchedule[] } {
  const { providers, config } = dependencies;
  return {
    handlers: {
      [REMINDERS_DUE_JOB]: async (_payload, context) => {
        const made = await runDueReminders(context.db, jobTime(context));
        if (made.reminders + made.alerts > 0) context.log?.info(made, 'sent reminders and voucher alerts');
        return undefined;
      },
      [SEND_NOW_JOB]: async (payload, context) => {
        await sendReminderNowJob(context.db, SendNowJob.parse(payload), context.job.id, jobTime(context));
        return undefined;
      },
      [REMINDER_MAIL_JOB]: async (payload, context) => {
        const job = ReminderMailJob.parse(payload);
        const outcome = await sendReminderMail(context.db, providers.mail, config.publicUrl, job);
        if (outcome === 'skipped')
          context.log?.info(
            job,
            'reminder e-mail not sent: the reader is no longer a member, or nothing is for them',
          );
        return undefined;
      },
    },
    schedules: [{ name: REMINDERS_DUE_JOB, everyMs: DUE_EVERY_MS }],
  };
}
