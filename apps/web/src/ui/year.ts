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

type YearStorage = ReturnType<typeof yearStorage>;

/**
 * The year a list shows once its years have come (see `chooseYear`), and choosing another: kept for the
 * next visit, showing the whole of that year.
 */
export function listYear(
  storage: YearStorage,
  availableYears: readonly number[] | undefined,
  requestedYear: number | undefined,
  onChangeFilter: (changes: { year: number; month: number }) => void,
) {
  return {
    year: availableYears ? chooseYear(availableYears, requestedYear, storage.read()) : undefined,
    onSelectYear: (chosen: number) => {
      storage.store(chosen);
      onChangeFilter({ year: chosen, month: 0 });
    },
  };
}
