export * from './consents';
export * from './notifications';
export * from './onboarding';
export * from './settings';
