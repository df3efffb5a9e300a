export { consentAccountLabel } from './consent.format';
export { consentFlowOutcome, tellConsentFlowEnded } from './consent-messages';
