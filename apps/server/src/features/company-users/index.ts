export { companyUserJobs } from './company-user.jobs';
export { companyUserRoutes } from './company-user.routes';
