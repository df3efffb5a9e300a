import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';

const tags = ['reminders'];
const reminderBase = `${ApiPrefix.main}/companyUsersReminder`;
const alertBase = `${ApiPrefix.main}/companyUsersAlertVoucher`;

/** Reminders and alerts are sent on the clock of Norway, whatever the reader's time zone. */
export const REMINDER_TIME_ZONE = 'Europe/Oslo';

export const REMINDER_LIMITS = {
  recipientsMax: 200,
  /** How long a bank transaction may wait for its voucher before a reminder counts it. */
  minDaysMax: 365,
  /** Transactions or arrivals an e-mail lists before it says how many more there are. */
  listedRows: 50,
} as const;

export const REMINDER_FREQUENCIES = ['weekly', 'monthly'] as const;
export const ReminderFrequency = z.enum(REMINDER_FREQUENCIES);
export type ReminderFrequency = z.infer<typeof ReminderFrequency>;

/** A whole hour on the clock of Oslo, 0–23. */
const Hour = z.number().int().min(0).max(23);

/** A time on Oslo's clock, `YYYY-MM-DDTHH:mm`: when the next sending is due. */
const OsloDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

const distinct = (ids: readonly number[]) => new Set(ids).size === ids.length;

/** What a person sets for the company's reminder about bank transactions without a voucher. */
export const ReminderFields = z.object({
  isActive: z.boolean(),
  frequency: ReminderFrequency,
  /** For weekly reminders: ISO weekday, 1 is Monday and 7 Sunday. */
  weekday: z.number().int().min(1).max(7),
  /** For monthly reminders: the day of the month; a month without it uses its last day. */
  dayOfMonth: z.number().int().min(1).max(31),
  hour: Hour,
  /** A transaction counts once it has waited this many days since it was booked. */
  minDaysWithoutVoucher: z.number().int().min(0).max(REMINDER_LIMITS.minDaysMax),
  /** Members of the company who get the reminder. */
  recipientUserIds: z
    .array(Id)
    .max(REMINDER_LIMITS.recipientsMax)
    .refine(distinct, 'Each person can be chosen once'),
});
export type ReminderFields = z.infer<typeof ReminderFields>;

export const Reminder = ReminderFields.extend({
  id: z.number().int(),
  /** When the next reminder goes out on Oslo's clock; null while it is off. */
  nextSendingAt: OsloDateTime.nullable(),
  updatedAt: z.string(),
});
export type Reminder = z.infer<typeof Reminder>;

/** One member told about new vouchers, bank transactions without one, or both. */
export const VoucherAlertRecipient = z.object({
  userId: Id,
  /** Vouchers that arrived by e-mail or EHF since the last alert. */
  onVoucherArrived: z.boolean(),
  /** Bank transactions that came in since the last alert and have no voucher yet. */
  onTransactionMissing: z.boolean(),
});
export type VoucherAlertRecipient = z.infer<typeof VoucherAlertRecipient>;

/** The daily alert of what came in: vouchers that arrived and bank transactions that miss one. */
export const VoucherAlertFields = z.object({
  isActive: z.boolean(),
  /** The hour of the daily alert on Oslo's clock. */
  hour: Hour,
  recipients: z
    .array(VoucherAlertRecipient)
    .max(REMINDER_LIMITS.recipientsMax)
    .refine((rows) => distinct(rows.map((row) => row.userId)), 'Each person can be listed once'),
});
export type VoucherAlertFields = z.infer<typeof VoucherAlertFields>;

export const VoucherAlert = VoucherAlertFields.extend({
  id: z.number().int(),
  nextSendingAt: OsloDateTime.nullable(),
  lastSentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type VoucherAlert = z.infer<typeof VoucherAlert>;

/** A member of the company who can be chosen as a recipient. */
export const ReminderMember = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
});
export type ReminderMember = z.infer<typeof ReminderMember>;

export const ReminderSettings = z.object({
  companyId: z.number().int(),
  timeZone: z.literal(REMINDER_TIME_ZONE),
  /** Null until someone sets the company's reminder. */
  reminder: Reminder.nullable(),
  voucherAlert: VoucherAlert.nullable(),
  members: z.array(ReminderMember),
  /** When a reminder last went out to someone, scheduled or sent by hand. */
  lastTimeSendReminder: z.string().nullable(),
});
export type ReminderSettings = z.infer<typeof ReminderSettings>;

const CompanyIdQuery = z.object({ companyId: Id });
const IdParams = z.object({ id: Id });

export const reminderSettings = route({
  method: 'GET',
  path: `${reminderBase}/settings`,
  access: 'company',
  action: 'users.view',
  query: CompanyIdQuery,
  reply: envelope(ReminderSettings),
  summary:
    "The company's reminder about missing vouchers and its voucher alert, the members who can get them, and the last sending",
  tags,
});

export const CreateReminderRequest = ReminderFields.extend({ companyId: Id });
export type CreateReminderRequest = z.infer<typeof CreateReminderRequest>;

export const createReminder = route({
  method: 'POST',
  path: reminderBase,
  access: 'company',
  action: 'users.edit',
  body: CreateReminderRequest,
  reply: envelope(ReminderSettings),
  summary:
    'Set when and to whom the reminder about bank transactions without a voucher goes (one per company)',
  tags,
});

export const updateReminder = route({
  method: 'PUT',
  path: `${reminderBase}/:id`,
  access: 'company',
  action: 'users.edit',
  params: IdParams,
  body: CreateReminderRequest,
  reply: envelope(ReminderSettings),
  summary: "Change the company's reminder: its schedule, recipients and how old a transaction must be",
  tags,
});

export const SendReminderNowReply = envelope(
  z.object({
    /** False when a sending asked for earlier has not gone out yet; that one will. */
    isQueued: z.boolean(),
  }),
);

export const sendReminderNow = route({
  method: 'POST',
  path: `${reminderBase}/send-now`,
  access: 'company',
  action: 'users.edit',
  body: CompanyIdQuery,
  reply: SendReminderNowReply,
  summary: "Send the company's reminder to its recipients now, whatever its schedule",
  tags,
});

export const CreateVoucherAlertRequest = VoucherAlertFields.extend({ companyId: Id });
export type CreateVoucherAlertRequest = z.infer<typeof CreateVoucherAlertRequest>;

export const createVoucherAlert = route({
  method: 'POST',
  path: alertBase,
  access: 'company',
  action: 'users.edit',
  body: CreateVoucherAlertRequest,
  reply: envelope(ReminderSettings),
  summary:
    'Choose which members are told, once a day, of vouchers that arrived and bank transactions without one (one per company)',
  tags,
});

export const updateVoucherAlert = route({
  method: 'PUT',
  path: `${alertBase}/:id`,
  access: 'company',
  action: 'users.edit',
  params: IdParams,
  body: CreateVoucherAlertRequest,
  reply: envelope(ReminderSettings),
  summary: "Change the company's voucher alert: its hour and who is told of what",
  tags,
});

export const lastTimeSendReminder = route({
  method: 'GET',
  path: `${ApiPrefix.main}/queue/lastTimeSendReminder`,
  access: 'company',
  action: 'users.view',
  query: CompanyIdQuery,
  reply: envelope(z.object({ lastTimeSendReminder: z.string().nullable() })),
  summary: "When the company's reminder about missing vouchers last went out",
  tags,
});
