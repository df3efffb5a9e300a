import { createKid } from '@bilag/domain';
import type { Language } from '../../platform/pages';
import type { DocumentKind } from '../identifiers';
import type { NetworkParticipant } from '../network';
import type { OutboxMessage } from '../outbox';
import type { UblParty } from './ubl-writer';

/** What an example document is written for: the receiver chosen, the sandbox's today, what was sent before. */
export type ExampleContext = {
  receiver: { organisationNumber: string; name: string };
  /** The sandbox's date in Oslo, YYYY-MM-DD: examples are issued today. */
  today: string;
  /** Makes each sent document's number (and KID) its own. */
  sequence: number;
  /** The messages sent so far, newest first: a credit note corrects the latest matching invoice. */
  sent: readonly OutboxMessage[];
};

export type ExampleDocument = {
  /** Stable, used in forms: `example:<id>`. */
  id: string;
  kind: DocumentKind;
  title: Record<Language, string>;
  supplier: NetworkParticipant;
  write(context: ExampleContext): string;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar month before the date's, as the first and last day. */
export function previousMonth(date: string): { start: string; end: string } {
  const firstOfThisMonth = `${date.slice(0, 7)}-01`;
  const end = addDays(firstOfThisMonth, -1);
  return { start: `${end.slice(0, 7)}-01`, end };
}

/** `<prefix>-<YYYYMMDD>-<sequence>`, readable and unique per send. */
export function documentNumber(prefix: string, context: ExampleContext): string {
  return `${prefix}-${context.today.replaceAll('-', '')}-${context.sequence}`;
}

/** A KID with a MOD10 check digit from the date and sequence, as a supplier's invoicing system makes them. */
export function kidFor(customerNumber: string, context: ExampleContext): string {
  return createKid(
    `${customerNumber}${context.today.replaceAll('-', '')}${String(context.sequence).padStart(4, '0')}`,
    'MOD10',
  );
}

export function supplierParty(supplier: NetworkParticipant): UblParty {
  return {
    organisationNumber: supplier.organisationNumber,
    name: supplier.name,
    street: supplier.street,
    postalZone: supplier.postalZone,
    city: supplier.city,
    isVatRegistered: true,
    contact: supplier.contact,
  };
}

/** The registry knows only the receiver's number and name, so the address carries the country alone. */
export function customerParty(receiver: ExampleContext['receiver']): UblParty {
  return { organisationNumber: receiver.organisationNumber, name: receiver.name, isVatRegistered: true };
}

export function paymentTo(supplier: NetworkParticipant, kid: string | undefined, dueDate: string) {
  return {
    kid,
    bban: supplier.account.bban,
    bic: supplier.account.bic,
    accountName: supplier.name,
    terms: `Betales innen ${dueDate.split('-').reverse().join('.')}${kid ? ` med KID ${kid}` : ''}.`,
  };
}
