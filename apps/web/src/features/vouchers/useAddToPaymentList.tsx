import type { AddToPaymentListResult } from '@bilag/contracts';
import { useState } from 'react';
import { i18n } from '../../i18n';
import { ToastType, toast } from '../../ui/toast';
import { PaymentListResultModal } from './PaymentListResultModal';
import { type PaymentListRequest, useAddToPaymentListMutation } from './voucher-payment.mutations';

/**
 * Puts vouchers on the payment list. A clean result is a toast; skipped vouchers and duplicates open a
 * dialog with the server's reasons, where the duplicates can be added anyway.
 */
export function useAddToPaymentList(companyId: number) {
  const add = useAddToPaymentListMutation(companyId);
  const [shown, setShown] = useState<AddToPaymentListResult | null>(null);

  function onResult(result: AddToPaymentListResult, onAdded: (() => void) | undefined) {
    if (result.added.length > 0) onAdded?.();
    if (result.skipped.length === 0 && result.duplicates.length === 0) {
      setShown(null);
      if (result.added.length === 0) toast(ToastType.info, i18n.t('vouchers.payment.nothingToAdd'));
      else toast(ToastType.success, i18n.t('vouchers.payment.addedCount', { count: result.added.length }));
    } else {
      setShown(result);
    }
  }

  function onAdd(request: PaymentListRequest, onAdded?: () => void) {
    add.mutate(request, { onSuccess: (result) => onResult(result, onAdded) });
  }

  function onConfirmDuplicates() {
    const voucherIds = (shown?.duplicates ?? []).map((duplicate) => duplicate.voucherId);
    if (voucherIds.length === 0) return;
    add.mutate(
      { kind: 'vouchers', voucherIds, confirmDuplicate: true },
      { onSuccess: (result) => onResult(result, undefined) },
    );
  }

  const dialog = (
    <PaymentListResultModal
      result={shown}
      isConfirming={add.isPending}
      onClose={() => setShown(null)}
      onConfirmDuplicates={onConfirmDuplicates}
    />
  );

  return {
    onAdd,
    isAdding: add.isPending,
    pendingRequest: add.isPending ? add.variables : undefined,
    dialog,
  };
}
