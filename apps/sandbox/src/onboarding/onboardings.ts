import { randomBytes } from 'node:crypto';
import type { SandboxContext } from '../platform/context';
import type { Language } from '../platform/pages';
import { findRegisteredCompany, type RegisteredCompany } from '../platform/world';

/**
 * The payment service's onboardings of companies. Starting one runs the provider's checks of the
 * company (its register, legal form, VAT registration, risk evaluation) at once; a company that
 * passes gets a sign order that its signatory signs with BankID on the provider's page. After the
 * signature the provider sets up the company's account: the first status read after signing answers
 * `success`, every later one `completed`. A sign order not signed within seven days of the sandbox's
 * clock ends as `signorder-expired`. Cancelling on the page leaves the sign order pending, so it can
 * still be signed until it expires.
 */
export const ONBOARDING_STATUSES = [
  'pending',
  'success',
  'completed',
  'already-onboarded',
  'company-not-found',
  'declined-enk-no-vat',
  'declined-risk-evaluation',
  'declined-unsupported-company-type',
  'signorder-expired',
] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

export const SIGN_ORDER_LIFETIME_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The oldest onboardings are forgotten beyond this many, so the store file stays small. */
const ONBOARDINGS_KEPT = 10_000;

export type Onboarding = {
  onboardingId: string;
  /** The secret in the sign page's address: the browser carries it, so it is not the onboarding id. */
  pageToken: string;
  organisationNumber: string;
  /** The company's name in the register, when it is there. */
  companyName?: string;
  returnUrl: string;
  /** The language the caller asked for; the sign page opens in it unless the browser asks otherwise. */
  language: Language;
  status: OnboardingStatus;
  createdAt: string;
  updatedAt: string;
  /** Until when the sign order can be signed, while it is pending. */
  signOrderExpiresAt?: string;
  signedAt?: string;
  /** The national identity number of the signatory who signed. */
  signedBy?: string;
  /** Set once a status read has answered `success`; the next read finds the account set up. */
  successAnswered?: boolean;
};

/** What the provider's checks decide for a company, before anything is signed. */
export function checkCompany(
  company: RegisteredCompany | undefined,
  onboardedAlready: boolean,
): OnboardingStatus {
  if (!company) return 'company-not-found';
  if (company.onboardedBefore || onboardedAlready) return 'already-onboarded';
  if (company.form === 'ENK' && !company.vatRegistered) return 'declined-enk-no-vat';
  if (company.form === 'NUF' || company.form === 'STI') return 'declined-unsupported-company-type';
  if (company.riskEvaluation === 'declined') return 'declined-risk-evaluation';
  return 'pending';
}

/** 192 random bits, URL-safe: the ids a caller or a browser holds cannot be guessed. */
function unguessableId(): string {
  return randomBytes(24).toString('base64url');
}

export function createOnboardingStore(context: SandboxContext) {
  const onboardings = context.store.collection<Onboarding>('onboardings');
  const now = () => context.clock.now();

  function save(onboarding: Onboarding): Onboarding {
    onboardings.set(onboarding.onboardingId, onboarding);
    while (onboardings.size > ONBOARDINGS_KEPT) {
      const oldest = onboardings.keys().next().value;
      if (oldest === undefined) break;
      onboardings.delete(oldest);
    }
    context.store.changed();
    return onboarding;
  }

  function change(onboarding: Onboarding, update: Partial<Onboarding>): Onboarding {
    const changed: Onboarding = { ...onboarding, ...update, updatedAt: now().toISOString() };
    if (changed.status !== 'pending') delete changed.signOrderExpiresAt;
    return save(changed);
  }

  /** Applies the clock: a sign order past its time is expired. */
  function settled(onboarding: Onboarding): Onboarding {
    const expired =
      onboarding.status === 'pending' &&
      onboarding.signOrderExpiresAt !== undefined &&
      now().getTime() >= Date.parse(onboarding.signOrderExpiresAt);
    return expired ? change(onboarding, { status: 'signorder-expired' }) : onboarding;
  }

  function allOf(organisationNumber: string): Onboarding[] {
    return [...onboardings.values()]
      .filter((onboarding) => onboarding.organisationNumber === organisationNumber)
      .map(settled);
  }

  return {
    /**
     * Starts an onboarding, or answers the company's pending one (`created` false): a repeated call
     * never makes a second sign order.
     */
    start(request: { organisationNumber: string; returnUrl: string; language: Language }) {
      const earlier = allOf(request.organisationNumber);
      const pending = earlier.find((onboarding) => onboarding.status === 'pending');
      if (pending) return { onboarding: pending, created: false };
      const company = findRegisteredCompany(request.organisationNumber);
      const onboardedAlready = earlier.some(
        (onboarding) => onboarding.status === 'success' || onboarding.status === 'completed',
      );
      const status = checkCompany(company, onboardedAlready);
      const createdAt = now();
      const onboarding: Onboarding = {
        onboardingId: crypto.randomUUID(),
        pageToken: unguessableId(),
        organisationNumber: request.organisationNumber,
        ...(company ? { companyName: company.name } : {}),
        returnUrl: request.returnUrl,
        language: request.language,
        status,
        createdAt: createdAt.toISOString(),
        updatedAt: createdAt.toISOString(),
        ...(status === 'pending'
          ? {
              signOrderExpiresAt: new Date(
                createdAt.getTime() + SIGN_ORDER_LIFETIME_DAYS * DAY_MS,
              ).toISOString(),
            }
          : {}),
      };
      return { onboarding: save(onboarding), created: true };
    },

    /** The onboarding as a status read answers it: the account is set up after `success` was read once. */
    read(onboarding: Onboarding): Onboarding {
      const current = settled(onboarding);
      if (current.status !== 'success') return current;
      if (current.successAnswered) return change(current, { status: 'completed' });
      save({ ...current, successAnswered: true });
      return current;
    },

    byId(onboardingId: string): Onboarding | undefined {
      const onboarding = onboardings.get(onboardingId);
      return onboarding && settled(onboarding);
    },

    latestOf(organisationNumber: string): Onboarding | undefined {
      return allOf(organisationNumber).reduce<Onboarding | undefined>(
        (latest, onboarding) => (latest && latest.createdAt > onboarding.createdAt ? latest : onboarding),
        undefined,
      );
    },

    byPageToken(pageToken: string): Onboarding | undefined {
      for (const onboarding of onboardings.values()) {
        if (onboarding.pageToken === pageToken) return settled(onboarding);
      }
      return undefined;
    },

    sign(onboarding: Onboarding, ssn: string): Onboarding {
      return change(onboarding, { status: 'success', signedAt: now().toISOString(), signedBy: ssn });
    },
  };
}

export type OnboardingStore = ReturnType<typeof createOnboardingStore>;
