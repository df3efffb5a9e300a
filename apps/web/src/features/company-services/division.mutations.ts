import { addDivision, type Division, deleteDivision, updateDivision } from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import { divisionKeys } from './company-service.queries';
import type { DivisionChanges } from './division.form';

/** Adds a division (no id) or changes one; the form stays open and shows a refusal itself. */
export function useSaveDivisionMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number | null; changes: DivisionChanges }) => {
      const body = { companyId, ...changes };
      return id === null
        ? (await api.call(addDivision, { body })).data
        : (await api.call(updateDivision, { params: { id }, body })).data;
    },
    onSuccess: (division, { id }) => {
      void queryClient.invalidateQueries({ queryKey: divisionKeys.company(companyId) });
      toast(
        ToastType.success,
        i18n.t(id === null ? 'companyServices.divisions.added' : 'companyServices.divisions.saved', {
          name: division.name,
        }),
      );
    },
  });
}

export function useDeleteDivisionMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (division: Division) => {
      await api.call(deleteDivision, { params: { id: division.id }, query: { companyId } });
      return division;
    },
    onSuccess: (division) => {
      void queryClient.invalidateQueries({ queryKey: divisionKeys.company(companyId) });
      toast(ToastType.success, i18n.t('companyServices.divisions.deleted', { name: division.name }));
    },
    onError: toastFailure,
  });
}
