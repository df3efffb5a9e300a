import {
  addInternalTransfer,
  addPayment,
  cancelPayment,
  deletePaymentList,
  downloadPaymentExport,
  editInternalTransfer,
  exportPain001,
  type InternalTransferDraft,
  importPain002,
  type PaymentDraft,
  type PaymentExport,
  updatePayment,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { downloadBlob, saveBlob } from '../../app/api/download';
import { uploadFile } from '../../app/api/upload';
import { useIdempotencyKeys } from '../../app/api/useIdempotencyKeys';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { voucherKeys } from '../vouchers';
import { duplicatesOf, fieldProblemsOf } from './payment.errors';
import { paymentKeys } from './payment.queries';

/** After a change to payments: the lists, counts and totals, and the vouchers whose payable rest moved. */
function useRefreshPayments(companyId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.company(companyId) });
    void queryClient.invalidateQueries({ queryKey: voucherKeys.company(companyId) });
  };
}

export function useRemovePaymentsMutation(companyId: number) {
  const refresh = useRefreshPayments(companyId);
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      const body = { companyId, ids };
      return (await api.call(deletePaymentList, { body, idempotencyKey: keys.keyFor(body) })).data;
    },
    onSuccess: ({ removed }, ids) => {
      keys.release({ companyId, ids });
      refresh();
      toast(ToastType.success, i18n.t('payments.remove.done', { count: removed.length }));
    },
    onError: toastFailure,
  });
}

export function useCancelPaymentMutation(companyId: number) {
  const refresh = useRefreshPayments(companyId);
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (paymentId: number) =>
      (
        await api.call(cancelPayment, {
          params: { id: paymentId },
          body: { companyId },
          idempotencyKey: keys.keyFor({ cancel: paymentId }),
        })
      ).data,
    onSuccess: (_payment, paymentId) => {
      keys.release({ cancel: paymentId });
      refresh();
      toast(ToastType.success, i18n.t('payments.cancel.done'));
    },
    onError: toastFailure,
  });
}

export type PaymentSave = { draft: PaymentDraft; confirmDuplicate: boolean };

/**
 * Adds a payment typed by hand, or changes one waiting for approval. A duplicate warning and refused
 * fields are the form's to show, so only other failures become a toast.
 */
export function useSavePaymentMutation(companyId: number, paymentId: number | undefined) {
  const refresh = useRefreshPayments(companyId);
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (save: PaymentSave) => {
      const body = { ...save.draft, companyId, confirmDuplicate: save.confirmDuplicate };
      const idempotencyKey = keys.keyFor({ paymentId, save });
      const reply =
        paymentId === undefined
          ? await api.call(addPayment, { body, idempotencyKey })
          : await api.call(updatePayment, { params: { id: paymentId }, body, idempotencyKey });
      return reply.data;
    },
    onSuccess: (_payment, save) => {
      keys.release({ paymentId, save });
      refresh();
      toast(
        ToastType.success,
        i18n.t(paymentId === undefined ? 'payments.form.added' : 'payments.form.saved'),
      );
    },
    onError: (error) => {
      if (duplicatesOf(error) === undefined && fieldProblemsOf(error) === undefined) toastFailure(error);
    },
  });
}

/** Hands the pain.001 file of an export to the browser as a download. */
export async function downloadExportFile(companyId: number, paymentExport: PaymentExport) {
  const blob = await downloadBlob(downloadPaymentExport, {
    params: { id: paymentExport.Id },
    query: { companyId },
  });
  saveBlob(blob, paymentExport.FileName);
}

export type ExportRequest = { companyBankId: number; ids?: number[] | undefined };

/** Approves the payments into a pain.001 file, then downloads it at once. */
export function useExportPain001Mutation(companyId: number) {
  const refresh = useRefreshPayments(companyId);
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (request: ExportRequest) => {
      const body = {
        companyId,
        companyBankId: request.companyBankId,
        ...(request.ids ? { ids: request.ids } : {}),
      };
      const paymentExport = (await api.call(exportPain001, { body, idempotencyKey: keys.keyFor(request) }))
        .data;
      await downloadExportFile(companyId, paymentExport);
      return paymentExport;
    },
    onSuccess: (paymentExport, request) => {
      keys.release(request);
      refresh();
      toast(ToastType.success, i18n.t('payments.export.done', { count: paymentExport.PaymentCount }));
    },
    onError: (error) => {
      refresh();
      toastFailure(error);
    },
  });
}

/** Reads a bank's pain.002 status report; the dialog shows what it changed. */
export function useImportPain002Mutation(companyId: number) {
  const refresh = useRefreshPayments(companyId);
  return useMutation({
    mutationFn: async (file: File) =>
      (await uploadFile(importPain002, { fields: { companyId }, fileField: 'file', files: [file] })).data,
    onSuccess: refresh,
  });
}

export function useSaveTransferMutation(companyId: number, transferId: number | undefined) {
  const refresh = useRefreshPayments(companyId);
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (draft: InternalTransferDraft) => {
      const body = { ...draft, companyId };
      const idempotencyKey = keys.keyFor({ transferId, draft });
      const reply =
        transferId === undefined
          ? await api.call(addInternalTransfer, { body, idempotencyKey })
          : await api.call(editInternalTransfer, { body: { ...body, id: transferId }, idempotencyKey });
      return reply.data;
    },
    onSuccess: (_transfer, draft) => {
      keys.release({ transferId, draft });
      refresh();
      toast(
        ToastType.success,
        i18n.t(transferId === undefined ? 'payments.transfers.added' : 'payments.transfers.saved'),
      );
    },
    onError: toastFailure,
  });
}
