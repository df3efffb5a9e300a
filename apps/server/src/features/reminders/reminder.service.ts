import {
  type CreateReminderRequest,
  type CreateVoucherAlertRequest,
  REMINDER_TIME_ZONE,
  type Reminder,
  type ReminderSettings,
  type VoucherAlert,
} from '@bilag/contracts';
import { localDateTime, nextSlot, type SendingSchedule } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import { requireCompanyAccess } from '../companies';
import * as repository from './reminder.repository';
import type { ReminderSettingsRow, SendingKind, VoucherAlertSettingsRow } from './reminder.table';

/** The job that sends the company's reminder now, asked for by a person. */
export const SEND_NOW_JOB = 'reminders.send-now';

const REMINDER_KINDS: readonly SendingKind[] = ['reminder', 'reminder-now'];

export function reminderSchedule(row: ReminderSettingsRow): SendingSchedule {
  return row.frequency === 'monthly'
    ? { frequency: 'monthly', dayOfMonth: row.dayOfMonth, hour: row.hour }
    : { frequency: 'weekly', weekday: row.weekday, hour: row.hour };
}

export function voucherAlertSchedule(row: VoucherAlertSettingsRow): SendingSchedule {
  return { frequency: 'daily', hour: row.hour };
}

function nextSendingAt(isActive: boolean, schedule: SendingSchedule, now: Date): string | null {
  return isActive ? nextSlot(schedule, localDateTime(now, REMINDER_TIME_ZONE)) : null;
}

/** Recipients who have left the company since are not shown: they are not written to either. */
function toReminder(row: ReminderSettingsRow, memberIds: ReadonlySet<number>, now: Date): Reminder {
  return {
    id: row.id,
    isActive: row.isActive,
    frequency: row.frequency,
    weekday: row.weekday,
    dayOfMonth: row.dayOfMonth,
    hour: row.hour,
    minDaysWithoutVoucher: row.minDaysWithoutVoucher,
    recipientUserIds: row.recipientUserIds.filter((userId) => memberIds.has(userId)),
    nextSendingAt: nextSendingAt(row.isActive, reminderSchedule(row), now),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toVoucherAlert(
  row: VoucherAlertSettingsRow,
  memberIds: ReadonlySet<number>,
  lastSentAt: Date | undefined,
  now: Date,
): VoucherAlert {
  return {
    id: row.id,
    isActive: row.isActive,
    hour: row.hour,
    recipients: row.recipients.filter((recipient) => memberIds.has(recipient.userId)),
    nextSendingAt: nextSendingAt(row.isActive, voucherAlertSchedule(row), now),
    lastSentAt: lastSentAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function settingsOf(db: Db, companyId: number): Promise<ReminderSettings> {
  const now = new Date();
  const [reminder, voucherAlert, members, lastReminder, lastAlert] = await Promise.all([
    repository.findReminder(db, companyId),
    repository.findVoucherAlert(db, companyId),
    repository.listMembers(db, companyId),
    repository.lastSentAt(db, companyId, REMINDER_KINDS),
    repository.lastSentAt(db, companyId, ['voucher-alert']),
  ]);
  const memberIds = new Set(members.map((member) => member.userId));
  return {
    companyId,
    timeZone: REMINDER_TIME_ZONE,
    reminder: reminder ? toReminder(reminder, memberIds, now) : null,
    voucherAlert: voucherAlert ? toVoucherAlert(voucherAlert, memberIds, lastAlert, now) : null,
    members: members.map(({ userId, fullName, email }) => ({ userId, fullName, email })),
    lastTimeSendReminder: lastReminder?.toISOString() ?? null,
  };
}

export async function getReminderSettings(
  db: Db,
  principal: Principal,
  query: { companyId: number },
): Promise<ReminderSettings> {
  const company = await requireCompanyAccess(db, principal.userId, query.companyId);
  return settingsOf(db, company.Id);
}

export async function getLastTimeSendReminder(
  db: Db,
  principal: Principal,
  query: { companyId: number },
): Promise<{ lastTimeSendReminder: string | null }> {
  const company = await requireCompanyAccess(db, principal.userId, query.companyId);
  const at = await repository.lastSentAt(db, company.Id, REMINDER_KINDS);
  return { lastTimeSendReminder: at?.toISOString() ?? null };
}

/** Only members of the company (with an account in use) may be written to. */
async function requireMembers(db: Db, companyId: number, userIds: readonly number[]) {
  const members = new Set((await repository.membersAmong(db, companyId, userIds)).map((row) => row.userId));
  const outsiders = userIds.filter((userId) => !members.has(userId));
  if (outsiders.length > 0) {
    throw Errors.invalid('reminderRecipientNotMember', { count: outsiders.length }, { userIds: outsiders });
  }
}

const reminderFields = (request: Omit<CreateReminderRequest, 'companyId'>) => ({
  isActive: request.isActive,
  frequency: request.frequency,
  weekday: request.weekday,
  dayOfMonth: request.dayOfMonth,
  hour: request.hour,
  minDaysWithoutVoucher: request.minDaysWithoutVoucher,
  recipientUserIds: request.recipientUserIds,
});

/** What the audit keeps of a reminder: its settings, not its bookkeeping columns. */
const reminderAudit = (row: ReminderSettingsRow) => reminderFields(row);

export async function createReminder(
  db: Db,
  principal: Principal,
  request: CreateReminderRequest,
): Promise<ReminderSettings> {
  const companyId = (await requireCompanyAccess(db, principal.userId, request.companyId)).Id;
  await requireMembers(db, companyId, request.recipientUserIds);
  await db.transaction(async (tx) => {
    const row = await repository.insertReminder(tx, {
      companyId,
      ...reminderFields(request),
      updatedBy: principal.userId,
    });
    if (!row) throw Errors.conflict('reminderExists');
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'reminder',
      entityId: row.id,
      action: 'create',
      after: reminderAudit(row),
    });
  });
  return settingsOf(db, companyId);
}

/** A schedule switched on, or moved to other times, holds from now: slots already past are not sent. */
function isScheduleRenewed(before: ReminderSettingsRow, request: CreateReminderRequest): boolean {
  return (
    (!before.isActive && request.isActive) ||
    before.frequency !== request.frequency ||
    before.weekday !== request.weekday ||
    before.dayOfMonth !== request.dayOfMonth ||
    before.hour !== request.hour
  );
}

export async function updateReminder(
  db: Db,
  principal: Principal,
  id: number,
  request: CreateReminderRequest,
): Promise<ReminderSettings> {
  const companyId = (await requireCompanyAccess(db, principal.userId, request.companyId)).Id;
  await db.transaction(async (tx) => {
    const before = await repository.lockReminder(tx, companyId, id);
    if (!before) throw Errors.notFound('reminderNotFound');
    await requireMembers(tx, companyId, request.recipientUserIds);
    const after = await repository.updateReminder(tx, companyId, id, {
      ...reminderFields(request),
      updatedBy: principal.userId,
      ...(isScheduleRenewed(before, request) ? { inForceSince: new Date() } : {}),
    });
    if (!after) throw Errors.notFound('reminderNotFound');
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'reminder',
      entityId: id,
      action: 'update',
      before: reminderAudit(before),
      after: reminderAudit(after),
    });
  });
  return settingsOf(db, companyId);
}

