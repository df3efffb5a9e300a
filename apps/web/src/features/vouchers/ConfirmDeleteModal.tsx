import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../ui/ConfirmModal';

type ConfirmDeleteModalProps = {
  opened: boolean;
  count: number;
  isDeleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

export function ConfirmDeleteModal({
  opened,
  count,
  isDeleting,
  onCancel,
  onConfirm,
}: ConfirmDeleteModalProps) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={opened}
      title={t('vouchers.delete.title', { count })}
      text={t('vouchers.delete.text', { count })}
      confirmLabel={t('vouchers.delete.confirm', { count })}
      cancelLabel={t('vouchers.delete.cancel')}
      isPending={isDeleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
      data-testid="confirm-delete"
    />
  );
}
