import {
  AddVouchersByWebReply,
  DeleteVouchersReply,
  Endpoint,
  endpointPath,
  type UpdateVoucherRequest,
  VoucherBalancesReply,
  type VoucherDetail,
  VoucherReply,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { type UploadProgress, uploadFile } from '../../app/api/upload';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { queryString, voucherKeys } from './voucher.queries';

/** Uploads one file as one voucher; the caller shows its progress and its outcome. */
export async function uploadVoucherFile(
  companyId: number,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) {
  const reply = await uploadFile(AddVouchersByWebReply, {
    path: Endpoint.addVouchersByWeb,
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
      (
        await api.put(VoucherReply, endpointPath(Endpoint.updateVoucher, { id: voucherId }), {
          ...changes,
          companyId,
        })
      ).data,
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
        ? (
            await api.delete(
              DeleteVouchersReply,
              `${endpointPath(Endpoint.deleteVoucher, { id: voucherIds[0] })}${queryString({ companyId })}`,
            )
          ).data
        : (await api.post(DeleteVouchersReply, Endpoint.deleteVoucherList, { companyId, ids: voucherIds }))
            .data,
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
      (
        await api.post(VoucherBalancesReply, Endpoint.addVoucherBalanceV2, {
          companyId,
          voucherId,
          ...balance,
        })
      ).data,
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
        await api.post(
          VoucherBalancesReply,
          `${endpointPath(Endpoint.removeVoucherBalanceV2, { id: voucherId, voucherBalanceId })}${queryString({ companyId })}`,
          {},
        )
      ).data,
    onSuccess: (balances) => {
      queryClient.setQueryData(voucherKeys.balances(companyId, voucherId).queryKey, balances);
      void queryClient.invalidateQueries({ queryKey: voucherKeys.detail(companyId, voucherId).queryKey });
    },
    onError: toastFailure,
  });
}
