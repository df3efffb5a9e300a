import { lazy, Suspense, useState } from 'react';
import { useServerFailure } from './server-error.store';

const ServerErrorModal = lazy(() =>
  import('./ServerErrorModal').then((module) => ({ default: module.ServerErrorModal })),
);

/**
 * The dialog of a failure of the server. Its code loads with the first failure, not with the sign-in
 * page, and stays mounted afterwards so that the dialog closes with its transition.
 */
export function ServerErrorDialog() {
  const failure = useServerFailure();
  const [hasFailed, setHasFailed] = useState(false);
  if (failure && !hasFailed) setHasFailed(true);
  return hasFailed ? (
    <Suspense>
      <ServerErrorModal />
    </Suspense>
  ) : null;
}
