import { addDays, todayIsoDate } from '@bilag/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankConsentEvents, notifications } from '../../db/schema';
import { enqueueJob, type JobHandlers, runJobsUntilIdle } from '../../platform/jobs';
import { createProviders } from '../../providers';
import { type ConsentWorld, givenConsentWorld, PUBLIC_URL } from './consent.fixtures';
import { EXPIRY_MAIL_JOB, runConsentExpiry } from './consent-expiry.service';
import { CONSENT_EXPIRY_JOB, consentJobs } from './consent-jobs';

const DAY_MS = 86_400_000;

describe('consent expiry: notices 14, 7 and 1 days before, then the end', () => {
  let world: ConsentWorld;
  let handlers: JobHandlers;
  let consentId: number;

  beforeAll(async () => {
    world = await givenConsentWorld();
    const all = consentJobs({
      db: world.context.db,
      providers: createProviders(world.sandbox.providers),
      config: { publicUrl: PUBLIC_URL },
    }).handlers;
    const expiry = all[CONSENT_EXPIRY_JOB];
    const mail = all[EXPIRY_MAIL_JOB];
    if (!expiry || !mail) throw new Error('the consent jobs lack the expiry run or its e-mail');
    // The expiry run and its e-mails only: the bank sync has tests of its own.
    handlers = { [CONSENT_EXPIRY_JOB]: expiry, [EXPIRY_MAIL_JOB]: mail };
    const started = await world.started({ validUntil: addDays(todayIsoDate('Europe/Oslo'), 14) });
    consentId = started.consent.id;
    await world.decidedAtBank(started);
  });
  afterAll(() => world.close());

  /** The hourly run as it acts `days` from now, with the e-mails it queued. */
  async function runExpiryIn(days: number) {
    const at = new Date(Date.now() + days * DAY_MS);
    await enqueueJob(world.context.db, { name: CONSENT_EXPIRY_JOB, runAt: at });
    await runJobsUntilIdle(world.context.db, { handlers, dueBy: at });
  }

  async function notificationsOfMember() {
    return world.context.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.companyId, world.companyId), eq(notifications.userId, world.tenancy.user.id)),
      )
      .orderBy(notifications.id);
  }

  async function mailsTo(address: string): Promise<{ subject: string; text: string }[]> {
    const list = (await fetch(
      `${world.sandbox.url}/mail/api/messages?to=${encodeURIComponent(address)}&waitMs=2000`,
    ).then((response) => response.json())) as { messages: { id: string }[] };
    return Promise.all(
      list.messages.map((summary) =>
        fetch(`${world.sandbox.url}/mail/api/messages/${summary.id}`).then(
          (response) => response.json() as Promise<{ subject: string; text: string }>,
        ),
      ),
    );
  }

  it('tells the company’s people 14 days before, once, however many runners take the run', async () => {
    const at = new Date();
    const runs = await Promise.all([
      runConsentExpiry(world.context.db, PUBLIC_URL, at),
      runConsentExpiry(world.context.db, PUBLIC_URL, at),
    ]);
    expect(runs.reduce((total, run) => total + run.notices, 0)).toBe(1);
    await runExpiryIn(0);
    await runJobsUntilIdle(world.context.db, { handlers });

    const [notice, ...others] = await notificationsOfMember();
    expect(others).toEqual([]);
    expect(notice).toMatchObject({
      kind: 'consent-expiring',
      details: { bank: 'DNB Bank', days: 14 },
      link: expect.stringMatching(new RegExp(`^/company-[0-9a-f]+/setting/ztl-consent/${consentId}/renew$`)),
    });
    const [mail, ...moreMails] = await mailsTo(world.tenancy.user.email);
    expect(moreMails).toEqual([]);
    expect(mail?.subject).toMatch(/: the bank consent with DNB Bank ends in 14 days$/);
    expect(mail?.text).toContain(`${PUBLIC_URL}/company-`);
    expect(mail?.text).toContain(`/setting/ztl-consent/${consentId}/renew`);
  });

  it('tells them again 7 days and 1 day before, and marks the consent expired after its last day', async () => {
    await runExpiryIn(7);
    await runExpiryIn(8);
    await runExpiryIn(13);
    await runExpiryIn(14);
    expect((await world.storedConsent(consentId)).status).toBe('valid');
    await runExpiryIn(15);

    const kinds = (await notificationsOfMember()).map((row) => [row.kind, row.details.days ?? null]);
    expect(kinds).toEqual([
      ['consent-expiring', 14],
      ['consent-expiring', 7],
      ['consent-expiring', 1],
      ['consent-ended', null],
    ]);
    const stored = await world.storedConsent(consentId);
    expect(stored).toMatchObject({ status: 'expired', expiryNoticesSent: [14, 7, 1] });
    const events = await world.context.db
      .select({ kind: bankConsentEvents.kind })
      .from(bankConsentEvents)
      .where(
        and(eq(bankConsentEvents.companyId, world.companyId), eq(bankConsentEvents.consentId, consentId)),
      );
    expect(
      events.map((event) => event.kind).filter((kind) => kind !== 'created' && kind !== 'accepted'),
    ).toEqual(['expiry-notice', 'expiry-notice', 'expiry-notice', 'expired']);
    const subjects = (await mailsTo(world.tenancy.user.email)).map((mail) =>
      mail.subject.replace(/^.*ends in /, ''),
    );
    expect(subjects.sort()).toEqual(['1 days', '14 days', '7 days']);

    const listed = await world.call('GET', `/api/consent/by-company?companyId=${world.companyId}`);
    expect(listed.json().data.consents[0]).toMatchObject({
      status: 'expired',
      expiringSoon: false,
      daysLeft: null,
    });
  });
});
