import { Loader, type LoaderProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type LoadingSpinnerProps = Omit<LoaderProps, 'role' | 'aria-label'> & {
  /** What is being waited for; "Loading" when left out. */
  label?: string;
};

/**
 * A spinner that a screen reader names. Mantine's loader is a bare span, which may not carry a name of
 * its own, so the spinner takes the progressbar role that a busy indicator is.
 */
export function LoadingSpinner({ label, ...props }: LoadingSpinnerProps) {
  const { t } = useTranslation();
  return <Loader role="progressbar" aria-label={label ?? t('app.loading')} {...props} />;
}
