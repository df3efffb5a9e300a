import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { NotFoundPage } from '../status/NotFoundPage';
import { ConsentScaCallbackPage } from './ConsentScaCallbackPage';
import {
  readPaymentCancelQuery,
  readPaymentScaQuery,
  readSignCancelQuery,
  readSignNextQuery,
} from './callback-query';
import type { CallbackRoute } from './callback-routes';
import { readConsentScaQuery } from './consent-sca-query';
import { OnboardingCallbackPage } from './OnboardingCallbackPage';
import { readOnboardingCallbackQuery } from './onboarding-callback-query';
import { PaymentCancelCallbackPage } from './PaymentCancelCallbackPage';
import { PaymentScaCallbackPage } from './PaymentScaCallbackPage';
import { SignCancelPage } from './SignCancelPage';
import { SignNextPage } from './SignNextPage';

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

function OnboardingRoute() {
  const query = useCallbackQuery(readOnboardingCallbackQuery);
  return query ? <OnboardingCallbackPage query={query} /> : <NotFoundPage />;
}

function readConsentScaQueryHere(query: URLSearchParams) {
  return readConsentScaQuery(query, window.location.origin);
}

function ConsentScaRoute() {
  const query = useCallbackQuery(readConsentScaQueryHere);
  return <ConsentScaCallbackPage query={query} />;
}

export function CallbackPage({ route }: { route: CallbackRoute }) {
  switch (route.flow) {
    case 'consentSca':
      return <ConsentScaRoute />;
    case 'signNext':
      return <SignNextRoute />;
    case 'signCancel':
      return <SignCancelRoute />;
    case 'paymentSca':
      return <PaymentScaRoute />;
    case 'paymentCancel':
      return <PaymentCancelRoute />;
    case 'onboarding':
      return <OnboardingRoute />;
  }
}
