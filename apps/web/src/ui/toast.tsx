import { notifications } from '@mantine/notifications';
import { IconCheck, IconExclamationCircle, IconInfoCircle } from '@tabler/icons-react';
import { errorMessage, isServerError } from '../app/api/errors';
import { isSessionError } from '../app/session/session.rules';
import { i18n } from '../i18n';

/** The catalogue numbers its toast types: 0 error (red), 1 information (blue), 2 success (green). */
export const ToastType = {
  error: 0,
  info: 1,
  success: 2,
} as const;
export type ToastType = (typeof ToastType)[keyof typeof ToastType];

export const TOAST_DURATION_MS = 3000;

const toastLook = {
  [ToastType.error]: { color: 'red', icon: <IconExclamationCircle size={20} />, titleKey: 'toast.error' },
  [ToastType.info]: { color: 'blue', icon: <IconInfoCircle size={20} />, titleKey: 'toast.info' },
  [ToastType.success]: { color: 'green', icon: <IconCheck size={20} />, titleKey: 'toast.success' },
} as const;

export function toast(type: ToastType, message: string): string {
  const look = toastLook[type];
  return notifications.show({
    color: look.color,
    icon: look.icon,
    title: i18n.t(look.titleKey),
    message,
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    // Mantine dims the message below readable contrast on white; a toast must be readable in 3 seconds.
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}

/**
 * A failed call as a red toast with the server's message. Session failures and server errors are left
 * out: the session dialog, the sign-out or the server error dialog already tells the person.
 */
export function toastFailure(error: unknown) {
  if (isSessionError(error) || isServerError(error)) return;
  toast(ToastType.error, errorMessage(error, i18n.t('errors.unexpected')));
}
