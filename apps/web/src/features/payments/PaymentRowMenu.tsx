import { ActionIcon, Menu } from '@mantine/core';
import {
  IconBan,
  IconDots,
  IconHandStop,
  IconInfoCircle,
  IconPencil,
  IconPlaylistX,
  IconSignature,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentRowAction } from './payment.actions';

type PaymentRowMenuProps = {
  /** Names the row, since every row has such a button. */
  label: string;
  actions: readonly PaymentRowAction[];
  onAction: (action: PaymentRowAction) => void;
  'data-testid': string;
};

/** The "…" button at the end of a payment row: what the person may do to this payment now. */
export function PaymentRowMenu({ label, actions, onAction, 'data-testid': testId }: PaymentRowMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={label}
          data-testid={testId}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {actions.includes('info') && (
          <Menu.Item leftSection={<IconInfoCircle size={16} aria-hidden />} onClick={() => onAction('info')}>
            {t('payments.actions.info')}
          </Menu.Item>
        )}
        {actions.includes('openBasket') && (
          <Menu.Item
            leftSection={<IconSignature size={16} aria-hidden />}
            onClick={() => onAction('openBasket')}
          >
            {t('signing.actions.openBasket')}
          </Menu.Item>
        )}
        {actions.includes('edit') && (
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onAction('edit')}>
            {t('payments.actions.edit')}
          </Menu.Item>
        )}
        {actions.includes('remove') && (
          <Menu.Item
            color="red"
            leftSection={<IconPlaylistX size={16} aria-hidden />}
            onClick={() => onAction('remove')}
          >
            {t('payments.actions.remove')}
          </Menu.Item>
        )}
        {actions.includes('cancel') && (
          <Menu.Item
            color="red"
            leftSection={<IconBan size={16} aria-hidden />}
            onClick={() => onAction('cancel')}
          >
            {t('payments.actions.cancel')}
          </Menu.Item>
        )}
        {actions.includes('stopAtBank') && (
          <Menu.Item
            color="red"
            leftSection={<IconHandStop size={16} aria-hidden />}
            onClick={() => onAction('stopAtBank')}
          >
            {t('signing.actions.stopAtBank')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
