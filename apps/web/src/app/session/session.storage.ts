import { canSealRecords, isSealedRecord, openRecord, recordKey, sealRecord } from './session.crypto';
import type { StoredSession } from './stored-session';

export type { StoredSession } from './stored-session';

const SESSION_STORAGE_KEY = 'bilag.session';

/**
 * The record's schema loads only when there is a record to read: a first visit's sign-in page evaluates
 * none of the contracts' schemas.
 */
async function parseSession(text: string): Promise<StoredSession | null> {
  const { StoredSession } = await import('./stored-session');
  try {
    const parsed = StoredSession.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Writes run one after another, so the last asked for is the one stored. */
let pendingWrites: Promise<void> = Promise.resolve();
/** Counts the clears, so a write asked for before a sign-out cannot store the session again after it. */
let clearCount = 0;

async function sealSession(session: StoredSession): Promise<string | null> {
  if (!canSealRecords()) return null;
  try {
    return await sealRecord(await recordKey(), JSON.stringify(session));
  } catch {
    return null;
  }
}

/** Stores the record sealed; where it cannot be sealed, nothing is stored and the session lives in the tab. */
export function writeStoredSession(session: StoredSession): Promise<void> {
  const clearCountWhenAsked = clearCount;
  pendingWrites = pendingWrites.then(async () => {
    const sealed = await sealSession(session);
    if (clearCount !== clearCountWhenAsked) return;
    try {
      if (sealed === null) localStorage.removeItem(SESSION_STORAGE_KEY);
      else localStorage.setItem(SESSION_STORAGE_KEY, sealed);
    } catch {
      // A full or refused storage keeps nothing, and no older record either: the session lives in the tab.
      localStorage.removeItem(SESSION_STORAGE_KEY);
    }
  });
  return pendingWrites;
}

export function clearStoredSession(): void {
  clearCount += 1;
  localStorage.removeItem(SESSION_STORAGE_KEY);
}

/** Removes a record that cannot be used, unless another tab has stored a new one meanwhile. */
function discard(stored: string): null {
  if (localStorage.getItem(SESSION_STORAGE_KEY) === stored) localStorage.removeItem(SESSION_STORAGE_KEY);
  return null;
}

/**
 * The record as it is stored now, after this tab's own writes. A record an earlier version of the app
 * kept in plain text is taken over and sealed, so nobody is signed out by the change; one that cannot
 * be opened (sealed in another browser profile, or altered) is removed.
 */
export async function readStoredSession(): Promise<StoredSession | null> {
  await pendingWrites;
  const stored = localStorage.getItem(SESSION_STORAGE_KEY);
  if (stored === null) return null;
  if (!isSealedRecord(stored)) {
    const session = await parseSession(stored);
    if (!session) return discard(stored);
    await writeStoredSession(session);
    return session;
  }
  if (!canSealRecords()) return null;
  let key: CryptoKey;
  try {
    key = await recordKey();
  } catch {
    // The key store is out of reach for now (a refused IndexedDB): the record may open another time.
    return null;
  }
  const text = await openRecord(key, stored);
  return (text === null ? null : await parseSession(text)) ?? discard(stored);
}

export function isSessionStorageEvent(event: StorageEvent): boolean {
  return event.key === SESSION_STORAGE_KEY || event.key === null;
}
