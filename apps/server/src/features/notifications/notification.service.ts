import {
  type Language,
  type Notification,
  type NotificationKind,
  type NotificationPanel,
  normalizeLanguage,
  OnboardingStatus,
} from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain';
import type { Db } from '../../db/client';
import type { NotificationRow } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { type MessageKey, translate } from '../../platform/messages';
import { requireCompanyAccess } from '../companies';
import { announceLiveChange, liveChangeNotice } from './live-updates';
import * as repository from './notification.repository';

export type NotificationContent = repository.NotificationContent;

export type NewNotification = NotificationContent & { companyId: number };

export type NotifiedRecipient = { userId: number; email: string; fullName: string; language: Language };

const TEXTS: Record<NotificationKind, { title: MessageKey; body: MessageKey }> = {
  'consent-expiring': { title: 'notificationConsentExpiringTitle', body: 'notificationConsentExpiringBody' },
  'consent-ended': { title: 'notificationConsentEndedTitle', body: 'notificationConsentEndedBody' },
  'consent-sync-failed': {
    title: 'notificationConsentSyncFailedTitle',
    body: 'notificationConsentSyncFailedBody',
  },
  'onboarding-finished': {
    title: 'notificationOnboardingFinishedTitle',
    body: 'notificationOnboardingFinishedBody',
  },
  'inbox-arrived': { title: 'notificationInboxArrivedTitle', body: 'notificationInboxArrivedBody' },
  'inbox-needs-review': {
    title: 'notificationInboxNeedsReviewTitle',
    body: 'notificationInboxNeedsReviewBody',
  },
  'ehf-failed-checks': { title: 'notificationEhfFailedChecksTitle', body: 'notificationEhfFailedChecksBody' },
  'task-assigned': { title: 'notificationTaskAssignedTitle', body: 'notificationTaskAssignedBody' },
  'task-mentioned': { title: 'notificationTaskMentionedTitle', body: 'notificationTaskMentionedBody' },
  'period-reopened': { title: 'notificationPeriodReopenedTitle', body: 'notificationPeriodReopenedBody' },
};

const ONBOARDING_STATUS_NAMES: Record<OnboardingStatus, MessageKey> = {
  none: 'onboardingStatusNone',
  pending: 'onboardingStatusPending',
  success: 'onboardingStatusSuccess',
  completed: 'onboardingStatusCompleted',
  'already-onboarded': 'onboardingStatusAlreadyOnboarded',
  'company-not-found': 'onboardingStatusCompanyNotFound',
  'declined-risk-evaluation': 'onboardingStatusDeclinedRiskEvaluation',
  'declined-unsupported-company-type': 'onboardingStatusDeclinedUnsupportedCompanyType',
  'signorder-expired': 'onboardingStatusSignorderExpired',
};

/** The texts' parameters in the reader's language, where a parameter is one of the product's own ids. */
function readableDetails(row: NotificationRow, language: Language): Record<string, string | number> {
  const status = OnboardingStatus.safeParse(row.details.status);
  if (row.kind !== 'onboarding-finished' || !status.success) return row.details;
  return { ...row.details, status: translate(language, ONBOARDING_STATUS_NAMES[status.data]) };
}

/** The kinds about the bank and the payment service, which the panel also lists on their own. */
const BANK_AND_PAYMENT_SERVICE_KINDS: readonly NotificationKind[] = [
  'consent-expiring',
  'consent-ended',
  'consent-sync-failed',
  'onboarding-finished',
];

/**
 * Adds the notifications for every member of the company (and its owner), in one statement; answers who
 * got them, so the caller can also e-mail them in their own language. Their open panels hear of it when
 * the handle's transaction commits.
 */
export async function notifyCompany(
  db: Db,
  companyId: number,
  notifications: readonly NotificationContent[],
): Promise<NotifiedRecipient[]> {
  const recipients = await repository.insertCompanyNotifications(
    db,
    companyId,
    notifications,
    liveChangeNotice({ topic: 'notifications', companyId }),
  );
  return recipients.map((recipient) => ({ ...recipient, language: normalizeLanguage(recipient.language) }));
}

/** Adds the one notification for every member of the company (and its owner); answers who got it. */
export function notifyCompanyUsers(db: Db, notification: NewNotification): Promise<NotifiedRecipient[]> {
  const { companyId, ...content } = notification;
  return notifyCompany(db, companyId, [content]);
}

/** The company's members (and its owner), who can be given work and be notified. */
export function companyMembers(db: Db, companyId: number): Promise<repository.Recipient[]> {
  return repository.companyRecipients(db, companyId);
}

/** Adds the notification for the given users only, where they are members of the company. */
export async function notifyUsers(
  db: Db,
  notification: NewNotification & { userIds: readonly number[] },
): Promise<void> {
  const { companyId, userIds, ...content } = notification;
  if (userIds.length === 0) return;
  await repository.insertCompanyNotifications(
    db,
    companyId,
    [content],
    liveChangeNotice({ topic: 'notifications', companyId }),
    userIds,
  );
}

function toNotification(row: NotificationRow, language: Language): Notification {
  const texts = TEXTS[row.kind];
  const details = readableDetails(row, language);
  return {
    id: row.id,
    companyId: row.companyId,
    kind: row.kind,
    title: translate(language, texts.title, details),
    body: translate(language, texts.body, details),
    link: row.link,
    isUnRead: row.readAt === null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function notificationPanel(
  db: Db,
  principal: Principal,
  query: { companyId: number; page: number; pageSize: number },
  language: Language,
): Promise<NotificationPanel> {
  const company = await requireCompanyAccess(db, principal.userId, query.companyId);
  const reader = { companyId: company.Id, userId: principal.userId };
  const [rows, countUnRead] = await Promise.all([
    repository.listNotifications(db, reader, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    repository.countUnread(db, reader),
  ]);
  const today = todayIsoDate('Europe/Oslo');
  const shown = rows.map((row) => ({ row, notification: toNotification(row, language) }));
  const isToday = (row: NotificationRow) => todayIsoDate('Europe/Oslo', row.createdAt) === today;
  const bankAndPaymentService = shown
    .filter(({ row }) => BANK_AND_PAYMENT_SERVICE_KINDS.includes(row.kind))
    .map(({ notification }) => notification);
  return {
    todays: shown.filter(({ row }) => isToday(row)).map(({ notification }) => notification),
    older: shown.filter(({ row }) => !isToday(row)).map(({ notification }) => notification),
    countUnRead,
    ztlNotifications: { total: bankAndPaymentService.length, data: bankAndPaymentService },
  };
}

export async function readNotification(
  db: Db,
  principal: Principal,
  input: { id: number; companyId: number },
  language: Language,
): Promise<Notification> {
  const company = await requireCompanyAccess(db, principal.userId, input.companyId);
  const reader = { companyId: company.Id, userId: principal.userId };
  const row = await db.transaction(async (tx) => {
    const read = await repository.markRead(tx, reader, input.id);
    // The reader's other tabs update their panel.
    if (read) await announceLiveChange(tx, { topic: 'notifications', ...reader });
    return read;
  });
  if (!row) throw Errors.notFound('notificationNotFound');
  return toNotification(row, language);
}

export async function markAllNotificationsRead(db: Db, principal: Principal, companyId: number) {
  const company = await requireCompanyAccess(db, principal.userId, companyId);
  const reader = { companyId: company.Id, userId: principal.userId };
  await db.transaction(async (tx) => {
    await repository.markAllRead(tx, reader);
    await announceLiveChange(tx, { topic: 'notifications', ...reader });
  });
  return null;
}
