import {
  type CompanySettings,
  type Language,
  ONBOARDED_STATUSES,
  SETTINGS_STEP_KEYS,
  type SettingsStep,
  type SettingsStepKey,
} from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth';
import { type MessageKey, translate } from '../../platform/messages';
import { ProviderError, type Providers } from '../../providers';
import { requireCompanyAccess } from '../companies';
import { companyAddressOf } from '../mail-intake';
import { latestOnboarding } from './onboarding.repository';
import { validOrganisationNumberOf } from './onboarding.service';
import { countCompanyAccounts, countPayingUsers, countReadingConsents } from './settings.repository';

/**
 * The steps of setting a company up (the settings page), each with what is in place, what is left
 * and where it is done. The page must show even when an outside party does not answer, so a step
 * that asks one is then shown as not done, with why.
 */

type StepState = { done: boolean; count: number; todoKey?: MessageKey };

const LEFT_TO_DO_KEYS: Record<SettingsStepKey, MessageKey> = {
  companyDetails: 'settingsCompanyDetailsTodo',
  bankAccounts: 'settingsBankAccountsTodo',
  consents: 'settingsConsentsTodo',
  paymentUsers: 'settingsPaymentUsersTodo',
  onboarding: 'settingsOnboardingTodo',
  ehf: 'settingsEhfTodo',
  emailAddress: 'settingsEmailAddressTodo',
};

/** The product's page for each step; EHF has none yet, the e-mail address is shown on the settings page. */
const LINKS: Record<SettingsStepKey, ((alias: string) => string) | null> = {
  companyDetails: (alias) => `/${alias}/setting`,
  bankAccounts: (alias) => `/${alias}/bank-management`,
  consents: (alias) => `/${alias}/consent`,
  paymentUsers: (alias) => `/${alias}/payments/assign-users`,
  onboarding: (alias) => `/${alias}/setting`,
  ehf: null,
  emailAddress: (alias) => `/${alias}/setting`,
};

function stepOf(count: number): StepState {
  return { done: count > 0, count };
}

async function ehfStep(
  providers: Providers,
  organisationNumber: string | undefined,
  log: FastifyBaseLogger | undefined,
): Promise<StepState> {
  if (organisationNumber === undefined) return { done: false, count: 0 };
  try {
    await providers.peppol.getReceiver(organisationNumber);
    return { done: true, count: 1 };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.failure === 'rejected' && error.status === 404) return { done: false, count: 0 };
    log?.warn({ err: error }, 'the PEPPOL access point did not say whether the company receives EHF');
    return { done: false, count: 0, todoKey: 'settingsEhfUnknown' };
  }
}

export async function companySettings(
  { db, providers, mailDomain }: { db: Db; providers: Providers; mailDomain: string },
  principal: Principal,
  companyIdInput: number,
  language: Language,
  log?: FastifyBaseLogger,
): Promise<CompanySettings> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  const companyId = company.Id;
  const organisationNumber = validOrganisationNumberOf(company);
  const today = todayIsoDate('Europe/Oslo');

  const [accounts, consents, payers, onboarding, ehf] = await Promise.all([
    countCompanyAccounts(db, companyId),
    countReadingConsents(db, companyId, today),
    countPayingUsers(db, companyId),
    latestOnboarding(db, companyId),
    ehfStep(providers, organisationNumber, log),
  ]);

  const onboardingStatus = onboarding?.status ?? 'none';
  const onboarded = ONBOARDED_STATUSES.includes(onboardingStatus);
  const states: Record<SettingsStepKey, StepState> = {
    companyDetails: stepOf(company.Name.trim() !== '' && organisationNumber !== undefined ? 1 : 0),
    bankAccounts: stepOf(accounts),
    consents: stepOf(consents),
    paymentUsers: stepOf(payers),
    onboarding: stepOf(onboarded ? 1 : 0),
    ehf,
    // Every company has its address from the start; the step is there to show it.
    emailAddress: { done: true, count: 1 },
  };
  const steps: SettingsStep[] = SETTINGS_STEP_KEYS.map((key) => {
    const state = states[key];
    return {
      key,
      done: state.done,
      count: state.count,
      todo: state.done ? null : translate(language, state.todoKey ?? LEFT_TO_DO_KEYS[key]),
      link: LINKS[key]?.(company.Alias) ?? null,
    };
  });
  return {
    companyId,
    alias: company.Alias,
    steps,
    doneCount: steps.filter((step) => step.done).length,
    onboardingStatus,
    emailAddress: companyAddressOf(company.Alias, mailDomain),
  };
}
