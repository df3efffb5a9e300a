import type { AutoImportAccount, Bank } from '@bilag/contracts';
import { normalizeAccountNumber } from '@bilag/domain/validators/account-number';
import type { SortDirection } from '../../../ui/SortableHeader';

export const AUTO_IMPORT_SORT_FIELDS = [
  'CompanyName',
  'AccountNumber',
  'BankName',
  'Template',
  'IsAutoImport',
  'LastImportAt',
  'TransactionCount',
] as const;
export type AutoImportSortField = (typeof AUTO_IMPORT_SORT_FIELDS)[number];

export type AutoImportSort = { sortBy: AutoImportSortField; sortType: SortDirection };
export const DEFAULT_AUTO_IMPORT_SORT: AutoImportSort = { sortBy: 'CompanyName', sortType: 'asc' };

/** Texts read best from A; numbers, dates and the on/off state from the largest, newest or on. */
export function isAscendingFirst(field: AutoImportSortField): boolean {
  return field === 'CompanyName' || field === 'AccountNumber' || field === 'BankName' || field === 'Template';
}

function words(query: string): string[] {
  return query
    .toLocaleLowerCase('nb')
    .split(/\s+/)
    .filter((word) => word !== '');
}

/**
 * Whether every word of the query is found in one of the texts. An account number is also matched
 * without its dots, so "1503.12" and "150312" find the same account.
 */
function matchesEveryWord(texts: readonly (string | null)[], query: string): boolean {
  const haystack = texts
    .filter((text): text is string => text !== null)
    .map((text) => text.toLocaleLowerCase('nb'));
  return words(query).every((word) => {
    const digits = normalizeAccountNumber(word);
    return haystack.some((text) => text.includes(word) || (/^\d+$/.test(digits) && text.includes(digits)));
  });
}

export function searchBanks(banks: readonly Bank[], query: string): Bank[] {
  return banks.filter((bank) =>
    matchesEveryWord([bank.Name, bank.Bic, bank.BankGroup, bank.AutoImportTemplate, ...bank.Prefixes], query),
  );
}

export function searchAutoImportAccounts(
  accounts: readonly AutoImportAccount[],
  query: string,
): AutoImportAccount[] {
  return accounts.filter((account) =>
    matchesEveryWord(
      [account.CompanyName, account.CompanyAlias, account.AccountNumber, account.BankName, account.Template],
      query,
    ),
  );
}

function compareValues(
  first: string | number | boolean | null,
  second: string | number | boolean | null,
): number {
  if (typeof first === 'string' && typeof second === 'string') return first.localeCompare(second, 'nb');
  return Number(first) - Number(second);
}

/** Sorted by one column; rows without a value (no bank, never imported) always come last. */
export function sortAutoImportAccounts(
  accounts: readonly AutoImportAccount[],
  { sortBy, sortType }: AutoImportSort,
): AutoImportAccount[] {
  const sign = sortType === 'asc' ? 1 : -1;
  return [...accounts].sort((first, second) => {
    const a = first[sortBy];
    const b = second[sortBy];
    if (a === null || b === null) {
      if (a === b) return first.CompanyName.localeCompare(second.CompanyName, 'nb');
      return a === null ? 1 : -1;
    }
    const order =
      sortBy === 'LastImportAt' ? Date.parse(String(a)) - Date.parse(String(b)) : compareValues(a, b);
    return order !== 0 ? sign * order : first.CompanyName.localeCompare(second.CompanyName, 'nb');
  });
}
