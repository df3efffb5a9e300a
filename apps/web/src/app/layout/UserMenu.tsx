import type { SessionUser } from '@bilag/contracts';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { logout } from '../session/session.actions';

type UserMenuProps = {
  user: SessionUser;
};

export function UserMenu({ user }: UserMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        {/* Named by the name it shows (on narrow screens to a screen reader only), then by what it is. */}
        <UnstyledButton px={6} py={4} style={{ borderRadius: 8 }}>
          <Group gap={8} wrap="nowrap">
            <Avatar name={user.FullName} color="brand" size={32} aria-hidden />
            <Text size="sm" fw={500} visibleFrom="md">
              {user.FullName}
              <VisuallyHidden> {t('user.menu')}</VisuallyHidden>
            </Text>
            <VisuallyHidden hiddenFrom="md">
              {user.FullName} {t('user.menu')}
            </VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('user.signedInAs')}</Menu.Label>
        <Text size="sm" fw={600} px="sm">
          {user.FullName}
        </Text>
        <Text size="xs" c="dimmed" px="sm" pb="xs" truncate>
          {user.Email}
        </Text>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
          {t('user.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
