import { lazy, Suspense } from 'react';
import { useIsSessionExpiredDialogOpen } from './session.store';

const SessionExpiredModal = lazy(() =>
  import('./SessionExpiredModal').then((module) => ({ default: module.SessionExpiredModal })),
);

/** The session-over dialog, whose code loads when a session first runs out. */
export function SessionExpiredDialog() {
  const isOpen = useIsSessionExpiredDialogOpen();
  return isOpen ? (
    <Suspense>
      <SessionExpiredModal />
    </Suspense>
  ) : null;
}
