import { checkTutorialPassword } from '@bilag/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { storeTutorialAccess } from './tutorial.access';

export function useCheckTutorialPasswordMutation() {
  return useMutation({
    mutationFn: async (password: string) =>
      (await api.call(checkTutorialPassword, { body: { password } })).data,
    onSuccess: (access) => storeTutorialAccess(access),
  });
}
