import {
  addVoucherBalanceV2,
  addVouchersByWeb,
  deleteVoucher,
  deleteVoucherList,
  removeVoucherBalanceV2,
  type UpdateVoucherRequest,
  updateVoucher,
  type VoucherDetail,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { type UploadProgress, uploadFile } from '../../app/api/upload';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { voucherKeys } from './voucher.queries';

/** Uploads one file as one voucher; the caller shows its progress and its outcome. */
export async function uploadVoucherFile(
  companyId: number,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) {
  const reply = await uploadFile(addVouchersByWeb, {
    fields: { companyId },
    fileField: 'files',
    files: [file],
    signal,
    onProgress,
  });
  return reply.data;
}

export type VoucherChanges = Omit<UpdateVoucherRequest, 'companyId'>;

export function useUpdateVoucherMutation(companyId: number, voucherId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: VoucherChanges) =>
      (await api.call(updateVoucher, { params: { id: voucherId }, body: { ...changes, companyId } })).data,
    onSuccess: (voucher) => {
      queryClient.setQueryData<VoucherDetail>(voucherKeys.detail(companyId, voucherId).queryKey, (detail) =>
        detail ? { ...detail, ...voucher } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: voucherKeys.company(companyId) });
      toast(ToastType.success, i18n.t('vouchers.detail.saved'));
    },
    onError: toastFailure,
  });
}

export function useDeleteVouchersMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (voucherIds: number[]) =>
      voucherIds.length === 1 && voucherIds[0] !== undefined
        ? (await api.call(deleteVoucher, { params: { id: voucherIds[0] }, query: { companyId } })).data
        : (await api.call(deleteVoucherList, { body: { companyId, ids: voucherIds } })).data,
    onSuccess: ({ deleted }) => {
      void queryClient.invalidateQueries({ queryKey: voucherKeys.company(companyId) });
      toast(ToastType.success, i18n.t('vouchers.delete.done', { count: deleted }));
    },
    onError: toastFailure,
  });
}

export type NewVoucherBalance = { amountOre: number; description?: string | undefined };

export function useAddVoucherBalanceMutation(companyId: number, voucherId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (balance: NewVoucherBalance) =>
      (await api.call(addVoucherBalanceV2, { body: { companyId, voucherId, ...balance } })).data,
    onSuccess: (balances) => {
      queryClient.setQueryData(voucherKeys.balances(companyId, voucherId).queryKey, balances);
      void queryClient.invalidateQueries({ queryKey: voucherKeys.detail(companyId, voucherId).queryKey });
    },
    onError: toastFailure,
  });
}

export function useRemoveVoucherBalanceMutation(companyId: number, voucherId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (voucherBalanceId: number) =>
      (
        await api.call(removeVoucherBalanceV2, {
          params: { id: voucherId, voucherBalanceId },
          query: { companyId },
        })
      ).data,
    onSuccess: (balances) => {
      queryClient.setQueryData(voucherKeys.balances(companyId, voucherId).queryKey, balances);
      void queryClient.invalidateQueries({ queryKey: voucherKeys.detail(companyId, voucherId).queryKey });
    },
    onError: toastFailure,
  });
}
