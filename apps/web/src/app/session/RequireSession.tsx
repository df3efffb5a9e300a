import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authKeys } from '../../features/auth';
import { AppLoadingOverlay } from '../../ui/AppLoadingOverlay';
import { isSessionError } from './session.rules';
import { useHasSignedOut, useSession } from './session.store';

type RequireSessionProps = {
  /** Shown to a visitor who is not signed in, instead of sending them to sign in. */
  signedOutElement?: ReactNode;
};

/**
 * Guards every signed-in route. The stored session is confirmed with the server once per visit, so
 * an expired or revoked one meets the session rules before any page shows.
 */
export function RequireSession({ signedOutElement }: RequireSessionProps) {
  const session = useSession();
  const hasSignedOut = useHasSignedOut();
  const location = useLocation();
  const currentUser = useQuery({ ...authKeys.currentUser(), enabled: session !== null });

  if (!session && signedOutElement) return signedOutElement;
  if (!session) {
    const requested = `${location.pathname}${location.search}`;
    const returnTo = hasSignedOut || requested === '/' ? '' : `?next=${encodeURIComponent(requested)}`;
    return <Navigate to={`/login${returnTo}`} replace />;
  }
  if (currentUser.isPending || (currentUser.isError && isSessionError(currentUser.error))) {
    return <AppLoadingOverlay />;
  }
  return <Outlet />;
}
