import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { authKeys } from '../../features/auth';

type RequireActionProps = {
  action: string;
  children: ReactNode;
};

/** Sends a user whose role lacks the action to /unauthorized; the server still checks every call. */
export function RequireAction({ action, children }: RequireActionProps) {
  const roleActions = useQuery(authKeys.roleActions());
  if (roleActions.data && !roleActions.data.actions.includes(action))
    return <Navigate to="/unauthorized" replace />;
  return children;
}
