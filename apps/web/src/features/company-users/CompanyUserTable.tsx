import type { CompanyUser } from '@bilag/contracts';
import { ActionIcon, Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconUserCheck, IconUserCog, IconUserMinus, IconUserX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../ui/dates';
import { mayBeResponsibleAccountant, roleName } from './company-user.roles';

/** What the person looking may do to the rows; without any, the list is read-only. */
export type CompanyUserActions = {
  canChangeRoles: boolean;
  canEditUsers: boolean;
  onChangeRole: (user: CompanyUser) => void;
  onSetResponsible: (user: CompanyUser, isResponsible: boolean) => void;
  onRemove: (user: CompanyUser) => void;
};

type CompanyUserTableProps = {
  users: readonly CompanyUser[];
  /** The signed-in person, whose own role cannot be changed here. */
  ownUserId: number | undefined;
  actions: CompanyUserActions;
  label: string;
};

export function CompanyUserTable({ users, ownUserId, actions, label }: CompanyUserTableProps) {
  const { t } = useTranslation();
  const hasActions = actions.canChangeRoles || actions.canEditUsers;
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('companyUsers.columns.name')}</Table.Th>
            <Table.Th>{t('companyUsers.columns.email')}</Table.Th>
            <Table.Th>{t('companyUsers.columns.role')}</Table.Th>
            <Table.Th w={120}>{t('companyUsers.columns.added')}</Table.Th>
            {hasActions && (
              <Table.Th w={64}>
                <VisuallyHidden>{t('companyUsers.columns.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.Id} data-testid={`company-user-${user.Id}`}>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600}>
                    {user.FullName}
                  </Text>
                  {user.Id === ownUserId && (
                    <Text span size="xs" c="dimmed">
                      {t('companyUsers.badges.you')}
                    </Text>
                  )}
                  <UserBadges user={user} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {user.Email}
                </Text>
              </Table.Td>
              <Table.Td data-testid="company-user-role">
                <Text size="sm">{roleName(user.RoleId, t)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatDate(user.AddedAt)}
                </Text>
              </Table.Td>
              {hasActions && (
                <Table.Td>
                  <UserActionsMenu user={user} isOwnUser={user.Id === ownUserId} actions={actions} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Dot badges keep their text dark, so the small labels keep AA contrast; the colour only tells them apart. */
function UserBadges({ user }: { user: CompanyUser }) {
  const { t } = useTranslation();
  return (
    <>
      {user.IsOwner && (
        <Badge size="sm" radius="sm" variant="dot" color="blue" tt="none" data-testid="badge-owner">
          {t('companyUsers.badges.owner')}
        </Badge>
      )}
      {user.IsResponsibleAccountant && (
        <Badge size="sm" radius="sm" variant="dot" color="teal" tt="none" data-testid="badge-responsible">
          {t('companyUsers.badges.responsible')}
        </Badge>
      )}
      {user.InvitationPending && (
        <Badge size="sm" radius="sm" variant="dot" color="orange" tt="none" data-testid="badge-invited">
          {t('companyUsers.badges.invited')}
        </Badge>
      )}
    </>
  );
}

/** A menu item that cannot be used says why under its label, so the reason is read with it. */
function ItemLabel({ label, reason }: { label: string; reason?: string | undefined }) {
  return (
    <>
      <Text size="sm">{label}</Text>
      {reason && (
        <Text size="xs" c="dimmed">
          {reason}
        </Text>
      )}
    </>
  );
}

function UserActionsMenu({
  user,
  isOwnUser,
  actions,
}: {
  user: CompanyUser;
  isOwnUser: boolean;
  actions: CompanyUserActions;
}) {
  const { t } = useTranslation();
  const items: ReactNode[] = [];
  if (actions.canChangeRoles) {
    items.push(
      <Menu.Item
        key="role"
        leftSection={<IconUserCog size={16} aria-hidden />}
        disabled={isOwnUser}
        onClick={() => actions.onChangeRole(user)}
        data-testid="action-change-role"
      >
        <ItemLabel
          label={t('companyUsers.changeRole.open')}
          reason={isOwnUser ? t('companyUsers.changeRole.notOwn') : undefined}
        />
      </Menu.Item>,
    );
  }
  if (actions.canEditUsers && mayBeResponsibleAccountant(user.RoleId)) {
    items.push(
      <Menu.Item
        key="responsible"
        leftSection={
          user.IsResponsibleAccountant ? (
            <IconUserX size={16} aria-hidden />
          ) : (
            <IconUserCheck size={16} aria-hidden />
          )
        }
        onClick={() => actions.onSetResponsible(user, !user.IsResponsibleAccountant)}
        data-testid="action-responsible"
      >
        <ItemLabel
          label={t(
            user.IsResponsibleAccountant ? 'companyUsers.responsible.clear' : 'companyUsers.responsible.make',
          )}
        />
      </Menu.Item>,
    );
  }
  if (actions.canEditUsers) {
    items.push(
      <Menu.Item
        key="remove"
        color="red"
        leftSection={<IconUserMinus size={16} aria-hidden />}
        disabled={user.IsOwner}
        onClick={() => actions.onRemove(user)}
        data-testid="action-remove"
      >
        <ItemLabel
          label={t('companyUsers.remove.open')}
          reason={user.IsOwner ? t('companyUsers.remove.notOwner') : undefined}
        />
      </Menu.Item>,
    );
  }
  return (
    <Menu position="bottom-end" withinPortal width={260}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('companyUsers.actionsFor', { name: user.FullName })}
          data-testid="company-user-actions"
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{items}</Menu.Dropdown>
    </Menu>
  );
}
