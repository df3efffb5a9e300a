import { useRouteError } from 'react-router';
import { ErrorScreen } from './ErrorScreen';

export function RouteErrorBoundary() {
  const error = useRouteError();
  return <ErrorScreen error={error} />;
}
