function isAvailableYear(
  candidate: number | undefined,
  availableYears: readonly number[],
): candidate is number {
  return candidate !== undefined && Number.isFinite(candidate) && availableYears.includes(candidate);
}

/**
 * The year a list shows: the one in the address, else the stored one, each only when it is a finite
 * number among the available years; otherwise the first available year (the newest).
 */
export function chooseYear(
  availableYears: readonly number[],
  requestedYear: number | undefined,
  storedYear: string | null,
): number | undefined {
  if (isAvailableYear(requestedYear, availableYears)) return requestedYear;
  const stored = storedYear === null || storedYear.trim() === '' ? undefined : Number(storedYear);
  if (isAvailableYear(stored, availableYears)) return stored;
  return availableYears[0];
}

/** The year last chosen on a list, kept in local storage under the key the spec names for that list. */
export function yearStorage(storageKey: string) {
  return {
    read: (): string | null => localStorage.getItem(storageKey),
    store: (year: number): void => localStorage.setItem(storageKey, String(year)),
  };
}
