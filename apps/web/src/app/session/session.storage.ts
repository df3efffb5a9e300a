import { SessionUser } from '@bilag/contracts';
import { z } from 'zod';

const SESSION_STORAGE_KEY = 'bilag.session';

/** The logged-in user record of the catalogue, kept between visits. */
export const StoredSession = z.object({
  AccessToken: z.string().min(1),
  RefreshToken: z.string().min(1),
  RoleId: z.number().int(),
  User: SessionUser,
});
export type StoredSession = z.infer<typeof StoredSession>;

export function readStoredSession(): StoredSession | null {
  const raw = localStorage.getItem(SESSION_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = StoredSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(session: StoredSession): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

export function clearStoredSession(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
}

export function isSessionStorageEvent(event: StorageEvent): boolean {
  return event.key === SESSION_STORAGE_KEY || event.key === null;
}
