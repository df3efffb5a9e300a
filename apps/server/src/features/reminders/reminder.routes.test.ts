import {
  ErrorCode,
  type LoginData,
  REMINDER_TIME_ZONE,
  type ReminderFields,
  ReminderSettings,
  RoleId,
  VoucherSource,
} from '@bilag/contracts';
import { addDays, formatDate, localDateTime, nextSlot, type SendingSchedule } from '@bilag/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyUsers, jobs, reminderSendings, vouchers } from '../../db/schema';
import { productJobs } from '../../jobs';
import { type JobHandlers, runJobsUntilIdle } from '../../platform/jobs';
import { createProviders } from '../../providers';
import {
  bearer,
  givenBankAccount,
  givenCompany,
  givenTenancy,
  givenTransaction,
  givenUser,
  login,
} from '../../test/fixtures';
import { givenSandbox, type RunningSandbox } from '../../test/sandbox';
import { createTestApp } from '../../test/test-app';
import { addCompanyUser } from '../companies';
import { REMINDER_MAIL_JOB, REMINDERS_DUE_JOB, reminderJobs, runDueReminders } from './reminder.jobs';
import { SEND_NOW_JOB } from './reminder.service';

const PUBLIC_URL = 'https://bilag.example';

type Context = Awaited<ReturnType<typeof createTestApp>> & Awaited<ReturnType<typeof givenTenancy>>;

let context: Context;
let sandbox: RunningSandbox;
let handlers: JobHandlers;

beforeAll(async () => {
  sandbox = await givenSandbox();
  const testApp = await createTestApp({ providers: sandbox.providers, publicUrl: PUBLIC_URL });
  context = { ...testApp, ...(await givenTenancy(testApp)) };
  handlers = reminderJobs({
    db: context.db,
    providers: createProviders(sandbox.providers),
    config: { publicUrl: PUBLIC_URL },
  }).handlers;
});
afterAll(async () => {
  await context.close();
  await sandbox.close();
});

const weeklyOnMondays = (recipientUserIds: number[]): ReminderFields => ({
  isActive: true,
  frequency: 'weekly',
  weekday: 1,
  dayOfMonth: 1,
  hour: 8,
  minDaysWithoutVoucher: 7,
  recipientUserIds,
});

/** A company of its own with the tenancy's member in it, so each test's reminder and mail stay apart. */
async function givenCompanyOfMember(...otherMemberIds: number[]) {
  return givenCompany(context.db, { memberIds: [context.user.id, ...otherMemberIds] });
}

async function settingsOf(companyId: number, session: LoginData = context.session) {
  const response = await context.call(
    'GET',
    `/api/main/companyUsersReminder/settings?companyId=${companyId}`,
    undefined,
    session,
  );
  expect(response.statusCode, response.body).toBe(200);
  return ReminderSettings.parse(response.json().data);
}

function saveReminder(companyId: number, fields: ReminderFields, session: LoginData = context.session) {
  return context.call('POST', '/api/main/companyUsersReminder', { companyId, ...fields }, session);
}

/** The instant a time on Oslo's clock is (it is one hour or two ahead of UTC). */
function osloInstant(local: string): Date {
  for (const offset of ['+01:00', '+02:00']) {
    const instant = new Date(`${local}:00${offset}`);
    if (localDateTime(instant, REMINDER_TIME_ZONE) === local) return instant;
  }
  throw new Error(`${local} is no time on Oslo's clock`);
}

/** Twenty minutes after the schedule's next slot: when a run of the schedule sends that slot. */
function justAfterNextSlot(schedule: SendingSchedule): { slot: string; at: Date } {
  const slot = nextSlot(schedule, localDateTime(new Date(), REMINDER_TIME_ZONE));
  return { slot, at: new Date(osloInstant(slot).getTime() + 20 * 60_000) };
}

type ReceivedMail = {
  subject: string;
  text: string;
  html: string | null;
  to: { address: string }[];
  headers: { name: string; value: string }[];
};

