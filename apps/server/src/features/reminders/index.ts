export { REMINDER_MAIL_JOB, REMINDERS_DUE_JOB, reminderJobs, runDueReminders } from './reminder.jobs';
export { reminderRoutes } from './reminder.routes';
export { SEND_NOW_JOB } from './reminder.service';
