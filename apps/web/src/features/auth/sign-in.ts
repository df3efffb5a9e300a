import { type LoginData, LoginRequest, login } from '@bilag/contracts';
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { startSession } from '../../app/session/session.actions';
import { applyLanguage, currentLanguage } from '../../i18n/language';
import { changeLanguageMutation } from './auth.mutations';
import { authKeys } from './auth.queries';

/** The sign-in call's own check of an address, so the form refuses what the server would. */
export function isLoginEmail(email: string): boolean {
  return LoginRequest.shape.email.safeParse(email).success;
}

export async function signIn(credentials: LoginRequest): Promise<LoginData> {
  return (await api.call(login, { body: credentials })).data;
}

/**
 * Starts the session the server granted. A language picked on the sign-in page is a fresh choice and is
 * saved on the account; otherwise the account's own choice applies.
 */
export function beginSession(
  queryClient: QueryClient,
  data: LoginData,
  { hasPickedLanguage }: { hasPickedLanguage: boolean },
): void {
  void startSession({
    AccessToken: data.AccessToken,
    RefreshToken: data.RefreshToken,
    RoleId: data.RoleId,
    User: data.User,
  });
  queryClient.setQueryData(authKeys.currentUser().queryKey, data.User);
  if (hasPickedLanguage)
    void new MutationObserver(queryClient, changeLanguageMutation(queryClient))
      .mutate(currentLanguage())
      .catch(() => undefined);
  else void applyLanguage(data.User.Language);
}
