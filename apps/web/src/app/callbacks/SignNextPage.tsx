import { useSession } from '../session/session.store';
import { SignInNeeded } from './CallbackLayout';
import type { SignNextQuery } from './callback-query';
import { PaymentAuthReturn } from './PaymentAuthReturn';
import { SignantAuthReturn } from './SignantAuthReturn';

/** /sign-next: back from BankID (signant-auth), or from the bank after it accepted a payment (payment-auth). */
export function SignNextPage({ query }: { query: SignNextQuery }) {
  const isSignedIn = useSession() !== null;
  if (!isSignedIn) return <SignInNeeded />;
  if (query.action === 'payment-auth') return <PaymentAuthReturn basketUUID={query.basketUUID} />;
  return <SignantAuthReturn query={query} />;
}
