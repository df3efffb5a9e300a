import { useSyncExternalStore } from 'react';
import {
  clearStoredSession,
  isSessionStorageEvent,
  readStoredSession,
  type StoredSession,
  writeStoredSession,
} from './session.storage';

type SessionState = {
  session: StoredSession | null;
  isExpiredDialogOpen: boolean;
  /** Set when the user signed out in this tab or another, so the guard goes to /login without a return path. */
  hasSignedOut: boolean;
};

let state: SessionState = { session: readStoredSession(), isExpiredDialogOpen: false, hasSignedOut: false };
const listeners = new Set<() => void>();

function setState(changes: Partial<SessionState>) {
  state = { ...state, ...changes };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Another tab signing in, out or rotating the tokens is followed here too. */
window.addEventListener('storage', (event) => {
  if (!isSessionStorageEvent(event)) return;
  const session = readStoredSession();
  setState({ session, hasSignedOut: session === null });
});

export const sessionStore = {
  getState: () => state,
  subscribe,
  start(session: StoredSession) {
    writeStoredSession(session);
    setState({ session, isExpiredDialogOpen: false, hasSignedOut: false });
  },
  update(changes: Partial<StoredSession>) {
    const current = readStoredSession();
    if (!current) return;
    const session = { ...current, ...changes };
    writeStoredSession(session);
    setState({ session });
  },
  end() {
    clearStoredSession();
    setState({ session: null, isExpiredDialogOpen: false, hasSignedOut: true });
  },
  openExpiredDialog() {
    if (state.session && !state.isExpiredDialogOpen) setState({ isExpiredDialogOpen: true });
  },
};

export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, () => state.session);
}

export function useHasSignedOut(): boolean {
  return useSyncExternalStore(subscribe, () => state.hasSignedOut);
}

export function useIsSessionExpiredDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, () => state.isExpiredDialogOpen);
}
