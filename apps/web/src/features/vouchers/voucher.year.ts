/** The local storage key the spec names for the year last chosen on the voucher list. */
export const VOUCHER_YEAR_STORAGE_KEY = 'voucherYear';

function isAvailableYear(
  candidate: number | undefined,
  availableYears: readonly number[],
): candidate is number {
  return candidate !== undefined && Number.isFinite(candidate) && availableYears.includes(candidate);
}

/**
 * The year the list shows: the one in the address, else the stored one, each only when it is a finite
 * number among the available years; otherwise the first available year (the newest).
 */
export function chooseVoucherYear(
  availableYears: readonly number[],
  requestedYear: number | undefined,
  storedYear: string | null,
): number | undefined {
  if (isAvailableYear(requestedYear, availableYears)) return requestedYear;
  const stored = storedYear === null || storedYear.trim() === '' ? undefined : Number(storedYear);
  if (isAvailableYear(stored, availableYears)) return stored;
  return availableYears[0];
}

export function readStoredVoucherYear(): string | null {
  return localStorage.getItem(VOUCHER_YEAR_STORAGE_KEY);
}

export function storeVoucherYear(year: number): void {
  localStorage.setItem(VOUCHER_YEAR_STORAGE_KEY, String(year));
}
