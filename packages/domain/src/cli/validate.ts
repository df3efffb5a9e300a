import { DomainError } from '../errors';
import { validateAccountNumber } from '../validators/account-number';
import { validateBic } from '../validators/bic';
import { validateIban } from '../validators/iban';
import { validateKid } from '../validators/kid';
import { validateOrganisationNumber, validateVatNumber } from '../validators/organisation-number';
import type { ValidationResult } from '../validators/result';

export const VALIDATE_KINDS = ['account', 'kid', 'orgnr', 'vat', 'iban', 'bic'] as const;
export type ValidateKind = (typeof VALIDATE_KINDS)[number];

export interface ValidateOutput {
  kind: ValidateKind;
  value: string;
  valid: boolean;
  formatted?: string;
  reason?: string;
  /** For KID: the check digit algorithm(s) the number satisfies. */
  algorithms?: string[];
}

const VALIDATORS: Readonly<
  Record<ValidateKind, (value: string) => ValidationResult & { algorithms?: string[] }>
> = {
  account: validateAccountNumber,
  kid: validateKid,
  orgnr: validateOrganisationNumber,
  vat: validateVatNumber,
  iban: validateIban,
  bic: validateBic,
};

function isValidateKind(value: string): value is ValidateKind {
  return (VALIDATE_KINDS as readonly string[]).includes(value);
}

export function validateIdentifier(kind: ValidateKind, value: string): ValidateOutput {
  const result = VALIDATORS[kind](value);
  return {
    kind,
    value,
    valid: result.valid,
    ...(result.formatted === undefined ? {} : { formatted: result.formatted }),
    ...(result.reason === undefined ? {} : { reason: result.reason }),
    ...(kind === 'kid' && result.algorithms ? { algorithms: result.algorithms } : {}),
  };
}

/** `validate <account|kid|orgnr|vat|iban|bic> <value>`; the value may be given in several words. */
export async function run(args: string[]): Promise<ValidateOutput> {
  const [kind, ...words] = args;
  if (kind === undefined || !isValidateKind(kind) || words.length === 0) {
    throw new DomainError('USAGE', `Usage: validate <${VALIDATE_KINDS.join('|')}> <value>`);
  }
  return validateIdentifier(kind, words.join(' '));
}
