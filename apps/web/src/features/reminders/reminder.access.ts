import { useQuery } from '@tanstack/react-query';
import { authKeys } from '../auth';

/** Changing reminders and alerts is part of running the company's people; the server checks it too. */
const EDIT_ACTION = 'users.edit';

export function useCanEditReminders(): boolean {
  const roleActions = useQuery(authKeys.roleActions());
  return roleActions.data?.actions.includes(EDIT_ACTION) ?? false;
}
