import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type AppModalProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size: ModalProps['size'];
  /** The screen width below which the dialog fills the screen, where it would be too cramped otherwise. */
  fullScreenBelow?: '36em' | '48em';
  children: ReactNode;
};

/** A centred dialog, its close button named for screen readers; a large one fills a narrow screen. */
export function AppModal({ opened, onClose, title, size, fullScreenBelow, children }: AppModalProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery(`(max-width: ${fullScreenBelow ?? '0em'})`);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      radius="lg"
      fullScreen={fullScreenBelow !== undefined && isNarrow}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {children}
    </Modal>
  );
}
