import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from './RetryAlert';

type QueryGateProps<Data> = {
  query: { data: Data | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  /** What could not be loaded, as the failure's title. */
  errorTitle: string;
  children: (data: Data) => ReactNode;
};

/** What a screen shows once its data has come; until then a spinner, or the failure with a retry. */
export function QueryGate<Data>({ query, errorTitle, children }: QueryGateProps<Data>) {
  const { t } = useTranslation();
  if (query.isError) {
    return <RetryAlert title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data === undefined) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  }
  return children(query.data);
}
