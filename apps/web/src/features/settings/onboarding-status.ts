import type { OnboardingStatus } from '@bilag/contracts';

/** How the card looks for a status: green when onboarded, red when turned away, blue while it can go on. */
export type OnboardingTone = 'done' | 'declined' | 'open';

/** What the person can do from the card for a status. */
export type OnboardingNextStep = 'start' | 'startAgain' | 'waitForSignatory' | 'none';

type OnboardingLook = { tone: OnboardingTone; nextStep: OnboardingNextStep };

const looks = {
  none: { tone: 'open', nextStep: 'start' },
  pending: { tone: 'open', nextStep: 'waitForSignatory' },
  success: { tone: 'done', nextStep: 'none' },
  completed: { tone: 'done', nextStep: 'none' },
  'already-onboarded': { tone: 'done', nextStep: 'none' },
  // The register may have been wrong about the company, or its details have been corrected since.
  'company-not-found': { tone: 'declined', nextStep: 'startAgain' },
  'declined-risk-evaluation': { tone: 'declined', nextStep: 'none' },
  'declined-unsupported-company-type': { tone: 'declined', nextStep: 'none' },
  'signorder-expired': { tone: 'declined', nextStep: 'startAgain' },
} as const satisfies Record<OnboardingStatus, OnboardingLook>;

export function onboardingLook(status: OnboardingStatus): OnboardingLook {
  return looks[status];
}

export const toneColor: Record<OnboardingTone, string> = { done: 'green', declined: 'red', open: 'blue' };
