import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LogoMark } from '../../ui/Logo';
import { NotFoundPage } from '../status/NotFoundPage';
import {
  readPaymentCancelQuery,
  readPaymentScaQuery,
  readSignCancelQuery,
  readSignNextQuery,
} from './callback-query';
import type { CallbackFlow, CallbackRoute } from './callback-routes';
import { PaymentCancelCallbackPage } from './PaymentCancelCallbackPage';
import { PaymentScaCallbackPage } from './PaymentScaCallbackPage';
import { SignCancelPage } from './SignCancelPage';
import { SignNextPage } from './SignNextPage';

/**
 * Where a person comes back from an outside party whose flow is not built yet. It says which flow this
 * page will complete, and claims no result: nothing has been approved, paid or changed by coming here.
 */
function PendingCallback({
  flow,
}: {
  flow: Exclude<CallbackFlow, 'signNext' | 'signCancel' | 'paymentSca' | 'paymentCancel'>;
}) {
  const { t } = useTranslation();
  const title = t(`callbacks.${flow}`);
  useDocumentTitle(`${title} – Bilag`);
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack align="center" gap="md" maw={520} ta="center" data-testid="callback-page">
        <LogoMark size={48} title="Bilag" />
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text>{t('callbacks.pending')}</Text>
        <Text c="dimmed">{t('callbacks.nothingDone')}</Text>
        <Button component={Link} to="/" mt="sm" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {t('common.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}

/** The address's query read once per change of the address, so a page's flow starts once. */
function useCallbackQuery<Query>(read: (query: URLSearchParams) => Query): Query {
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  return useMemo(() => read(new URLSearchParams(search)), [read, search]);
}

function SignNextRoute() {
  const query = useCallbackQuery(readSignNextQuery);
  return query ? <SignNextPage query={query} /> : <NotFoundPage />;
}

function SignCancelRoute() {
  const query = useCallbackQuery(readSignCancelQuery);
  return query ? <SignCancelPage query={query} /> : <NotFoundPage />;
}

function PaymentScaRoute() {
  const query = useCallbackQuery(readPaymentScaQuery);
  return query ? <PaymentScaCallbackPage query={query} /> : <NotFoundPage />;
}

function PaymentCancelRoute() {
  const query = useCallbackQuery(readPaymentCancelQuery);
  return <PaymentCancelCallbackPage query={query} />;
}

export function CallbackPage({ route }: { route: CallbackRoute }) {
  switch (route.flow) {
    case 'signNext':
      return <SignNextRoute />;
    case 'signCancel':
      return <SignCancelRoute />;
    case 'paymentSca':
      return <PaymentScaRoute />;
    case 'paymentCancel':
      return <PaymentCancelRoute />;
    default:
      return <PendingCallback flow={route.flow} />;
  }
}
