import {
  REMINDER_LIMITS,
  type Reminder,
  type ReminderFields,
  type ReminderFrequency,
  type VoucherAlert,
  type VoucherAlertFields,
  type VoucherAlertRecipient,
} from '@bilag/contracts';
import type { FormErrors } from '../../ui/useParsedForm';

/** A new reminder goes out on Monday mornings and counts transactions a week old. */
const NEW_REMINDER = { weekday: 1, dayOfMonth: 1, hour: 8, minDaysWithoutVoucher: 7 } as const;
const NEW_ALERT_HOUR = 7;

export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const DAYS_OF_MONTH = Array.from({ length: 31 }, (_, index) => index + 1);

export type ReminderFormValues = {
  isActive: boolean;
  frequency: ReminderFrequency;
  weekday: string;
  dayOfMonth: string;
  hour: string;
  minDaysWithoutVoucher: number | string;
  recipientUserIds: string[];
};

export type ParsedReminderForm =
  | { isValid: true; fields: ReminderFields }
  | { isValid: false; errors: FormErrors };

export function toReminderFormValues(reminder: Reminder | null): ReminderFormValues {
  return {
    isActive: reminder?.isActive ?? true,
    frequency: reminder?.frequency ?? 'weekly',
    weekday: String(reminder?.weekday ?? NEW_REMINDER.weekday),
    dayOfMonth: String(reminder?.dayOfMonth ?? NEW_REMINDER.dayOfMonth),
    hour: String(reminder?.hour ?? NEW_REMINDER.hour),
    minDaysWithoutVoucher: reminder?.minDaysWithoutVoucher ?? NEW_REMINDER.minDaysWithoutVoucher,
    recipientUserIds: (reminder?.recipientUserIds ?? []).map(String),
  };
}

/** A whole number in the range, from what a select or number field holds. */
function readWhole(value: number | string, min: number, max: number): number | undefined {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/** Reads the reminder form into the fields of the reminder calls, or says what is wrong with it. */
export function parseReminderForm(values: ReminderFormValues): ParsedReminderForm {
  const errors: FormErrors = {};
  const weekday = readWhole(values.weekday, 1, 7);
  const dayOfMonth = readWhole(values.dayOfMonth, 1, 31);
  const hour = readWhole(values.hour, 0, 23);
  const minDays = readWhole(values.minDaysWithoutVoucher, 0, REMINDER_LIMITS.minDaysMax);
  if (weekday === undefined) errors.weekday = 'reminders.errors.weekday';
  if (dayOfMonth === undefined) errors.dayOfMonth = 'reminders.errors.dayOfMonth';
  if (hour === undefined) errors.hour = 'reminders.errors.hour';
  if (minDays === undefined)
    errors.minDaysWithoutVoucher = {
      key: 'reminders.errors.minDays',
      max: String(REMINDER_LIMITS.minDaysMax),
    };
  const recipientUserIds = [...new Set(values.recipientUserIds.map(Number))];
  if (values.isActive && recipientUserIds.length === 0)
    errors.recipientUserIds = 'reminders.errors.noRecipients';
  if (recipientUserIds.length > REMINDER_LIMITS.recipientsMax)
    errors.recipientUserIds = {
      key: 'reminders.errors.tooManyRecipients',
      max: String(REMINDER_LIMITS.recipientsMax),
    };
  if (
    Object.keys(errors).length > 0 ||
    weekday === undefined ||
    dayOfMonth === undefined ||
    hour === undefined ||
    minDays === undefined
  )
    return { isValid: false, errors };
  return {
    isValid: true,
    fields: {
      isActive: values.isActive,
      frequency: values.frequency,
      weekday,
      dayOfMonth,
      hour,
      minDaysWithoutVoucher: minDays,
      recipientUserIds,
    },
  };
}

/** What each member is told of, by user id. */
export type AlertChoices = Record<string, { onVoucherArrived: boolean; onTransactionMissing: boolean }>;

export type VoucherAlertFormValues = {
  isActive: boolean;
  hour: string;
  choices: AlertChoices;
};

export type ParsedVoucherAlertForm =
  | { isValid: true; fields: VoucherAlertFields }
  | { isValid: false; errors: FormErrors };

export function toVoucherAlertFormValues(alert: VoucherAlert | null): VoucherAlertFormValues {
  return {
    isActive: alert?.isActive ?? true,
    hour: String(alert?.hour ?? NEW_ALERT_HOUR),
    choices: Object.fromEntries(
      (alert?.recipients ?? []).map((recipient) => [
        String(recipient.userId),
        {
          onVoucherArrived: recipient.onVoucherArrived,
          onTransactionMissing: recipient.onTransactionMissing,
        },
      ]),
    ),
  };
}

export function parseVoucherAlertForm(values: VoucherAlertFormValues): ParsedVoucherAlertForm {
  const errors: FormErrors = {};
  const hour = readWhole(values.hour, 0, 23);
  if (hour === undefined) errors.hour = 'reminders.errors.hour';
  const recipients: VoucherAlertRecipient[] = Object.entries(values.choices)
    .filter(([, choice]) => choice.onVoucherArrived || choice.onTransactionMissing)
    .map(([userId, choice]) => ({ userId: Number(userId), ...choice }));
  if (values.isActive && recipients.length === 0) errors.recipients = 'reminders.errors.noAlertRecipients';
  if (Object.keys(errors).length > 0 || hour === undefined) return { isValid: false, errors };
  return { isValid: true, fields: { isActive: values.isActive, hour, recipients } };
}
