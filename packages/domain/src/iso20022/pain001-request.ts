/** Reads the JSON request of `write pain001` into a message to write, refusing what does not fit. */

import { currencyMinorUnits, oreFromDecimal } from '../money/decimal';
import { withoutUndefined } from './common';
import type {
  ChargeBearer,
  CreditTransfer,
  Pain001Message,
  Pain001Version,
  PaymentAccount,
  PostalAddress,
} from './pain001';
import { invalidPayment, PAIN001_VERSIONS } from './pain001-validate';

/**
 * JSON input of `write pain001` (amounts as decimal strings in the payment's currency):
 *
 * ```json
 * { "version": "001.001.03", "messageId": "BATCH-2024-001", "createdAt": "2024-05-02T10:00:00",
 *   "initiatingParty": { "name": "Eksempel AS", "organisationNumber": "123456785" },
 *   "payments": [
 *     { "endToEndId": "E2E-1", "amount": "1250.00", "currency": "NOK", "executionDate": "2024-05-03",
 *       "debtor": { "name": "Eksempel AS", "account": { "bban": "12345678903" }, "bic": "DNBANOKK" },
 *       "creditor": { "name": "Leverandør AS", "account": { "bban": "86011117947" } },
 *       "kid": "1234567890128" },
 *     { "endToEndId": "E2E-2", "amount": "150000.00", "currency": "EUR", "executionDate": "2024-05-03",
 *       "nokEquivalent": "1725000.00",
 *       "debtor": { "name": "Eksempel AS", "account": { "bban": "12345678903" }, "bic": "DNBANOKK" },
 *       "creditor": { "name": "Lieferant GmbH", "account": { "iban": "DE89370400440532013000" },
 *                     "bic": "COBADEFFXXX", "address": { "town": "Berlin", "country": "DE" } },
 *       "message": "Invoice 4711", "regulatoryReporting": { "code": "14", "text": "Kjøp av varer" } }
 *   ] }
 * ```
 */
export interface Pain001Request {
  version?: Pain001Version;
  messageId: string;
  createdAt?: string;
  initiatingParty: { name: string; organisationNumber?: string };
  payments: Array<
    Omit<CreditTransfer, 'amount' | 'nokEquivalent'> & { amount: string; nokEquivalent?: string }
  >;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(value: unknown, path: string): JsonObject {
  if (!isObject(value)) throw invalidPayment(`${path} must be an object`);
  return value;
}

function stringAt(object: JsonObject, key: string, path: string): string {
  const value = object[key];
  if (typeof value !== 'string') throw invalidPayment(`${path}.${key} must be a string`);
  return value;
}

function optionalStringAt(object: JsonObject, key: string, path: string): string | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidPayment(`${path}.${key} must be a string`);
  return value;
}

function accountFrom(value: unknown, path: string): PaymentAccount {
  const object = objectAt(value, path);
  return withoutUndefined({
    iban: optionalStringAt(object, 'iban', path),
    bban: optionalStringAt(object, 'bban', path),
  });
}

function addressFrom(value: unknown, path: string): PostalAddress | undefined {
  if (value === undefined || value === null) return undefined;
  const object = objectAt(value, path);
  return withoutUndefined({
    street: optionalStringAt(object, 'street', path),
    postCode: optionalStringAt(object, 'postCode', path),
    town: optionalStringAt(object, 'town', path),
    country: optionalStringAt(object, 'country', path),
  });
}

const CHARGE_BEARERS: readonly string[] = ['DEBT', 'CRED', 'SHAR', 'SLEV'];

function paymentFrom(value: unknown, index: number): CreditTransfer {
  const path = `payments[${index}]`;
  const object = objectAt(value, path);
  const currency = stringAt(object, 'currency', path).toUpperCase();
  const decimals = currencyMinorUnits(currency);
  const debtor = objectAt(object.debtor, `${path}.debtor`);
  const creditor = objectAt(object.creditor, `${path}.creditor`);
  const nokEquivalent = optionalStringAt(object, 'nokEquivalent', path);
  const chargeBearer = optionalStringAt(object, 'chargeBearer', path);
  if (chargeBearer !== undefined && !CHARGE_BEARERS.includes(chargeBearer)) {
    throw invalidPayment(`${path}.chargeBearer must be one of ${CHARGE_BEARERS.join(', ')}`);
  }
  const reporting = object.regulatoryReporting;
  const reportingObject =
    reporting === undefined || reporting === null
      ? undefined
      : objectAt(reporting, `${path}.regulatoryReporting`);
  return withoutUndefined({
    endToEndId: stringAt(object, 'endToEndId', path),
    instructionId: optionalStringAt(object, 'instructionId', path),
    amount: oreFromDecimal(stringAt(object, 'amount', path), decimals),
    currency,
    executionDate: stringAt(object, 'executionDate', path),
    debtor: withoutUndefined({
      name: stringAt(debtor, 'name', `${path}.debtor`),
      account: accountFrom(debtor.account, `${path}.debtor.account`),
      bic: optionalStringAt(debtor, 'bic', `${path}.debtor`),
    }),
    creditor: withoutUndefined({
      name: stringAt(creditor, 'name', `${path}.creditor`),
      account: accountFrom(creditor.account, `${path}.creditor.account`),
      bic: optionalStringAt(creditor, 'bic', `${path}.creditor`),
      address: addressFrom(creditor.address, `${path}.creditor.address`),
    }),
    kid: optionalStringAt(object, 'kid', path),
    creditorReference: optionalStringAt(object, 'creditorReference', path),
    message: optionalStringAt(object, 'message', path),
    regulatoryReporting:
      reportingObject === undefined
        ? undefined
        : {
            code: stringAt(reportingObject, 'code', `${path}.regulatoryReporting`),
            text: stringAt(reportingObject, 'text', `${path}.regulatoryReporting`),
          },
    nokEquivalent: nokEquivalent === undefined ? undefined : oreFromDecimal(nokEquivalent, 2),
    chargeBearer: chargeBearer as ChargeBearer | undefined,
  });
}

/** Validates a {@link Pain001Request} read from JSON; throws DomainError INVALID_PAYMENT or INVALID_AMOUNT. */
export function pain001MessageFromRequest(
  value: unknown,
  now: Date = new Date(),
): {
  message: Pain001Message;
  version: Pain001Version;
} {
  const object = objectAt(value, 'request');
  const version = optionalStringAt(object, 'version', 'request') ?? '001.001.03';
  if (!PAIN001_VERSIONS.includes(version as Pain001Version)) {
    throw invalidPayment(`version must be one of ${PAIN001_VERSIONS.join(', ')}`);
  }
  const initiatingParty = objectAt(object.initiatingParty, 'initiatingParty');
  if (!Array.isArray(object.payments)) throw invalidPayment('payments must be an array');
  return {
    version: version as Pain001Version,
    message: {
      messageId: stringAt(object, 'messageId', 'request'),
      createdAt: optionalStringAt(object, 'createdAt', 'request') ?? now.toISOString().slice(0, 19),
      initiatingParty: withoutUndefined({
        name: stringAt(initiatingParty, 'name', 'initiatingParty'),
        organisationNumber: optionalStringAt(initiatingParty, 'organisationNumber', 'initiatingParty'),
      }),
      payments: object.payments.map(paymentFrom),
    },
  };
}
