import type { Consent, ConsentAccount, ConsentStatus } from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { formatIban } from '@bilag/domain/validators/iban';

/** An account of a consent as people know it: the Norwegian account number, or the IBAN of a foreign one. */
export function consentAccountNumber(account: Pick<ConsentAccount, 'bban' | 'iban'>): string {
  if (account.bban) return formatAccountNumber(account.bban);
  return account.iban ? formatIban(account.iban) : '—';
}

export function consentAccountLabel(account: Pick<ConsentAccount, 'bban' | 'iban' | 'name'>): string {
  const number = consentAccountNumber(account);
  return account.name ? `${account.name} (${number})` : number;
}

/** The dot's colour: green in force, blue while the bank waits for the person, grey or red once it has ended. */
export const consentStatusColor: Record<ConsentStatus, string> = {
  valid: 'green',
  received: 'blue',
  rejected: 'red',
  revokedByPsu: 'gray',
  expired: 'red',
  terminatedByTpp: 'gray',
};

/** Only a consent in force reads from the bank, and only then can it be renewed or revoked. */
export function isConsentActive(consent: Pick<Consent, 'status'>): boolean {
  return consent.status === 'valid';
}

/** A consent still waiting at the bank can be revoked too, so the bank's page no longer takes it. */
export function canRevokeConsent(consent: Pick<Consent, 'status'>): boolean {
  return consent.status === 'valid' || consent.status === 'received';
}
