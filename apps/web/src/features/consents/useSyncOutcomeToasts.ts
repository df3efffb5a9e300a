import type { Consent } from '@bilag/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { consentKeys } from './consent.queries';

/** What the read that just ended brought in, in the words of its history line. */
async function toastSyncOutcome(queryClient: QueryClient, companyId: number, consent: Consent) {
  try {
    const history = await queryClient.fetchQuery({
      ...consentKeys.history(companyId, consent.id),
      staleTime: 0,
    });
    const outcome = history.find((event) => event.kind === 'synced' || event.kind === 'sync-failed');
    if (!outcome) return;
    toast(
      outcome.isError ? ToastType.error : ToastType.success,
      i18n.t('consents.sync.finished', { bank: consent.bankName, message: outcome.message }),
    );
  } catch (error) {
    toastFailure(error);
  }
}

/**
 * Tells the person when a read from the bank they are watching has ended: a consent seen syncing in
 * one answer of the list and not in a later one.
 */
export function useSyncOutcomeToasts(companyId: number, consents: readonly Consent[] | undefined) {
  const queryClient = useQueryClient();
  const syncingIds = useRef<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (!consents) return;
    const finished = consents.filter((consent) => !consent.syncing && syncingIds.current.has(consent.id));
    syncingIds.current = new Set(consents.filter((consent) => consent.syncing).map((consent) => consent.id));
    for (const consent of finished) {
      void queryClient.invalidateQueries({ queryKey: consentKeys.errors(companyId, consent.id).queryKey });
      void toastSyncOutcome(queryClient, companyId, consent);
    }
  }, [queryClient, companyId, consents]);
}
