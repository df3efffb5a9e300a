import { Box, Center } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ApiError } from '../app/api/errors';
import { ErrorAlert } from './ErrorAlert';
import { LoadingSpinner } from './LoadingSpinner';

/** What the gate reads of a query; a TanStack `useQuery` result fits. */
export type GateQuery<Data> = {
  data: Data | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

type QueryGateProps<Data> = {
  query: GateQuery<Data>;
  /** What could not be loaded, as the failure's title; without one the server's message stands alone. */
  errorTitle?: string;
  /**
   * Where a refusal (403) sends the person, on pages that only some roles may open. Without it a refusal
   * shows as any other failure.
   */
  forbiddenTo?: string;
  /** In place of the spinner, such as a skeleton of the content's shape. */
  loading?: ReactNode;
  /** Whether the data has nothing to show; `empty` is then shown instead of the children. */
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  /** The gate fills a card edge to edge, so a failure keeps the card's padding. */
  isInset?: boolean;
  children: (data: Data) => ReactNode;
};

/**
 * What a screen shows of one query: a spinner until the data has come, the failure with a retry, the
 * empty state, or the data. A refused admin page goes to the unauthorized page instead.
 */
export function QueryGate<Data>({
  query,
  errorTitle,
  forbiddenTo,
  loading,
  isEmpty,
  empty,
  isInset = false,
  children,
}: QueryGateProps<Data>) {
  if (forbiddenTo !== undefined && query.error instanceof ApiError && query.error.status === 403) {
    return <Navigate to={forbiddenTo} replace />;
  }
  if (query.isError) {
    return (
      <Box p={isInset ? 'md' : undefined}>
        <ErrorAlert title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  }
  if (query.data === undefined) {
    return (
      loading ?? (
        <Center py="xl">
          <LoadingSpinner size="sm" />
        </Center>
      )
    );
  }
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
