import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, ContractMismatchError } from './api/errors';
import { reportServerError } from './errors/server-error.store';

const MAX_RETRIES = 1;

/** Only failures that may pass on their own are retried: an unreachable server or a server error. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return error instanceof ApiError && (error.isConnectFail || error.status >= 500);
}

function isContractMismatch(error: unknown): boolean {
  return error instanceof ContractMismatchError;
}

export const queryClient = new QueryClient({
  // Every load and change reports a server error the same way, after its retries are spent.
  queryCache: new QueryCache({ onError: reportServerError }),
  mutationCache: new MutationCache({ onError: reportServerError }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: shouldRetry,
      throwOnError: isContractMismatch,
    },
    mutations: {
      throwOnError: isContractMismatch,
    },
  },
});
