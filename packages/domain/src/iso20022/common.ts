import { DomainError } from '../errors';
import { currencyMinorUnits, oreFromDecimal } from '../money/decimal';
import type { Ore } from '../money/ore';
import {
  parseXml,
  type SafeXmlOptions,
  type XmlNode,
  xmlAttribute,
  xmlChild,
  xmlText,
  xmlTextAt,
} from '../xml/safe-xml';

/** An account as ISO 20022 identifies it: an IBAN, or a domestic number (`Othr/Id`, e.g. a Norwegian BBAN). */
export interface AccountIdentification {
  iban: string | undefined;
  bban: string | undefined;
}

export interface CurrencyAmount {
  amount: Ore;
  currency: string;
}

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** ISO 20022 namespaces carry the message name and version: urn:iso:std:iso:20022:tech:xsd:camt.053.001.08. */
export interface MessageName {
  /** e.g. "camt.053" */
  message: string;
  /** e.g. "001.08"; variants such as Swiss ".ch.02" keep their suffix. */
  version: string;
}

const MESSAGE_NAME = /((?:camt|pain|pacs)\.\d{3})\.(\d{3}\.\d{2}(?:\.[a-z]{2}\.\d{2})?)/;

export function messageNameFromNamespace(namespace: string | undefined): MessageName | undefined {
  if (namespace === undefined) return undefined;
  const match = MESSAGE_NAME.exec(namespace);
  if (!match?.[1] || !match[2]) return undefined;
  return { message: match[1], version: match[2] };
}

export function looksLikeIban(value: string): boolean {
  return IBAN_SHAPE.test(value);
}

/** Reads `<Id><IBAN>` or `<Id><Othr><Id>`; an `Othr/Id` shaped like an IBAN is reported as one. */
export function readAccountIdentification(account: XmlNode | undefined): AccountIdentification | undefined {
  const id = xmlChild(account, 'Id');
  if (id === undefined) return undefined;
  const iban = xmlTextAt(id, 'IBAN');
  if (iban !== undefined) return { iban: compact(iban), bban: undefined };
  const other = xmlChild(id, 'Othr');
  const otherId = xmlTextAt(other, 'Id');
  if (otherId === undefined) return undefined;
  const value = compact(otherId);
  const scheme = xmlTextAt(other, 'SchmeNm', 'Cd');
  if (scheme !== 'BBAN' && looksLikeIban(value)) return { iban: value, bban: undefined };
  return { iban: undefined, bban: value };
}

export function compact(value: string): string {
  return value.replace(/\s+/g, '');
}

export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** An `<Amt Ccy="NOK">1234.50</Amt>`-style element as integer minor units of its currency. */
export function readCurrencyAmount(
  element: XmlNode | undefined,
  fallbackCurrency?: string,
): CurrencyAmount | undefined {
  const text = xmlText(element);
  if (text === undefined) return undefined;
  const currency = (xmlAttribute(element, 'Ccy') ?? fallbackCurrency)?.trim().toUpperCase();
  if (currency === undefined) {
    throw new DomainError('INVALID_AMOUNT', `Amount ${text} has no currency`, { text });
  }
  return { amount: oreFromDecimal(text, currencyMinorUnits(currency)), currency };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * The calendar date of an xs:date or xs:dateTime. The date as the bank wrote it is the booking date in the
 * bank's own time zone, so the offset is deliberately not applied.
 */
export function isoDateOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const match = ISO_DATE.exec(value.trim());
  if (!match) throw new DomainError('INVALID_DATE', `Not an ISO date: "${value}"`, { value });
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) {
    throw new DomainError('INVALID_DATE', `Not a calendar date: "${value}"`, { value });
  }
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** A `DateAndDateTimeChoice` (`<Dt>` or `<DtTm>`) as a date. */
export function readDateChoice(choice: XmlNode | undefined): string | undefined {
  return isoDateOf(xmlTextAt(choice, 'Dt') ?? xmlTextAt(choice, 'DtTm'));
}

/** Code of a `CdOrPrtry`-style choice, or the proprietary text when no code is given. */
export function readCodeOrProprietary(node: XmlNode | undefined): string | undefined {
  return xmlTextAt(node, 'Cd') ?? xmlTextAt(node, 'Prtry');
}

/**
 * Parses an ISO 20022 document that must be the named message (when its namespace names one) and
 * returns its message element, refusing anything else with a clear error.
 */
export function openIsoMessage(
  input: string | Uint8Array,
  options: SafeXmlOptions | undefined,
  expected: { message: string; description: string; element: string },
): { message: XmlNode; version: string | undefined } {
  const document = parseXml(input, options);
  const declared = messageNameFromNamespace(document.namespace);
  if (document.rootName !== 'Document' || (declared !== undefined && declared.message !== expected.message)) {
    throw new DomainError('UNSUPPORTED_FILE', `Not a ${expected.description}`);
  }
  const message = xmlChild(document.root, expected.element);
  if (message === undefined) {
    throw new DomainError(
      'UNSUPPORTED_FILE',
      `A ${expected.message} document must contain ${expected.element}`,
    );
  }
  return { message, version: declared?.version };
}
