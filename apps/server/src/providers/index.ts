import type { ProviderSettings } from '../config';
import { createBankClients } from './bank/http-client';
import type { BankClients } from './bank/interface';
import { createBankAuthorisationClient } from './bank-authorisation/http-client';
import type { BankAuthorisationClient } from './bank-authorisation/interface';
import { createCardClient } from './card/http-client';
import type { CardClient } from './card/interface';
import { createMailClient } from './mail/http-client';
import type { MailClient } from './mail/interface';
import { createOnboardingClient } from './onboarding/http-client';
import type { OnboardingClient } from './onboarding/interface';
import { createPeppolClient } from './peppol/http-client';
import type { PeppolClient } from './peppol/interface';
import { createSigningClient } from './signing/http-client';
import type { SigningClient } from './signing/interface';

/**
 * Every outside party the features reach, each through its own client. Which real party (or the
 * sandbox) answers is decided by `ProviderSettings` alone.
 */
export type Providers = {
  banks: BankClients;
  signing: SigningClient;
  bankAuthorisation: BankAuthorisationClient;
  onboarding: OnboardingClient;
  card: CardClient;
  peppol: PeppolClient;
  mail: MailClient;
};

export function createProviders(settings: ProviderSettings): Providers {
  return {
    banks: createBankClients(settings),
    signing: createSigningClient(settings),
    bankAuthorisation: createBankAuthorisationClient(settings),
    onboarding: createOnboardingClient(settings),
    card: createCardClient(settings),
    peppol: createPeppolClient(settings),
    mail: createMailClient(settings),
  };
}

export { ProviderError } from './provider-error';
