import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AppLoadingOverlay } from '../../ui/AppLoadingOverlay';
import { useHasSignedOut, useSession } from './session.store';

// The server's confirmation of a session (its call and schemas) loads only where there is one to confirm.
const ConfirmedSession = lazy(() =>
  import('./ConfirmedSession').then((module) => ({ default: module.ConfirmedSession })),
);

type RequireSessionProps = {
  /** Shown to a visitor who is not signed in, instead of sending them to sign in. */
  signedOutElement?: ReactNode;
};

/** Guards every signed-in route: a visitor without a session goes to sign in, or sees signedOutElement. */
export function RequireSession({ signedOutElement }: RequireSessionProps) {
  const session = useSession();
  const hasSignedOut = useHasSignedOut();
  const location = useLocation();

  if (!session && signedOutElement) return signedOutElement;
  if (!session) {
    const requested = `${location.pathname}${location.search}`;
    const returnTo = hasSignedOut || requested === '/' ? '' : `?next=${encodeURIComponent(requested)}`;
    return <Navigate to={`/login${returnTo}`} replace />;
  }
  return (
    <Suspense fallback={<AppLoadingOverlay />}>
      <ConfirmedSession />
    </Suspense>
  );
}
