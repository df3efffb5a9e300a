import type { OnboardingStatus } from '@bilag/contracts';

/**
 * The payment service's company onboarding, as the product's features use it: the service checks
 * the company and, when it passes, answers a page where the company's signatory signs the customer
 * agreement with BankID. The statuses are the product's (spec §4): the provider's own
 * `declined-enk-no-vat` reads as company-not-found, and is kept in `providerStatus`.
 */

/** What the provider itself answers; one more than the product shows. */
export type ProviderOnboardingStatus = Exclude<OnboardingStatus, 'none'> | 'declined-enk-no-vat';

export type OnboardingAtProvider = {
  /** The provider's id of the onboarding. */
  onboardingId: string;
  organisationNumber: string;
  status: Exclude<OnboardingStatus, 'none'>;
  providerStatus: ProviderOnboardingStatus;
  /** The provider's page where the signatory signs, while pending. */
  signUrl: string | undefined;
};

export type StartOnboarding = {
  /** Nine digits; spaces and dots are removed. */
  organisationNumber: string;
  /** Where the provider's page sends the signatory after signing or cancelling. */
  returnUrl: string;
  /** The language of the provider's page. */
  language: 'en' | 'no';
};

export interface OnboardingClient {
  /**
   * Onboards the company: answers the outcome of the provider's checks, with the sign page when it
   * is pending. A company with a pending onboarding gets that one back, so a repeat is harmless.
   */
  start(request: StartOnboarding): Promise<OnboardingAtProvider>;
  /** Where the onboarding stands now; a rejected ProviderError (404) when the provider does not know it. */
  status(onboardingId: string): Promise<OnboardingAtProvider>;
  /** The company's latest onboarding at the provider, undefined when it was never onboarded there. */
  latestOfCompany(organisationNumber: string): Promise<OnboardingAtProvider | undefined>;
}
