import {
  BASKET_CANCEL_STATUS_ID,
  BASKET_CANCEL_STATUS_TEXT,
  cancelPaymentAtBank,
  payBasketNow,
  saveBasket,
  updateBasketStatus,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';
import { useIdempotencyKeys } from '../../../app/api/useIdempotencyKeys';
import { i18n } from '../../../i18n';
import { ToastType, toast, toastFailure } from '../../../ui/toast';
import { voucherKeys } from '../../vouchers';
import { paymentKeys } from '../payment.queries';
import { basketKeys } from './basket.queries';

/** A basket changes what the payment list shows: which payments are being signed, paid or cancelled. */
export function useRefreshBaskets() {
  const queryClient = useQueryClient();
  return (companyId: number) => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.company(companyId) });
    void queryClient.invalidateQueries({ queryKey: voucherKeys.company(companyId) });
    void queryClient.invalidateQueries({ queryKey: basketKeys.all() });
  };
}

/** Puts the chosen payments in a new basket to sign; the failure is the dialog's to show. */
export function useSaveBasketMutation(companyId: number) {
  const refresh = useRefreshBaskets();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (paymentsIds: number[]) => {
      const body = { companyId, paymentsIds };
      return (await api.call(saveBasket, { body, idempotencyKey: keys.keyFor(body) })).data;
    },
    onSuccess: (_basket, paymentsIds) => {
      keys.release({ companyId, paymentsIds });
      refresh(companyId);
    },
  });
}

/** Cancels a basket the bank has not accepted: its payments become CANCELED (4001). */
export function useCancelBasketMutation() {
  const refresh = useRefreshBaskets();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (basketUUID: string) => {
      const body = {
        basketUUID,
        statusText: BASKET_CANCEL_STATUS_TEXT,
        statusID: BASKET_CANCEL_STATUS_ID,
      } as const;
      return (
        await api.call(updateBasketStatus, { body, idempotencyKey: keys.keyFor({ cancel: basketUUID }) })
      ).data;
    },
    onSuccess: ({ basket }, basketUUID) => {
      keys.release({ cancel: basketUUID });
      refresh(basket.CompanyId);
    },
  });
}

/**
 * Sends a fully signed basket to its bank; the answer is the bank's SCA page. The key stays with the
 * basket, so a retry (or the same click twice) is one payment at the bank.
 */
export function usePayBasketMutation() {
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (basketUUID: string) =>
      (
        await api.call(payBasketNow, {
          params: { basketUUID },
          idempotencyKey: keys.keyFor({ pay: basketUUID }),
        })
      ).data,
  });
}

/** Stops a payment the bank accepted and has not carried out, with the rest of its basket. */
export function useStopAtBankMutation(companyId: number) {
  const refresh = useRefreshBaskets();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (paymentId: number) =>
      (
        await api.call(cancelPaymentAtBank, {
          params: { id: paymentId },
          body: { companyId },
          idempotencyKey: keys.keyFor({ stop: paymentId }),
        })
      ).data,
    onSuccess: ({ rows }, paymentId) => {
      keys.release({ stop: paymentId });
      refresh(companyId);
      toast(ToastType.success, i18n.t('signing.stopAtBank.done', { count: rows.length }));
    },
    onError: toastFailure,
  });
}
