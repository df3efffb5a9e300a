import { DIVISION_LIMITS, type Division, type SaveDivisionRequest } from '@bilag/contracts';
import {
  formatOrganisationNumber,
  validateOrganisationNumber,
} from '@bilag/domain/validators/organisation-number';

/** What the division form holds: text as typed, and the chosen accounts by their company bank id. */
export type DivisionFormValues = {
  name: string;
  organisationNumber: string;
  companyBankIds: string[];
};

export type OrganisationNumberErrorKey =
  | 'companyServices.divisions.errors.organisationNumberRequired'
  | 'companyServices.divisions.errors.organisationNumberDigits'
  | 'companyServices.divisions.errors.organisationNumberLength'
  | 'companyServices.divisions.errors.organisationNumberChecksum';

export type DivisionFormErrors = {
  name?: 'companyServices.divisions.errors.nameRequired';
  organisationNumber?: OrganisationNumberErrorKey;
};

export type DivisionChanges = Omit<SaveDivisionRequest, 'companyId'>;

export type ParsedDivisionForm =
  | { isValid: true; changes: DivisionChanges }
  | { isValid: false; errors: DivisionFormErrors };

export function emptyDivisionForm(): DivisionFormValues {
  return { name: '', organisationNumber: '', companyBankIds: [] };
}

export function toDivisionFormValues(division: Division): DivisionFormValues {
  return {
    name: division.name,
    organisationNumber: formatOrganisationNumber(division.organisationNumber),
    companyBankIds: division.accounts.map((account) => String(account.companyBankId)),
  };
}

export type OrganisationNumberCheck =
  | { state: 'valid'; normalized: string }
  | { state: 'invalid'; error: OrganisationNumberErrorKey };

/** An organisation number as typed, with the spaces and dots it is written with: nine digits, MOD11. */
export function checkOrganisationNumber(text: string): OrganisationNumberCheck {
  const result = validateOrganisationNumber(text);
  if (result.valid && result.normalized) return { state: 'valid', normalized: result.normalized };
  const errorOf: Record<string, OrganisationNumberErrorKey> = {
    EMPTY: 'companyServices.divisions.errors.organisationNumberRequired',
    NOT_DIGITS: 'companyServices.divisions.errors.organisationNumberDigits',
    LENGTH: 'companyServices.divisions.errors.organisationNumberLength',
  };
  return {
    state: 'invalid',
    error: errorOf[result.reason ?? ''] ?? 'companyServices.divisions.errors.organisationNumberChecksum',
  };
}

/** Checks every field at once, so a person sees all that needs fixing before saving again. */
export function parseDivisionForm(values: DivisionFormValues): ParsedDivisionForm {
  const errors: DivisionFormErrors = {};
  const name = values.name.trim().slice(0, DIVISION_LIMITS.nameMax);
  if (name === '') errors.name = 'companyServices.divisions.errors.nameRequired';
  const organisationNumber = checkOrganisationNumber(values.organisationNumber);
  if (organisationNumber.state === 'invalid') errors.organisationNumber = organisationNumber.error;
  if (organisationNumber.state !== 'valid' || errors.name) return { isValid: false, errors };
  return {
    isValid: true,
    changes: {
      name,
      organisationNumber: organisationNumber.normalized,
      companyBankIds: [...new Set(values.companyBankIds.map(Number))],
    },
  };
}
