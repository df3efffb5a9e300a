import {
  type AddToPaymentListResult,
  addToPaymentList,
  addVoucherPayment,
  removeVoucherPayment,
  unpaidEhfToPaymentList,
  updateVoucherPaymentStatus,
} from '@bilag/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { useIdempotencyKeys } from '../../app/api/useIdempotencyKeys';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { paymentKeys } from '../payments';
import { voucherKeys } from './voucher.queries';

/**
 * A payment change moves vouchers between "to pay", "on the payment list" and "paid": the voucher
 * lists, their totals and the payment list are all read again.
 */
function refreshAfterPaymentChange(queryClient: QueryClient, companyId: number) {
  void queryClient.invalidateQueries({ queryKey: voucherKeys.company(companyId) });
  void queryClient.invalidateQueries({ queryKey: paymentKeys.company(companyId) });
}

/** Which vouchers to put on the payment list: those named, or every unpaid EHF invoice of the company. */
export type PaymentListRequest =
  | { kind: 'vouchers'; voucherIds: number[]; confirmDuplicate: boolean }
  | { kind: 'unpaid-ehf'; confirmDuplicate: boolean };

async function sendToPaymentList(
  companyId: number,
  request: PaymentListRequest,
  idempotencyKey: string,
): Promise<AddToPaymentListResult> {
  const { confirmDuplicate } = request;
  if (request.kind === 'unpaid-ehf') {
    return (
      await api.call(unpaidEhfToPaymentList, {
        params: { companyId },
        body: { confirmDuplicate },
        idempotencyKey,
      })
    ).data;
  }
  const [voucherId, ...others] = request.voucherIds;
  if (voucherId !== undefined && others.length === 0) {
    return (
      await api.call(addVoucherPayment, {
        body: { companyId, voucherId, confirmDuplicate },
        idempotencyKey,
      })
    ).data;
  }
  return (
    await api.call(addToPaymentList, {
      body: { companyId, voucherIds: request.voucherIds, confirmDuplicate },
      idempotencyKey,
    })
  ).data;
}

/** The caller shows what was added, what was skipped and the duplicates to confirm. */
export function useAddToPaymentListMutation(companyId: number) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (request: PaymentListRequest) => sendToPaymentList(companyId, request, keys.keyFor(request)),
    onSuccess: (result, request) => {
      keys.release(request);
      if (result.added.length > 0) refreshAfterPaymentChange(queryClient, companyId);
    },
    onError: toastFailure,
  });
}

export function useRemoveVoucherPaymentMutation(companyId: number, voucherId: number) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async () =>
      (
        await api.call(removeVoucherPayment, {
          body: { companyId, voucherId },
          idempotencyKey: keys.keyFor(voucherId),
        })
      ).data,
    onSuccess: () => {
      keys.release(voucherId);
      refreshAfterPaymentChange(queryClient, companyId);
      toast(ToastType.success, i18n.t('vouchers.payment.removed'));
    },
    onError: toastFailure,
  });
}

export function useMarkPaidOutsideMutation(companyId: number, voucherId: number) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (isPaid: boolean) =>
      (
        await api.call(updateVoucherPaymentStatus, {
          body: { companyId, voucherId, isPaid },
          idempotencyKey: keys.keyFor(isPaid),
        })
      ).data,
    onSuccess: (_payment, isPaid) => {
      keys.release(isPaid);
      refreshAfterPaymentChange(queryClient, companyId);
      toast(
        ToastType.success,
        i18n.t(isPaid ? 'vouchers.payment.markedPaid' : 'vouchers.payment.markedUnpaid'),
      );
    },
    onError: toastFailure,
  });
}
