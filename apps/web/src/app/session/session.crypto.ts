/**
 * The signed-in record is kept encrypted (spec §3): AES-GCM under a key the browser generates as
 * non-extractable and keeps in IndexedDB. Script on the page may use the key but can never read it, so
 * the stored record is unreadable as text, and a copy of local storage taken to another browser profile
 * has no key there to open it with.
 */
const ALGORITHM = 'AES-GCM';
/** The format of a sealed record, so a later format can tell an older one apart. */
const SEALED_PREFIX = 'aes-gcm.v1.';
const IV_BYTES = 12;

const KEY_DATABASE = 'bilag.keys';
const KEY_STORE = 'keys';
const SESSION_KEY_ID = 'session';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function createRecordKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: ALGORITHM, length: 256 }, false, ['encrypt', 'decrypt']);
}

/** The text encrypted under the key with a fresh nonce, as one string for local storage. */
export async function sealRecord(key: CryptoKey, text: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt({ name: ALGORITHM, iv }, key, new TextEncoder().encode(text));
  return `${SEALED_PREFIX}${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

export function isSealedRecord(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

/** The text of a record sealed under this key; null for one sealed under another key, or altered. */
export async function openRecord(key: CryptoKey, stored: string): Promise<string | null> {
  if (!isSealedRecord(stored)) return null;
  const [iv, sealed, ...rest] = stored.slice(SEALED_PREFIX.length).split('.');
  if (iv === undefined || sealed === undefined || rest.length > 0) return null;
  try {
    const opened = await crypto.subtle.decrypt(
      { name: ALGORITHM, iv: fromBase64(iv) },
      key,
      fromBase64(sealed),
    );
    return new TextDecoder().decode(opened);
  } catch {
    return null;
  }
}

/**
 * Without a secure context (plain HTTP on a host other than localhost) the browser offers no WebCrypto,
 * and some private windows refuse IndexedDB: then nothing is stored, and the session lasts as long as the tab.
 */
export function canSealRecords(): boolean {
  return window.isSecureContext && typeof indexedDB !== 'undefined';
}

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openKeyDatabase(): Promise<IDBDatabase> {
  const opening = indexedDB.open(KEY_DATABASE, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(KEY_STORE);
  return settle(opening);
}

/**
 * The key is looked up and, when missing, stored in one read-write transaction: the browser runs those
 * one after another, so two tabs opening at once end up with the same key.
 */
async function loadOrCreateKey(): Promise<CryptoKey> {
  const database = await openKeyDatabase();
  try {
    const stored: unknown = await settle(
      database.transaction(KEY_STORE, 'readonly').objectStore(KEY_STORE).get(SESSION_KEY_ID),
    );
    if (stored instanceof CryptoKey) return stored;
    const candidate = await createRecordKey();
    return await new Promise<CryptoKey>((resolve, reject) => {
      const transaction = database.transaction(KEY_STORE, 'readwrite');
      const store = transaction.objectStore(KEY_STORE);
      let key = candidate;
      const existing = store.get(SESSION_KEY_ID);
      existing.onsuccess = () => {
        if (existing.result instanceof CryptoKey) key = existing.result;
        else store.put(candidate, SESSION_KEY_ID);
      };
      transaction.oncomplete = () => resolve(key);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}

let sessionKey: Promise<CryptoKey> | undefined;

/** This browser profile's key for the signed-in record, made on first use. */
export function recordKey(): Promise<CryptoKey> {
  sessionKey ??= loadOrCreateKey().catch((error: unknown) => {
    sessionKey = undefined;
    throw error;
  });
  return sessionKey;
}
