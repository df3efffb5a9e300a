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

/**
 * The session as this tab knows it. The stored record is encrypted, and opening it takes a moment, so
 * every call reads the session from here; the store follows the stored record as other tabs change it.
 */
let state: SessionState = { session: null, isExpiredDialogOpen: false, hasSignedOut: false };
const listeners = new Set<() => void>();

function setState(changes: Partial<SessionState>) {
  state = { ...state, ...changes };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Counts the changes of this tab and the reads of other tabs' changes, so a slow read never wins over a newer one. */
let changeCount = 0;

/** Another tab signing in, out or rotating the tokens is followed here too. */
window.addEventListener('storage', (event) => {
  if (!isSessionStorageEvent(event)) return;
  changeCount += 1;
  const readAt = changeCount;
  void readStoredSession().then((session) => {
    if (readAt === changeCount) setState({ session, hasSignedOut: session === null });
  });
});

export const sessionStore = {
  getState: () => state,
  subscribe,
  /** Opens the stored record once, before the app first shows. */
  async restore(): Promise<void> {
    const readAt = changeCount;
    const session = await readStoredSession();
    if (readAt === changeCount) setState({ session });
  },
  /** The new session applies at once; the promise settles once it is stored. */
  start(session: StoredSession): Promise<void> {
    changeCount += 1;
    setState({ session, isExpiredDialogOpen: false, hasSignedOut: false });
    return writeStoredSession(session);
  },
  update(changes: Partial<StoredSession>): Promise<void> {
    if (!state.session) return Promise.resolve();
    changeCount += 1;
    const session = { ...state.session, ...changes };
    setState({ session });
    return writeStoredSession(session);
  },
  end() {
    changeCount += 1;
    clearStoredSession();
    setState({ session: null, isExpiredDialogOpen: false, hasSignedOut: true });
  },
  openExpiredDialog() {
    if (state.session && !state.isExpiredDialogOpen) setState({ isExpiredDialogOpen: true });
  },
};

/** The session of this tab now, for calls made outside React. */
export function currentSession(): StoredSession | null {
  return state.session;
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, () => state.session);
}

export function useHasSignedOut(): boolean {
  return useSyncExternalStore(subscribe, () => state.hasSignedOut);
}

export function useIsSessionExpiredDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, () => state.isExpiredDialogOpen);
}
