export { onboardingRoutes } from './onboarding.routes';
export { onboardingJobs } from './onboarding-jobs';
export { settingsRoutes } from './settings.routes';
