import {
  acceptInvitation,
  type CompanyUser,
  changeCompanyUserRole,
  inviteCompanyUser,
  type RoleId,
  removeCompanyUser,
  setResponsibleAccountant,
} from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { i18n } from '../../i18n';
import { ToastType, toast, toastFailure } from '../../ui/toast';
import type { InviteRequest } from './company-user.form';
import { companyUserKeys } from './company-user.queries';
import { roleName } from './company-user.roles';

/** A change to the people of a company shows in its list and in the accountants of every company. */
function useRefreshPeople(companyId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: companyUserKeys.company(companyId) }),
      queryClient.invalidateQueries({ queryKey: companyUserKeys.accountantLists() }),
    ]);
}

/** The form stays open on a failure and shows it itself; the page tells what became of the person. */
export function useInviteCompanyUserMutation(companyId: number) {
  const refresh = useRefreshPeople(companyId);
  return useMutation({
    mutationFn: async (invitation: InviteRequest) =>
      (await api.call(inviteCompanyUser, { body: { companyId, ...invitation } })).data,
    onSuccess: () => void refresh(),
  });
}

type RoleChange = { user: CompanyUser; roleId: RoleId };

/** The dialog stays open on a failure and shows it itself. */
export function useChangeRoleMutation(companyId: number) {
  const refresh = useRefreshPeople(companyId);
  return useMutation({
    mutationFn: async ({ user, roleId }: RoleChange) =>
      (await api.call(changeCompanyUserRole, { params: { id: user.Id }, body: { companyId, roleId } })).data,
    onSuccess: (changed) => {
      void refresh();
      toast(
        ToastType.success,
        i18n.t('companyUsers.changeRole.done', {
          name: changed.FullName,
          role: roleName(changed.RoleId, i18n.t),
        }),
      );
    },
  });
}

/** The failure is shown in the confirm dialog. */
export function useRemoveCompanyUserMutation(companyId: number) {
  const refresh = useRefreshPeople(companyId);
  return useMutation({
    mutationFn: async (user: CompanyUser) =>
      (await api.call(removeCompanyUser, { params: { id: user.Id }, query: { companyId } })).data,
    onSuccess: (_reply, user) => {
      void refresh();
      toast(ToastType.success, i18n.t('companyUsers.remove.done', { name: user.FullName }));
    },
  });
}

/** Names the person the company's responsible accountant (the one before stops being it), or stops them being it. */
export function useSetResponsibleAccountantMutation(companyId: number) {
  const refresh = useRefreshPeople(companyId);
  return useMutation({
    mutationFn: async ({ user, isResponsible }: { user: CompanyUser; isResponsible: boolean }) =>
      (
        await api.call(setResponsibleAccountant, {
          body: { companyId, userId: isResponsible ? user.Id : null },
        })
      ).data,
    onSuccess: (_reply, { user, isResponsible }) => {
      void refresh();
      toast(
        ToastType.success,
        i18n.t(isResponsible ? 'companyUsers.responsible.set' : 'companyUsers.responsible.cleared', {
          name: user.FullName,
        }),
      );
    },
    onError: toastFailure,
  });
}

export function useAcceptInvitationMutation() {
  return useMutation({
    mutationFn: async (acceptance: { token: string; password: string }) =>
      (await api.call(acceptInvitation, { body: acceptance })).data,
  });
}
