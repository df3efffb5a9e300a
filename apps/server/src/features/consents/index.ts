export { consentRoutes } from './consent.routes';
export { consentJobs } from './consent-jobs';
