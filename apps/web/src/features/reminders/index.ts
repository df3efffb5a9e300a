export { ReminderSettings } from './ReminderSettings';
export { reminderKeys } from './reminder.queries';
export { VoucherAlertSettings } from './VoucherAlertSettings';
