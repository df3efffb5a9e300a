import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { EmptyData, envelope } from '../envelope';
import { Id } from '../ids';
import { EVENT_STREAM_REPLY, route } from '../route';

const tags = ['notifications'];
const base = `${ApiPrefix.consent}/notifications`;

/** What a notification is about; each has its own text in both languages. */
export const NOTIFICATION_KINDS = [
  'consent-expiring',
  'consent-ended',
  'consent-sync-failed',
  'onboarding-finished',
  'inbox-arrived',
  'inbox-needs-review',
  'ehf-failed-checks',
  'task-assigned',
  'task-mentioned',
  'period-reopened',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const Notification = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  kind: NotificationKind,
  /** In the language of the person reading. */
  title: z.string(),
  body: z.string(),
  /** The product path it opens, such as /nordlys-bakeri/consent. */
  link: z.string().nullable(),
  isUnRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof Notification>;

/** The notification panel (spec §3): today's and older ones, and how many are unread. */
export const NotificationPanel = z.object({
  todays: z.array(Notification),
  older: z.array(Notification),
  countUnRead: z.number().int(),
  /** The bank and payment service notifications (consents, onboarding) of the same list. */
  ztlNotifications: z.object({ total: z.number().int(), data: z.array(Notification) }),
});
export type NotificationPanel = z.infer<typeof NotificationPanel>;

export const NotificationQuery = z.object({
  companyId: Id,
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const listNotifications = route({
  method: 'GET',
  path: base,
  access: 'company',
  action: 'account.use',
  query: NotificationQuery,
  reply: envelope(NotificationPanel),
  summary: "The signed-in person's notifications in the company, newest first",
  tags,
});

export const readNotification = route({
  method: 'PUT',
  path: `${base}/:id/read`,
  access: 'company',
  action: 'account.use',
  params: z.object({ id: Id }),
  body: z.object({ companyId: Id }),
  reply: envelope(Notification),
  summary: 'Mark one notification read',
  tags,
});

export const markAllNotificationsRead = route({
  method: 'PUT',
  path: `${base}/mark-all`,
  access: 'company',
  action: 'account.use',
  body: z.object({ companyId: Id }),
  reply: envelope(EmptyData),
  summary: 'Mark every notification of the person in the company read',
  tags,
});

/** What changed for the person listening: their notifications, or the company's inbox. */
export const LIVE_TOPICS = ['notifications', 'inbox'] as const;
export const LiveTopic = z.enum(LIVE_TOPICS);
export type LiveTopic = z.infer<typeof LiveTopic>;

/**
 * One event of the live stream. It says only what changed, never the data itself, so the client reads
 * that through the ordinary calls with their own checks.
 */
export const LiveEvent = z.object({ topic: LiveTopic, companyId: z.number().int() });
export type LiveEvent = z.infer<typeof LiveEvent>;

export const openLiveUpdates = route({
  method: 'GET',
  path: `${base}/live`,
  access: 'company',
  action: 'account.use',
  query: z.object({ companyId: Id }),
  reply: EVENT_STREAM_REPLY,
  summary:
    'Server-sent events (a LiveEvent as the data of each) whenever the notifications of the person or the inbox of the company change',
  tags,
});
