import { CONSENT_EXPIRY_NOTICE_DAYS, type Language, normalizeLanguage } from '@bilag/contracts';
import { daysBetween, formatDate } from '@bilag/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { enqueueJob } from '../../platform/jobs';
import { translate } from '../../platform/messages';
import type { MailClient } from '../../providers/mail/interface';
import { notifyCompanyUsers } from '../notifications';
import { consentToday } from './consent.mapping';
import * as repository from './consent.repository';

/** The job that e-mails one person an expiry notice; one per recipient, so a failed send retries alone. */
export const EXPIRY_MAIL_JOB = 'consents.expiry-mail';

/** Consents handled per statement; a run goes on until none is left. */
const BATCH = 200;
/** A guard against a loop that never empties: more than this many batches waits for the next run. */
const MAX_BATCHES = 50;

export const ExpiryMail = z.object({
  to: z.string(),
  language: z.string(),
  company: z.string(),
  bank: z.string(),
  days: z.number().int(),
  date: z.string(),
  link: z.string(),
});
export type ExpiryMail = z.infer<typeof ExpiryMail>;

const consentPagePath = (alias: string) => `/${alias}/consent`;
const renewPath = (alias: string, consentId: number) => `/${alias}/setting/ztl-consent/${consentId}/renew`;

/** Valid consents past their last day become expired, and the company's people are told, once. */
async function expireEndedConsents(db: Db, today: string): Promise<number> {
  let expired = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const due = await repository.listConsentsPastTheirEnd(db, today, BATCH);
    for (const { consent, bankName, alias } of due) {
      const changed = await db.transaction(async (tx) => {
        const row = await repository.markExpired(tx, consent.companyId, consent.id);
        if (!row) return false;
        await repository.insertEvents(tx, [
          {
            companyId: row.companyId,
            consentId: row.id,
            kind: 'expired',
            isError: true,
            details: { date: row.validUntil ?? today },
          },
        ]);
        await writeAudit(tx, {
          companyId: row.companyId,
          userId: null,
          entity: 'bank-consent',
          entityId: row.id,
          action: 'expire',
          before: { status: consent.status },
          after: { status: row.status, validUntil: row.validUntil },
        });
        await notifyCompanyUsers(tx, {
          companyId: row.companyId,
          kind: 'consent-ended',
          details: { bank: bankName },
          link: consentPagePath(alias),
        });
        return true;
      });
      if (changed) expired += 1;
    }
    if (due.length < BATCH) break;
  }
  return expired;
}

/**
 * Tells the company's people, in the product and by e-mail, that a consent ends in 14, 7 or 1 days.
 * The notice is recorded on the consent in the same statement that claims it, so it goes out once
 * even when two runners take the same consent; the e-mails are jobs of their own, written in the
 * same transaction.
 */
async function sendExpiryNotices(db: Db, publicUrl: string, today: string): Promise<number> {
  let sent = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const due = await repository.listConsentsDueANotice(db, today, CONSENT_EXPIRY_NOTICE_DAYS, BATCH);
    for (const { consent, dueNotice, bankName, companyName, alias } of due) {
      const validUntil = consent.validUntil;
      if (validUntil === null) continue;
      const days = daysBetween(today, validUntil);
      const path = renewPath(alias, consent.id);
      const claimed = await db.transaction(async (tx) => {
        if (!(await repository.claimExpiryNotice(tx, consent.companyId, consent.id, dueNotice))) return false;
        const recipients = await notifyCompanyUsers(tx, {
          companyId: consent.companyId,
          kind: 'consent-expiring',
          details: { bank: bankName, days, date: validUntil },
          link: path,
        });
        await repository.insertEvents(tx, [
          { companyId: consent.companyId, consentId: consent.id, kind: 'expiry-notice', details: { days } },
        ]);
        for (const recipient of recipients) {
          const mail: ExpiryMail = {
            to: recipient.email,
            language: recipient.language,
            company: companyName,
            bank: bankName,
            days,
            date: validUntil,
            link: `${publicUrl}${path}`,
          };
          await enqueueJob(tx, {
            name: EXPIRY_MAIL_JOB,
            payload: mail,
            companyId: consent.companyId,
          });
        }
        return true;
      });
      if (claimed) sent += 1;
    }
    if (due.length < BATCH) break;
  }
  return sent;
}

/** The hourly expiry run, at the time the job acts at (tests run the future now). */
export async function runConsentExpiry(db: Db, publicUrl: string, now: Date) {
  const today = consentToday(now);
  const expired = await expireEndedConsents(db, today);
  const notices = await sendExpiryNotices(db, publicUrl, today);
  return { expired, notices };
}

function displayDate(language: Language, date: string): string {
  return language === 'no' ? formatDate(date, 'DD.MM.YYYY') : date;
}

export async function sendExpiryMail(mail: MailClient, notice: ExpiryMail): Promise<void> {
  const language = normalizeLanguage(notice.language);
  const params = {
    company: notice.company,
    bank: notice.bank,
    days: notice.days,
    date: displayDate(language, notice.date),
    link: notice.link,
  };
  await mail.send({
    to: notice.to,
    subject: translate(language, 'consentExpiryMailSubject', params),
    text: translate(language, 'consentExpiryMailText', params),
  });
}
