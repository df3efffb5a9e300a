import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('vouchers.delete.title', { count })}
      centered
      radius="lg"
    >
      <Stack gap="lg">
        <Text size="sm">{t('vouchers.delete.text', { count })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isDeleting}>
            {t('vouchers.delete.cancel')}
          </Button>
          <Button
            color="red"
            onClick={onConfirm}
            loading={isDeleting}
            data-autofocus
            data-testid="confirm-delete"
          >
            {t('vouchers.delete.confirm', { count })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
