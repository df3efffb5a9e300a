export { mailIntakeJobs } from './mail-intake.jobs';
export { mailIntakeRoutes } from './mail-intake.routes';
export { companyAddressOf } from './mail-intake.service';
export { type MailListener, startMailListener } from './mail-listener';
export { MAIL_PROCESS_JOB } from './mail-processing.service';
