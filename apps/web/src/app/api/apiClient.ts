import type { Route, RouteReply } from '@bilag/contracts';
import { logout } from '../session/session.actions';
import { isAccessTokenExpired, isSessionOver } from '../session/session.rules';
import { currentSession, sessionStore } from '../session/session.store';
import { type RouteCall, sendRoute } from './http';

/** Applies the catalogue's session rules to a failed protected call before the caller sees the failure. */
export function applySessionRules(error: unknown) {
  if (isAccessTokenExpired(error)) sessionStore.openExpiredDialog();
  else if (isSessionOver(error)) void logout();
}

/**
 * Makes one declared call, typed from its declaration, as the signed-in user. A public call (the
 * sign-in itself) carries no token and follows no session rules.
 */
async function call<R extends Route>(route: R, request: RouteCall<R>): Promise<RouteReply<R>> {
  const session = route.access === 'public' ? null : currentSession();
  try {
    return await sendRoute(route, request, session?.AccessToken);
  } catch (error) {
    if (session) applySessionRules(error);
    throw error;
  }
}

/**
 * Makes one declared call as the holder of the given access token rather than the signed-in user: the
 * task web views of the mobile app are opened with a token of their own and have no session here, so
 * no session rules follow a failure.
 */
function callWithToken<R extends Route>(
  accessToken: string,
  route: R,
  request: RouteCall<R>,
): Promise<RouteReply<R>> {
  return sendRoute(route, request, accessToken);
}

export const api = { call, callWithToken };