/** What the sandbox's mail catcher got for an address. */
async function mailsTo(address: string, waitMs = 0): Promise<ReceivedMail[]> {
  const list = (await fetch(
    `${sandbox.url}/mail/api/messages?to=${encodeURIComponent(address)}&waitMs=${waitMs}`,
  ).then((response) => response.json())) as { messages: { id: string }[] };
  return Promise.all(
    list.messages.map((summary) =>
      fetch(`${sandbox.url}/mail/api/messages/${summary.id}`).then(
        (response) => response.json() as Promise<ReceivedMail>,
      ),
    ),
  );
}

async function sendingsOf(companyId: number) {
  return context.db
    .select()
    .from(reminderSendings)
    .where(eq(reminderSendings.companyId, companyId))
    .orderBy(reminderSendings.id);
}

/** A bank account with a transaction booked long ago that has no voucher. */
async function givenMissingTransaction(companyId: number, row: { text: string; amountOre: number }) {
  const account = await givenBankAccount(context.app, context.session, companyId);
  return givenTransaction(context.app, context.session, companyId, account.Id, {
    date: '2025-03-14',
    ...row,
  });
}

describe('reminder settings', () => {
  it('start empty, list the members who can get them, and are set once per company', async () => {
    const colleague = await givenUser(context.db, { roleId: RoleId.CEO });
    const company = await givenCompanyOfMember(colleague.id);

    const empty = await settingsOf(company.id);
    expect(empty).toMatchObject({ reminder: null, voucherAlert: null, lastTimeSendReminder: null });
    expect(empty.members.map((member) => member.userId).sort()).toEqual(
      [context.user.id, colleague.id].sort(),
    );

    const created = await saveReminder(company.id, weeklyOnMondays([colleague.id]));
    expect(created.statusCode, created.body).toBe(200);
    const reminder = ReminderSettings.parse(created.json().data).reminder;
    expect(reminder).toMatchObject({ isActive: true, frequency: 'weekly', weekday: 1, hour: 8 });
    expect(reminder?.recipientUserIds).toEqual([colleague.id]);
    expect(reminder?.nextSendingAt).toMatch(/^\d{4}-\d{2}-\d{2}T08:00$/);

    const again = await saveReminder(company.id, weeklyOnMondays([context.user.id]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The company already has its reminder; change that one instead.');

    const changed = await context.call('PUT', `/api/main/companyUsersReminder/${reminder?.id}`, {
      companyId: company.id,
      ...weeklyOnMondays([context.user.id, colleague.id]),
      frequency: 'monthly',
      dayOfMonth: 31,
      hour: 6,
      minDaysWithoutVoucher: 14,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(ReminderSettings.parse(changed.json().data).reminder).toMatchObject({
      frequency: 'monthly',
      dayOfMonth: 31,
      hour: 6,
      minDaysWithoutVoucher: 14,
      recipientUserIds: [context.user.id, colleague.id],
    });

    const audits = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, company.id), eq(auditLog.entity, 'reminder')));
    expect(audits.map((row) => row.action)).toEqual(['create', 'update']);
    expect(audits[1]?.before).toMatchObject({ frequency: 'weekly', hour: 8 });
    expect(audits[1]?.after).toMatchObject({ frequency: 'monthly', hour: 6 });
  });

  it('refuses recipients who are not members of the company, in the caller’s language', async () => {
    const company = await givenCompanyOfMember();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/main/companyUsersReminder',
      headers: { ...bearer(context.session), language: 'no' },
      payload: { companyId: company.id, ...weeklyOnMondays([context.user.id, context.outsider.id]) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message:
        'Bare medlemmer av firmaet kan få påminnelser og varsler; 1 av de valgte er ikke (lenger) medlemmer.',
      data: { userIds: [context.outsider.id] },
    });
    expect((await settingsOf(company.id)).reminder).toBeNull();
  });

  it('refuses a schedule outside the clock and the calendar, and the same person twice', async () => {
    const company = await givenCompanyOfMember();
    for (const fields of [
      { ...weeklyOnMondays([context.user.id]), hour: 24 },
      { ...weeklyOnMondays([context.user.id]), weekday: 0 },
      { ...weeklyOnMondays([context.user.id]), dayOfMonth: 32 },
      { ...weeklyOnMondays([context.user.id]), minDaysWithoutVoucher: -1 },
      { ...weeklyOnMondays([context.user.id, context.user.id]) },
    ]) {
      const response = await saveReminder(company.id, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
    }
  });

  it('are read by those who may see the company’s people and changed only by those who may change them', async () => {
    const company = await givenCompanyOfMember();
    const limited = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT_LIMIT });
    const receiptsOnly = await givenUser(context.db, { roleId: RoleId.HR_COMPANY_A });
    await addCompanyUser(context.db, company.id, limited.id);
    await addCompanyUser(context.db, company.id, receiptsOnly.id);
    const limitedSession = await login(context.app, limited.email);
    const receiptsSession = await login(context.app, receiptsOnly.email);

    expect((await settingsOf(company.id, limitedSession)).reminder).toBeNull();
    const refused = await saveReminder(company.id, weeklyOnMondays([limited.id]), limitedSession);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCode.ROLE_FORBIDS);
    const sendNow = await context.call(
      'POST',
      '/api/main/companyUsersReminder/send-now',
      { companyId: company.id },
      limitedSession,
    );
    expect(sendNow.json().code).toBe(ErrorCode.ROLE_FORBIDS);
    for (const url of [
      `/api/main/companyUsersReminder/settings?companyId=${company.id}`,
      `/api/main/queue/lastTimeSendReminder?companyId=${company.id}`,
    ]) {
      const response = await context.call('GET', url, undefined, receiptsSession);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe(ErrorCode.ROLE_FORBIDS);
    }
  });

  it("answers another company's settings as missing and leaves them as they were", async () => {
    const company = await givenCompanyOfMember();
    const created = await saveReminder(company.id, weeklyOnMondays([context.user.id]));
    const reminderId = ReminderSettings.parse(created.json().data).reminder?.id;
    const alert = await context.call('POST', '/api/main/companyUsersAlertVoucher', {
      companyId: company.id,
      isActive: true,
      hour: 7,
      recipients: [{ userId: context.user.id, onVoucherArrived: true, onTransactionMissing: false }],
    });
    const alertId = ReminderSettings.parse(alert.json().data).voucherAlert?.id;

    const outsider = context.outsiderSession;
    const read = await context.call(
      'GET',
      `/api/main/companyUsersReminder/settings?companyId=${company.id}`,
      undefined,
      outsider,
    );
    expect(read.statusCode).toBe(404);
    expect(read.json().code).toBe(ErrorCode.COMPANY_NOT_FOUND);
    const ownCompany = context.outsiderCompanyId;
    const moved = await context.call(
      'PUT',
      `/api/main/companyUsersReminder/${reminderId}`,
      { companyId: ownCompany, ...weeklyOnMondays([context.outsider.id]), hour: 3 },
      outsider,
    );
    expect(moved.statusCode).toBe(404);
    expect(moved.json().message).toBe('The reminder was not found in this company.');
    const movedAlert = await context.call(
      'PUT',
      `/api/main/companyUsersAlertVoucher/${alertId}`,
      { companyId: ownCompany, isActive: false, hour: 3, recipients: [] },
      outsider,
    );
    expect(movedAlert.statusCode).toBe(404);
    const sent = await context.call(
      'POST',
      '/api/main/companyUsersReminder/send-now',
      { companyId: company.id },
      outsider,
    );
    expect(sent.statusCode).toBe(404);

    const after = await settingsOf(company.id);
    expect(after.reminder).toMatchObject({ hour: 8, recipientUserIds: [context.user.id] });
    expect(after.voucherAlert).toMatchObject({ hour: 7, isActive: true });
  });

  it('keep in a voucher alert only the members told of something', async () => {
    const colleague = await givenUser(context.db);
    const company = await givenCompanyOfMember(colleague.id);
    const created = await context.call('POST', '/api/main/companyUsersAlertVoucher', {
      companyId: company.id,
      isActive: true,
      hour: 7,
      recipients: [
        { userId: context.user.id, onVoucherArrived: true, onTransactionMissing: true },
        { userId: colleague.id, onVoucherArrived: false, onTransactionMissing: false },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const alert = ReminderSettings.parse(created.json().data).voucherAlert;
    expect(alert?.recipients).toEqual([
      { userId: context.user.id, onVoucherArrived: true, onTransactionMissing: true },
    ]);
    expect(alert?.nextSendingAt).toMatch(/T07:00$/);
    const second = await context.call('POST', '/api/main/companyUsersAlertVoucher', {
      companyId: company.id,
      isActive: true,
      hour: 9,
      recipients: [],
    });
    expect(second.statusCode).toBe(409);
    const changed = await context.call('PUT', `/api/main/companyUsersAlertVoucher/${alert?.id}`, {
      companyId: company.id,
      isActive: false,
      hour: 9,
      recipients: [{ userId: colleague.id, onVoucherArrived: false, onTransactionMissing: true }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(ReminderSettings.parse(changed.json().data).voucherAlert).toMatchObject({
      isActive: false,
      hour: 9,
      nextSendingAt: null,
      recipients: [{ userId: colleague.id, onVoucherArrived: false, onTransactionMissing: true }],
    });
  });
});

describe('sending reminders', () => {
  it('sends each slot once, even when two runs take it at the same time', async () => {
    const company = await givenCompanyOfMember();
    await givenMissingTransaction(company.id, { text: 'Kortkjøp Elkjøp Lagunen', amountOre: -249_900 });
    const fields = weeklyOnMondays([context.user.id]);
    expect((await saveReminder(company.id, fields)).statusCode).toBe(200);
    const { slot, at } = justAfterNextSlot({ frequency: 'weekly', weekday: 1, hour: 8 });

    await Promise.all([runDueReminders(context.db, at), runDueReminders(context.db, at)]);
    await runDueReminders(context.db, new Date(at.getTime() + 10 * 60_000));
    await runJobsUntilIdle(context.db, { handlers });

    const sendings = await sendingsOf(company.id);
    expect(sendings).toHaveLength(1);
    expect(sendings[0]).toMatchObject({ kind: 'reminder', slot, recipientUserIds: [context.user.id] });
    const mails = (await mailsTo(context.user.email, 5_000)).filter((mail) =>
      mail.subject.startsWith(company.name),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`${company.name}: 1 bank transaction is missing a voucher`);
    const settings = await settingsOf(company.id);
    expect(settings.lastTimeSendReminder).not.toBeNull();
  });

  it('writes to each member in their own language, with the transactions and links into the bank list', async () => {
    const norwegian = await givenUser(context.db, { language: 'no' });
    const company = await givenCompanyOfMember(norwegian.id);
    const transaction = await givenMissingTransaction(company.id, {
      text: 'Faktura <Rørlegger> & Co',
      amountOre: -1_234_550,
    });
    await saveReminder(company.id, weeklyOnMondays([context.user.id, norwegian.id]));
    const { at } = justAfterNextSlot({ frequency: 'weekly', weekday: 1, hour: 8 });

    await runDueReminders(context.db, at);
    await runJobsUntilIdle(context.db, { handlers });

    const listLink = `${PUBLIC_URL}/${company.alias}/bank?year=2025&status=1`;
    const [norwegianMail] = await mailsTo(norwegian.email, 5_000);
    expect(norwegianMail?.subject).toBe(`${company.name}: 1 banktransaksjon mangler bilag`);
    expect(norwegianMail?.text).toContain('Hei Test Person,');
    const cutOff = addDays(localDateTime(at, REMINDER_TIME_ZONE).slice(0, 10), -7);
    expect(norwegianMail?.text).toContain(
      `Én banktransaksjon i ${company.name} bokført ${formatDate(cutOff)} eller tidligere mangler bilag.`,
    );
    expect(norwegianMail?.text).toMatch(/14\.03\.2025 +Faktura <Rørlegger> & Co +-12\u00a0345,50 NOK/);
    expect(norwegianMail?.text).toContain(`Se dem fra 2025 i Bilag: ${listLink}`);
    expect(norwegianMail?.text).toContain(`${PUBLIC_URL}/${company.alias}/admin-users?tab=alerts`);
    expect(norwegianMail?.html).toContain('Faktura &lt;Rørlegger&gt; &amp; Co');
    expect(norwegianMail?.html).toContain(
      `href="${listLink.replaceAll('&', '&amp;')}&amp;transaction=${transaction.Id}"`,
    );
    expect(norwegianMail?.headers).toContainEqual({ name: 'Auto-Submitted', value: 'auto-generated' });

    const [englishMail] = (await mailsTo(context.user.email, 5_000)).filter((mail) =>
      mail.subject.startsWith(company.name),
    );
    expect(englishMail?.subject).toBe(`${company.name}: 1 bank transaction is missing a voucher`);
    expect(englishMail?.text).toContain('Hello Test Person,');
    expect(englishMail?.text).toContain(`See those of 2025 in Bilag: ${listLink}`);
  });

  it('counts only transactions that have waited the days asked for, and says nothing when none has', async () => {
    const company = await givenCompanyOfMember();
    const account = await givenBankAccount(context.app, context.session, company.id);
    const today = localDateTime(new Date(), REMINDER_TIME_ZONE).slice(0, 10);
    await givenTransaction(context.app, context.session, company.id, account.Id, { date: today });
    await saveReminder(company.id, { ...weeklyOnMondays([context.user.id]), minDaysWithoutVoucher: 30 });
    const { slot, at } = justAfterNextSlot({ frequency: 'weekly', weekday: 1, hour: 8 });

    await runDueReminders(context.db, at);
    await runJobsUntilIdle(context.db, { handlers });

    const [sending, ...more] = await sendingsOf(company.id);
    expect(more).toEqual([]);
    expect(sending).toMatchObject({ slot, recipientUserIds: [] });
    expect(sending?.content.missing.total).toBe(0);
    expect((await settingsOf(company.id)).lastTimeSendReminder).toBeNull();
  });

  it('skips recipients who are no longer members, when the slot comes and when the e-mail is written', async () => {
    const leaverAtOnce = await givenUser(context.db);
    const leaverLater = await givenUser(context.db);
    const company = await givenCompanyOfMember(leaverAtOnce.id, leaverLater.id);
    await givenMissingTransaction(company.id, { text: 'Vipps *Kaffebrenneriet', amountOre: -5_900 });
    await saveReminder(company.id, weeklyOnMondays([context.user.id, leaverAtOnce.id, leaverLater.id]));
    await context.db
      .delete(companyUsers)
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, leaverAtOnce.id)));
    const { at } = justAfterNextSlot({ frequency: 'weekly', weekday: 1, hour: 8 });

    await runDueReminders(context.db, at);
    const [sending] = await sendingsOf(company.id);
    expect(sending?.recipientUserIds.sort()).toEqual([context.user.id, leaverLater.id].sort());
    await context.db
      .delete(companyUsers)
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, leaverLater.id)));
    await runJobsUntilIdle(context.db, { handlers });

    const toMember = (await mailsTo(context.user.email, 5_000)).filter((mail) =>
      mail.subject.startsWith(company.name),
    );
    expect(toMember).toHaveLength(1);
    expect(await mailsTo(leaverAtOnce.email)).toEqual([]);
    expect(await mailsTo(leaverLater.email)).toEqual([]);
    expect((await settingsOf(company.id)).reminder?.recipientUserIds).toEqual([context.user.id]);
  });

  it('sends the reminder now when asked, once however often the button is pressed before it goes', async () => {
    const company = await givenCompanyOfMember();
    const nothingYet = await context.call('POST', '/api/main/companyUsersReminder/send-now', {
      companyId: company.id,
    });
    expect(nothingYet.statusCode).toBe(409);
    expect(nothingYet.json().message).toBe('Save the reminder before sending it.');
    await givenMissingTransaction(company.id, { text: 'Husleie mars', amountOre: -1_500_000 });
    await saveReminder(company.id, { ...weeklyOnMondays([context.user.id]), isActive: false });

    const first = await context.call('POST', '/api/main/companyUsersReminder/send-now', {
      companyId: company.id,
    });
    const second = await context.call('POST', '/api/main/companyUsersReminder/send-now', {
      companyId: company.id,
    });
    expect(first.json().data).toEqual({ isQueued: true });
    expect(second.json().data).toEqual({ isQueued: false });
    await runJobsUntilIdle(context.db, { handlers });

    const mails = (await mailsTo(context.user.email, 5_000)).filter((mail) =>
      mail.subject.startsWith(company.name),
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      `${company.name}: 1 bank transaction is missing a voucher`,
    ]);
    expect(mails[0]?.text).toContain('Husleie mars');
    const last = await context.call('GET', `/api/main/queue/lastTimeSendReminder?companyId=${company.id}`);
    expect(last.statusCode).toBe(200);
    expect(Date.now() - Date.parse(last.json().data.lastTimeSendReminder)).toBeLessThan(60_000);
    const [request] = await context.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, company.id),
          eq(auditLog.entity, 'reminder'),
          eq(auditLog.action, 'send-now'),
        ),
      );
    expect(request?.userId).toBe(context.user.id);
  });

  it('tells each member of the alert what they asked for: new vouchers, new transactions without one', async () => {
    const onlyMissing = await givenUser(context.db, { language: 'no' });
    const company = await givenCompanyOfMember(onlyMissing.id);
    const created = await context.call('POST', '/api/main/companyUsersAlertVoucher', {
      companyId: company.id,
      isActive: true,
      hour: 7,
      recipients: [
        { userId: context.user.id, onVoucherArrived: true, onTransactionMissing: false },
        { userId: onlyMissing.id, onVoucherArrived: false, onTransactionMissing: true },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    await givenMissingTransaction(company.id, { text: 'Kortkjøp Clas Ohlson', amountOre: -39_900 });
    await context.db.insert(vouchers).values({
      companyId: company.id,
      effectiveDate: '2025-03-14',
      source: VoucherSource.EMAIL,
      supplierName: 'Nordisk Kontor AS',
      description: 'Faktura 8812',
    });
    const { slot, at } = justAfterNextSlot({ frequency: 'daily', hour: 7 });

    await Promise.all([runDueReminders(context.db, at), runDueReminders(context.db, at)]);
    await runJobsUntilIdle(context.db, { handlers });

    const sendings = await sendingsOf(company.id);
    expect(sendings).toHaveLength(1);
    expect(sendings[0]).toMatchObject({ kind: 'voucher-alert', slot });
    const [arrivedMail, ...moreArrived] = (await mailsTo(context.user.email, 5_000)).filter((mail) =>
      mail.subject.startsWith(company.name),
    );
    expect(moreArrived).toEqual([]);
    expect(arrivedMail?.subject).toBe(`${company.name}: 1 new voucher`);
    expect(arrivedMail?.text).toContain('Nordisk Kontor AS');
    expect(arrivedMail?.text).not.toContain('Clas Ohlson');
    const [missingMail] = await mailsTo(onlyMissing.email, 5_000);
    expect(missingMail?.subject).toBe(`${company.name}: 1 ny banktransaksjon uten bilag`);
    expect(missingMail?.text).toContain('Kortkjøp Clas Ohlson');
    expect(missingMail?.text).not.toContain('Nordisk Kontor AS');

    // The next day's alert covers only what came in after this one.
    const nextDay = new Date(at.getTime() + 24 * 60 * 60_000);
    await runDueReminders(context.db, nextDay);
    const [, nextSending] = await sendingsOf(company.id);
    expect(nextSending?.recipientUserIds).toEqual([]);
    expect(nextSending?.content.missing.total).toBe(0);
    const settings = await settingsOf(company.id);
    expect(settings.voucherAlert?.lastSentAt).toBe(sendings[0]?.createdAt.toISOString());
  });

  it('run as scheduled jobs of the product', async () => {
    const { handlers: all, schedules } = productJobs({
      db: context.db,
      providers: createProviders(sandbox.providers),
      config: { publicUrl: PUBLIC_URL },
    });
    expect(Object.keys(all)).toEqual(
      expect.arrayContaining([REMINDERS_DUE_JOB, REMINDER_MAIL_JOB, SEND_NOW_JOB]),
    );
    expect(schedules.map((schedule) => schedule.name)).toContain(REMINDERS_DUE_JOB);
    const failed = await context.db.select().from(jobs).where(eq(jobs.state, 'failed'));
    expect(failed).toEqual([]);
  });
});
