import {
  addPaymentUser,
  type PaymentUser,
  removePaymentUser,
  setVerifiedBanksOfPaymentUser,
  updatePaymentUser,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/apiClient';
import { useIdempotencyKeys } from '../../../app/api/useIdempotencyKeys';
import { i18n } from '../../../i18n';
import { ToastType, toast, toastFailure } from '../../../ui/toast';
import { paymentUserKeys } from './payment-user.queries';

type NewPaymentUser = { userId: number; isAllowPayments: boolean };

/** The form stays open on a failure and shows it itself. */
export function useAddPaymentUserMutation(companyId: number) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (user: NewPaymentUser) =>
      (
        await api.call(addPaymentUser, {
          body: { companyId, ...user },
          idempotencyKey: keys.keyFor(user),
        })
      ).data,
    onSuccess: (added, user) => {
      keys.release(user);
      void queryClient.invalidateQueries({ queryKey: paymentUserKeys.company(companyId) });
      toast(ToastType.success, i18n.t('paymentUsers.added', { name: added.FullName }));
    },
  });
}

type AllowPayments = { paymentUser: PaymentUser; isAllowPayments: boolean };

export function useAllowPaymentsMutation(companyId: number) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const listKey = paymentUserKeys.list(companyId).queryKey;
  return useMutation({
    mutationFn: async ({ paymentUser, isAllowPayments }: AllowPayments) =>
      (
        await api.call(updatePaymentUser, {
          params: { id: paymentUser.Id },
          body: { companyId, isAllowPayments },
          idempotencyKey: keys.keyFor([paymentUser.Id, isAllowPayments]),
        })
      ).data,
    onSuccess: (updated, { paymentUser, isAllowPayments }) => {
      keys.release([paymentUser.Id, isAllowPayments]);
      queryClient.setQueryData(listKey, (list) =>
        list ? { ...list, rows: list.rows.map((row) => (row.Id === updated.Id ? updated : row)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: paymentUserKeys.company(companyId) });
      toast(
        ToastType.success,
        i18n.t(isAllowPayments ? 'paymentUsers.allowed' : 'paymentUsers.stopped', {
          name: updated.FullName,
        }),
      );
    },
    onError: toastFailure,
  });
}

/** The failure is shown in the confirm dialog. */
export function useRemovePaymentUserMutation(companyId: number) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (paymentUser: PaymentUser) =>
      (
        await api.call(removePaymentUser, {
          params: { id: paymentUser.Id },
          query: { companyId },
          idempotencyKey: keys.keyFor(paymentUser.Id),
        })
      ).data,
    onSuccess: (_reply, paymentUser) => {
      keys.release(paymentUser.Id);
      void queryClient.invalidateQueries({ queryKey: paymentUserKeys.company(companyId) });
      toast(ToastType.success, i18n.t('paymentUsers.removed', { name: paymentUser.FullName }));
    },
  });
}

type VerifiedAccounts = { paymentUser: PaymentUser; accountNumbers: string[] };

/** The dialog stays open on a failure and shows it itself. */
export function useSetVerifiedAccountsMutation(companyId: number) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async ({ paymentUser, accountNumbers }: VerifiedAccounts) =>
      (
        await api.call(setVerifiedBanksOfPaymentUser, {
          params: { assignUser: paymentUser.UserId },
          body: { companyId, accountNumbers },
          idempotencyKey: keys.keyFor([paymentUser.Id, accountNumbers]),
        })
      ).data,
    onSuccess: (banks, { paymentUser, accountNumbers }) => {
      keys.release([paymentUser.Id, accountNumbers]);
      queryClient.setQueryData(paymentUserKeys.verifiedBanks(companyId, paymentUser.UserId).queryKey, banks);
      void queryClient.invalidateQueries({ queryKey: paymentUserKeys.company(companyId) });
      toast(ToastType.success, i18n.t('paymentUsers.accountsSaved', { name: paymentUser.FullName }));
    },
  });
}