/** A recipient told of nothing is no recipient. */
const voucherAlertFields = (request: CreateVoucherAlertRequest) => ({
  isActive: request.isActive,
  hour: request.hour,
  recipients: request.recipients.filter(
    (recipient) => recipient.onVoucherArrived || recipient.onTransactionMissing,
  ),
});

const voucherAlertAudit = (row: VoucherAlertSettingsRow) => ({
  isActive: row.isActive,
  hour: row.hour,
  recipients: row.recipients,
});

export async function createVoucherAlert(
  db: Db,
  principal: Principal,
  request: CreateVoucherAlertRequest,
): Promise<ReminderSettings> {
  const companyId = (await requireCompanyAccess(db, principal.userId, request.companyId)).Id;
  const fields = voucherAlertFields(request);
  await requireMembers(
    db,
    companyId,
    fields.recipients.map((recipient) => recipient.userId),
  );
  await db.transaction(async (tx) => {
    const row = await repository.insertVoucherAlert(tx, {
      companyId,
      ...fields,
      updatedBy: principal.userId,
    });
    if (!row) throw Errors.conflict('voucherAlertExists');
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'voucher-alert',
      entityId: row.id,
      action: 'create',
      after: voucherAlertAudit(row),
    });
  });
  return settingsOf(db, companyId);
}

export async function updateVoucherAlert(
  db: Db,
  principal: Principal,
  id: number,
  request: CreateVoucherAlertRequest,
): Promise<ReminderSettings> {
  const companyId = (await requireCompanyAccess(db, principal.userId, request.companyId)).Id;
  const fields = voucherAlertFields(request);
  await db.transaction(async (tx) => {
    const before = await repository.lockVoucherAlert(tx, companyId, id);
    if (!before) throw Errors.notFound('voucherAlertNotFound');
    await requireMembers(
      tx,
      companyId,
      fields.recipients.map((recipient) => recipient.userId),
    );
    const isRenewed = (!before.isActive && fields.isActive) || before.hour !== fields.hour;
    const after = await repository.updateVoucherAlert(tx, companyId, id, {
      ...fields,
      updatedBy: principal.userId,
      ...(isRenewed ? { inForceSince: new Date() } : {}),
    });
    if (!after) throw Errors.notFound('voucherAlertNotFound');
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'voucher-alert',
      entityId: id,
      action: 'update',
      before: voucherAlertAudit(before),
      after: voucherAlertAudit(after),
    });
  });
  return settingsOf(db, companyId);
}

/**
 * Queues the company's reminder to go out now. One such request waits at a time: pressing the button
 * again while it has not gone out adds nothing.
 */
export async function sendReminderNow(
  db: Db,
  principal: Principal,
  request: { companyId: number },
): Promise<{ isQueued: boolean }> {
  const companyId = (await requireCompanyAccess(db, principal.userId, request.companyId)).Id;
  const reminder = await repository.findReminder(db, companyId);
  if (!reminder) throw Errors.conflict('reminderNotSaved');
  const recipients = await repository.membersAmong(db, companyId, reminder.recipientUserIds);
  if (recipients.length === 0) throw Errors.conflict('reminderNoRecipients');
  return db.transaction(async (tx) => {
    const jobId = await enqueueJob(tx, {
      name: SEND_NOW_JOB,
      payload: { companyId, requestedBy: principal.userId },
      singletonKey: `${SEND_NOW_JOB}:${companyId}`,
      companyId,
      maxAttempts: 5,
    });
    if (jobId !== undefined) {
      await writeAudit(tx, {
        companyId,
        userId: principal.userId,
        entity: 'reminder',
        entityId: reminder.id,
        action: 'send-now',
        after: { jobId },
      });
    }
    return { isQueued: jobId !== undefined };
  });
}
