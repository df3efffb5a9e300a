import { type Bank, type BankGroup, SaveBankRequest } from '@bilag/contracts';
import { validateBic } from '@bilag/domain/validators/bic';

export const MAX_BANK_NAME_LENGTH = 120;
export const MAX_PREFIXES = 500;

/** What the bank form holds: the registration numbers as one typed line. */
export type BankFormValues = {
  name: string;
  bic: string;
  bankGroup: BankGroup;
  prefixes: string;
};

export type BankFormErrorKey =
  | 'bankAdmin.form.errors.nameRequired'
  | 'bankAdmin.form.errors.bicRequired'
  | 'bankAdmin.form.errors.bicLength'
  | 'bankAdmin.form.errors.bicFormat'
  | 'bankAdmin.form.errors.bicCountry'
  | 'bankAdmin.form.errors.prefixes'
  | 'bankAdmin.form.errors.prefixesTooMany';

export type BankFormError = { key: BankFormErrorKey; invalid?: string };
export type BankFormErrors = Partial<Record<keyof BankFormValues, BankFormError>>;

export type ParsedBankForm =
  | { isValid: true; request: SaveBankRequest }
  | { isValid: false; errors: BankFormErrors };

export function emptyBankForm(): BankFormValues {
  return { name: '', bic: '', bankGroup: 'other', prefixes: '' };
}

export function toBankFormValues(bank: Bank): BankFormValues {
  return { name: bank.Name, bic: bank.Bic, bankGroup: bank.BankGroup, prefixes: bank.Prefixes.join(', ') };
}

export type ParsedPrefixes = { prefixes: string[] } | { error: BankFormError };

/**
 * Reads "1503, 1504 1505;1506" into four-digit registration numbers, each once, in the order typed.
 * Commas, semicolons and spaces all separate, because lists are pasted from many places.
 */
export function parsePrefixes(text: string): ParsedPrefixes {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  const invalid = parts.filter((part) => !/^\d{4}$/.test(part));
  if (invalid.length > 0)
    return { error: { key: 'bankAdmin.form.errors.prefixes', invalid: [...new Set(invalid)].join(', ') } };
  const prefixes = [...new Set(parts)];
  if (prefixes.length > MAX_PREFIXES) return { error: { key: 'bankAdmin.form.errors.prefixesTooMany' } };
  return { prefixes };
}

function checkBic(text: string): { bic: string } | { error: BankFormError } {
  const result = validateBic(text);
  if (result.reason === 'EMPTY') return { error: { key: 'bankAdmin.form.errors.bicRequired' } };
  if (result.reason === 'LENGTH') return { error: { key: 'bankAdmin.form.errors.bicLength' } };
  if (result.reason === 'COUNTRY')
    return {
      error: { key: 'bankAdmin.form.errors.bicCountry', invalid: result.normalized?.slice(4, 6) ?? '' },
    };
  // The registry keeps BICs whose bank and country parts are letters, as the contract demands.
  const contract = SaveBankRequest.shape.bic.safeParse(result.normalized ?? text);
  if (!result.valid || !contract.success) return { error: { key: 'bankAdmin.form.errors.bicFormat' } };
  return { bic: contract.data };
}

/** Checks every field at once, so the administrator sees all that needs fixing. */
export function parseBankForm(values: BankFormValues): ParsedBankForm {
  const errors: BankFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = { key: 'bankAdmin.form.errors.nameRequired' };
  const bic = checkBic(values.bic);
  if ('error' in bic) errors.bic = bic.error;
  const prefixes = parsePrefixes(values.prefixes);
  if ('error' in prefixes) errors.prefixes = prefixes.error;
  if (name === '' || 'error' in bic || 'error' in prefixes) return { isValid: false, errors };
  return {
    isValid: true,
    request: {
      name: name.slice(0, MAX_BANK_NAME_LENGTH),
      bic: bic.bic,
      bankGroup: values.bankGroup,
      prefixes: prefixes.prefixes,
    },
  };
}

/**
 * Registration numbers written short for a table: runs of consecutive numbers become ranges, so a bank
 * with a hundred numbers reads "6000–6099" rather than a hundred numbers.
 */
export function summarisePrefixes(prefixes: readonly string[]): string[] {
  const numbers = [...new Set(prefixes)].sort();
  const ranges: string[][] = [];
  for (const prefix of numbers) {
    const run = ranges.at(-1);
    const last = run?.at(-1);
    if (run && last !== undefined && Number(prefix) === Number(last) + 1) run.push(prefix);
    else ranges.push([prefix]);
  }
  return ranges.map((run) => {
    const first = run[0] ?? '';
    const last = run.at(-1) ?? first;
    if (run.length === 1) return first;
    return run.length === 2 ? `${first}, ${last}` : `${first}–${last}`;
  });
}
