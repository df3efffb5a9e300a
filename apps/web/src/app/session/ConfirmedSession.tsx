import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { authKeys } from '../../features/auth';
import { AppLoadingOverlay } from '../../ui/AppLoadingOverlay';
import { isSessionError } from './session.rules';

/**
 * The stored session confirmed with the server once per visit, so an expired or revoked one meets the
 * session rules before any page shows.
 */
export function ConfirmedSession() {
  const currentUser = useQuery(authKeys.currentUser());
  if (currentUser.isPending || (currentUser.isError && isSessionError(currentUser.error))) {
    return <AppLoadingOverlay />;
  }
  return <Outlet />;
}
