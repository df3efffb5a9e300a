import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';

const tags = ['onboarding'];

/**
 * Where the company's onboarding with the payment service stands (spec §4). `declined-enk-no-vat`
 * from the provider is shown as company-not-found; `none` means it was never started.
 */
export const ONBOARDING_STATUSES = [
  'none',
  'pending',
  'success',
  'completed',
  'already-onboarded',
  'company-not-found',
  'declined-risk-evaluation',
  'declined-unsupported-company-type',
  'signorder-expired',
] as const;
export const OnboardingStatus = z.enum(ONBOARDING_STATUSES);
export type OnboardingStatus = z.infer<typeof OnboardingStatus>;

/** The statuses after which onboarding cannot go on: the company is in, or was turned away. */
export const ONBOARDING_FINAL_STATUSES: readonly OnboardingStatus[] = [
  'success',
  'completed',
  'already-onboarded',
  'company-not-found',
  'declined-risk-evaluation',
  'declined-unsupported-company-type',
  'signorder-expired',
];
/** The statuses that mean the company is onboarded. */
export const ONBOARDED_STATUSES: readonly OnboardingStatus[] = ['success', 'completed', 'already-onboarded'];

export const Onboarding = z.object({
  companyId: z.number().int(),
  status: OnboardingStatus,
  /** The provider's page where the company's signatory signs, while the onboarding is pending. */
  signUrl: z.string().nullable(),
  startedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  startedBy: z.string().nullable(),
});
export type Onboarding = z.infer<typeof Onboarding>;

const OnboardingParams = z.object({ companyId: Id });

export const getOnboarding = route({
  method: 'GET',
  path: `${ApiPrefix.consent}/onboarding/:companyId`,
  access: 'company',
  action: 'setting.view',
  params: OnboardingParams,
  reply: envelope(Onboarding),
  summary: "The company's onboarding with the payment service; a pending one is asked of the provider again",
  tags,
});

export const startOnboarding = route({
  method: 'POST',
  path: `${ApiPrefix.consent}/onboarding/:companyId`,
  access: 'company',
  action: 'setting.edit',
  params: OnboardingParams,
  reply: envelope(Onboarding),
  summary:
    "Start onboarding the company with the payment service; answers the provider's page where the signatory signs (signUrl), or the final status when there is nothing to sign",
  tags,
});
