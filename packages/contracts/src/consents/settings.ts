import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { OnboardingStatus } from './onboarding';

/** The steps of setting a company up, in the order the settings page shows them. */
export const SETTINGS_STEP_KEYS = [
  'companyDetails',
  'bankAccounts',
  'consents',
  'paymentUsers',
  'onboarding',
  'ehf',
  'emailAddress',
] as const;
export const SettingsStepKey = z.enum(SETTINGS_STEP_KEYS);
export type SettingsStepKey = z.infer<typeof SettingsStepKey>;

export const SettingsStep = z.object({
  key: SettingsStepKey,
  done: z.boolean(),
  /** What is in place, for the step's line: accounts, valid consents, payment users… */
  count: z.number().int(),
  /** What is left to do, in the language of the person asking; null when the step is done. */
  todo: z.string().nullable(),
  /** The product path where the step is done, such as /nordlys-bakeri/consent; null where it has no page. */
  link: z.string().nullable(),
});
export type SettingsStep = z.infer<typeof SettingsStep>;

export const CompanySettings = z.object({
  companyId: z.number().int(),
  alias: z.string(),
  steps: z.array(SettingsStep),
  doneCount: z.number().int(),
  onboardingStatus: OnboardingStatus,
  /** Where the company forwards receipts to make vouchers of them (`<alias>@` the mail domain). */
  emailAddress: z.string(),
});
export type CompanySettings = z.infer<typeof CompanySettings>;

export const getCompanySettings = route({
  method: 'GET',
  path: `${ApiPrefix.main}/company-settings/:companyId`,
  access: 'company',
  action: 'setting.view',
  params: z.object({ companyId: Id }),
  reply: envelope(CompanySettings),
  summary:
    "The company's setup steps (company details, accounts, consents, payment users, onboarding, EHF, e-mail address) and what is left",
  tags: ['settings'],
});
