import { changeLanguage, type Language, type LoginRequest, login } from '@bilag/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { errorMessage, isServerError } from '../../app/api/errors';
import { isSessionError } from '../../app/session/session.rules';
import { currentSession, sessionStore } from '../../app/session/session.store';
import { i18n } from '../../i18n';
import { applyLanguage } from '../../i18n/language';
import { ToastType, toast } from '../../ui/toast';
import { authKeys } from './auth.queries';

export function useLoginMutation() {
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => (await api.call(login, { body: credentials })).data,
  });
}

/** Switches the interface at once and saves the choice on the account, so the server answers in it too. */
export function useChangeLanguageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: Language) => {
      await applyLanguage(language);
      return (await api.call(changeLanguage, { body: { language } })).data;
    },
    onSuccess: ({ language }) => {
      const session = currentSession();
      if (session) void sessionStore.update({ User: { ...session.User, Language: language } });
      void queryClient.invalidateQueries({ queryKey: authKeys.currentUser().queryKey });
    },
    onError: (error) => {
      if (isSessionError(error) || isServerError(error)) return;
      toast(
        ToastType.error,
        i18n.t('language.saveFailed', { message: errorMessage(error, i18n.t('errors.unexpected')) }),
      );
    },
  });
}
