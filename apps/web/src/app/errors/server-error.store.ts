import { useSyncExternalStore } from 'react';
import { isServerError } from '../api/errors';

/** The server's own words about its failure, shown under the catalogue's "Server Error...". */
type ServerFailure = { message: string };

let failure: ServerFailure | null = null;
const listeners = new Set<() => void>();

function setFailure(next: ServerFailure | null) {
  failure = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A server error (5xx) opens the catalogue's "Oops..." dialog (spec §8); other failures are the
 * screen's to show. While the dialog is open, later server errors join it rather than stacking up.
 */
export function reportServerError(error: unknown): void {
  if (!isServerError(error) || failure !== null) return;
  setFailure({ message: error.message });
}

export function closeServerErrorDialog(): void {
  setFailure(null);
}

export function useServerFailure(): ServerFailure | null {
  return useSyncExternalStore(subscribe, () => failure);
}
