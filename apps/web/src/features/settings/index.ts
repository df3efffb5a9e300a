export { onboardingLook, toneColor } from './onboarding-status';
export { settingsKeys } from './settings.queries';
