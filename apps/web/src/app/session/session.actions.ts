import { logout as logoutRoute, refreshToken } from '@bilag/contracts';
import { ApiError } from '../api/errors';
import { sendRoute } from '../api/http';
import { queryClient } from '../queryClient';
import { readStoredSession, type StoredSession } from './session.storage';
import { currentSession, sessionStore } from './session.store';

/** Nothing cached for an earlier user may show for the next one. */
export function startSession(session: StoredSession): Promise<void> {
  queryClient.removeQueries();
  return sessionStore.start(session);
}

/** Ends the session on the server when it can, and always here; the guard then shows /login. */
export async function logout(): Promise<void> {
  const session = currentSession();
  sessionStore.end();
  queryClient.clear();
  if (!session) return;
  await sendRoute(logoutRoute, { body: { refreshToken: session.RefreshToken } }, session.AccessToken).catch(
    () => undefined,
  );
}

/**
 * Renews an expired access token with the stored refresh token and reloads the page, so every screen
 * starts over with a valid session. The refresh token rotates: the new one replaces the spent one, and
 * the page reloads only once it is stored. The token is read from storage rather than from this tab,
 * since another tab may have rotated it. A refused refresh ends the session; an unreachable server
 * leaves the choice with the user.
 */
export async function renewSessionAndReload(): Promise<void> {
  const session = await readStoredSession();
  if (!session) {
    await logout();
    return;
  }
  try {
    const reply = await sendRoute(refreshToken, { body: { refreshToken: session.RefreshToken } }, undefined);
    await sessionStore.update({ AccessToken: reply.data.token, RefreshToken: reply.data.refreshToken });
    window.location.reload();
  } catch (error) {
    if (error instanceof ApiError && (error.isConnectFail || error.status >= 500 || error.status === 429))
      throw error;
    await logout();
  }
}
