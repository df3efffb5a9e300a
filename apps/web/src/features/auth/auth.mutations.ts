import { changeLanguage, type Language } from '@bilag/contracts';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { errorMessage, isServerError } from '../../app/api/errors';
import { isSessionError } from '../../app/session/session.rules';
import { currentSession, sessionStore } from '../../app/session/session.store';
import { i18n } from '../../i18n';
import { applyLanguage } from '../../i18n/language';
import { ToastType, toast } from '../../ui/toast';
import { authKeys } from './auth.queries';

/** Switches the interface at once and saves the choice on the account, so the server answers in it too. */
export function useChangeLanguageMutation() {
  return useMutation(changeLanguageMutation(useQueryClient()));
}

/** The language change as mutation options, for the hook and for the sign-in that saves a fresh choice. */
export function changeLanguageMutation(queryClient: QueryClient) {
  return mutationOptions({
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
