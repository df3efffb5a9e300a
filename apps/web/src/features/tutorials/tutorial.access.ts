import type { TutorialAccess } from '@bilag/contracts';
import { z } from 'zod';

/** The accepted password's token, kept for the browser session so every tutorial page opens with it. */
const ACCESS_STORAGE_KEY = 'bilag.tutorials.access';

/** Let go a little before the server stops taking it, so a video never stops halfway through a load. */
const EXPIRY_MARGIN_MS = 30_000;

const StoredAccess = z.object({ token: z.string().min(1), expiresAt: z.number() });

/** The stored form of an accepted password's token: the token and when it expires. */
export function accessRecord(access: TutorialAccess, now: number): string {
  return JSON.stringify({ token: access.token, expiresAt: now + access.expiresIn * 1000 });
}

/** The token of a stored record while it is still good; nothing for an expired or unreadable one. */
export function tokenOfRecord(record: string, now: number): string | null {
  let stored: z.infer<typeof StoredAccess> | undefined;
  try {
    stored = StoredAccess.safeParse(JSON.parse(record)).data;
  } catch {
    return null;
  }
  return stored && stored.expiresAt - EXPIRY_MARGIN_MS > now ? stored.token : null;
}

export function storeTutorialAccess(access: TutorialAccess): void {
  sessionStorage.setItem(ACCESS_STORAGE_KEY, accessRecord(access, Date.now()));
}

/** The stored token while it is still good, else nothing (and what was stored is let go). */
export function readTutorialToken(): string | null {
  const record = sessionStorage.getItem(ACCESS_STORAGE_KEY);
  if (record === null) return null;
  const token = tokenOfRecord(record, Date.now());
  if (token === null) forgetTutorialAccess();
  return token;
}

export function forgetTutorialAccess(): void {
  sessionStorage.removeItem(ACCESS_STORAGE_KEY);
}

/** What the password field keeps of what is typed or pasted: everything but spaces (spec §5). */
export function withoutSpaces(text: string): string {
  return text.replace(/\s+/g, '');
}
