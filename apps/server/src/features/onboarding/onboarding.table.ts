import type { OnboardingStatus } from '@bilag/contracts';
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantKey, timestamps } from '../../db/columns';

/** The company's onboarding with the payment service; the latest row is where it stands. */
export const companyOnboardings = pgTable(
  'company_onboardings',
  {
    ...tenantKey(),
    /** The provider's id of the onboarding. */
    providerOnboardingId: text('provider_onboarding_id').notNull(),
    status: text('status').$type<OnboardingStatus>().notNull(),
    /** The provider's page where the signatory signs, while pending. */
    signUrl: text('sign_url'),
    startedBy: integer('started_by'),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.id] })],
);
export type CompanyOnboardingRow = typeof companyOnboardings.$inferSelect;
