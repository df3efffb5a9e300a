import {
  CONSENT_EXPIRING_SOON_DAYS,
  type Consent,
  type ConsentAccount,
  type ConsentEvent,
  type ConsentEventKind,
  type ConsentStatus,
  type Language,
} from '@bilag/contracts';
import { daysBetween, todayIsoDate } from '@bilag/domain';
import { type MessageKey, translate } from '../../platform/messages';
import type { ConsentAccountListing, ConsentListing } from './consent.repository';
import type { BankConsentEventRow } from './consent.table';

/** Consent days are counted in Oslo, where the banks keep their calendar. */
export const CONSENT_TIME_ZONE = 'Europe/Oslo';

export function consentToday(now: Date = new Date()): string {
  return todayIsoDate(CONSENT_TIME_ZONE, now);
}

/** Statuses after which nothing is read with the consent any more. */
export const ENDED_CONSENT_STATUSES: readonly ConsentStatus[] = [
  'rejected',
  'revokedByPsu',
  'expired',
  'terminatedByTpp',
];

export function isConsentEnded(status: ConsentStatus): boolean {
  return ENDED_CONSENT_STATUSES.includes(status);
}

/** Whole days from today to the consent's last day (0 on that day); null when it has none or has ended. */
export function daysLeftOf(status: ConsentStatus, validUntil: string | null, today: string): number | null {
  if (validUntil === null || isConsentEnded(status)) return null;
  return Math.max(0, daysBetween(today, validUntil));
}

const STATUS_NAME: Record<ConsentStatus, MessageKey> = {
  received: 'consentStatusReceived',
  valid: 'consentStatusValid',
  rejected: 'consentStatusRejected',
  revokedByPsu: 'consentStatusRevokedByPsu',
  expired: 'consentStatusExpired',
  terminatedByTpp: 'consentStatusTerminatedByTpp',
};

export function consentStatusName(language: Language, status: ConsentStatus): string {
  return translate(language, STATUS_NAME[status]);
}

export function toConsentAccount({ account, balance }: ConsentAccountListing): ConsentAccount {
  return {
    id: account.id,
    consentId: account.consentId,
    iban: account.iban,
    bban: account.bban,
    companyBankId: account.companyBankId,
    name: account.name,
    currency: account.currency,
    status: account.status,
    lastSyncAt: account.lastSyncAt?.toISOString() ?? null,
    syncedThrough: account.syncedThrough,
    balance:
      balance === null
        ? null
        : {
            amountOre: Number(balance.amountOre),
            currency: balance.currency,
            date: balance.date,
            source: balance.source,
          },
  };
}

export function toConsent(
  listing: ConsentListing,
  accounts: readonly ConsentAccountListing[],
  syncing: ReadonlySet<number>,
  today: string,
): Consent {
  const { consent } = listing;
  const daysLeft = daysLeftOf(consent.status, consent.validUntil, today);
  return {
    id: consent.id,
    companyId: consent.companyId,
    bankId: consent.bankId,
    bankName: listing.bankName,
    bankGroup: consent.bankGroup,
    status: consent.status,
    validUntil: consent.validUntil,
    daysLeft,
    expiringSoon: consent.status === 'valid' && daysLeft !== null && daysLeft <= CONSENT_EXPIRING_SOON_DAYS,
    frequencyPerDay: consent.frequencyPerDay,
    createdAt: consent.createdAt.toISOString(),
    createdBy: listing.createdByName,
    renewsConsentId: consent.renewsConsentId,
    lastSyncAt: consent.lastSyncAt?.toISOString() ?? null,
    syncing: syncing.has(consent.id),
    lastError: consent.lastError,
    accounts: accounts.filter(({ account }) => account.consentId === consent.id).map(toConsentAccount),
  };
}

const EVENT_MESSAGE: Record<ConsentEventKind, MessageKey> = {
  created: 'consentEventCreated',
  accepted: 'consentEventAccepted',
  rejected: 'consentEventRejected',
  renewed: 'consentEventRenewed',
  revoked: 'consentEventRevoked',
  expired: 'consentEventExpired',
  'ended-at-bank': 'consentEventEndedAtBank',
  synced: 'consentEventSynced',
  'sync-failed': 'consentEventSyncFailed',
  'account-closed': 'consentEventAccountClosed',
  'expiry-notice': 'consentEventExpiryNotice',
};

export function toConsentEvent(
  language: Language,
  { event, userName }: { event: BankConsentEventRow; userName: string | null },
): ConsentEvent {
  return {
    id: event.id,
    consentId: event.consentId,
    kind: event.kind,
    isError: event.isError,
    message: translate(language, EVENT_MESSAGE[event.kind], event.details),
    createdAt: event.createdAt.toISOString(),
    userName,
  };
}
