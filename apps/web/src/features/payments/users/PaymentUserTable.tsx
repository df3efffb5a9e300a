import type { PaymentUser } from '@bilag/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconBuildingBank, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { accountLabel } from '../../banks';

type PaymentUserTableProps = {
  users: PaymentUser[];
  /** Without it the list is read-only: the person may see who pays, not change it. */
  actions?: {
    pendingAllowId: number | null;
    onAllowPayments: (paymentUser: PaymentUser, isAllowPayments: boolean) => void;
    onEditAccounts: (paymentUser: PaymentUser) => void;
    onRemove: (paymentUser: PaymentUser) => void;
  };
};

export function PaymentUserTable({ users, actions }: PaymentUserTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label={t('paymentUsers.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('paymentUsers.name')}</Table.Th>
            <Table.Th>{t('paymentUsers.email')}</Table.Th>
            <Table.Th w={140}>{t('paymentUsers.allowPayments')}</Table.Th>
            <Table.Th>{t('paymentUsers.accounts')}</Table.Th>
            {actions && (
              <Table.Th w={200}>
                <VisuallyHidden>{t('paymentUsers.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const verified = user.VerifiedBanks.filter((bank) => bank.IsVerified);
            return (
              <Table.Tr key={user.Id} data-testid={`payment-user-${user.UserId}`}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {user.FullName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{user.Email}</Text>
                </Table.Td>
                <Table.Td>
                  {actions ? (
                    <Switch
                      aria-label={t('paymentUsers.allowPaymentsOf', { name: user.FullName })}
                      checked={user.IsAllowPayments}
                      disabled={actions.pendingAllowId === user.Id}
                      onChange={(event) => actions.onAllowPayments(user, event.currentTarget.checked)}
                    />
                  ) : (
                    <Badge
                      variant="dot"
                      color={user.IsAllowPayments ? 'green' : 'gray'}
                      tt="none"
                      radius="sm"
                    >
                      {user.IsAllowPayments ? t('paymentUsers.mayPay') : t('paymentUsers.mayPrepare')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td data-testid="verified-accounts">
                  {verified.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('paymentUsers.noVerifiedAccounts')}
                    </Text>
                  ) : (
                    <Stack gap={2}>
                      {verified.map((bank) => (
                        <Text
                          key={bank.CompanyBankId}
                          size="sm"
                          style={{ fontVariantNumeric: 'tabular-nums' }}
                        >
                          {accountLabel(bank)}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
                {actions && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconBuildingBank size={14} aria-hidden />}
                        aria-label={t('paymentUsers.editAccountsOf', { name: user.FullName })}
                        onClick={() => actions.onEditAccounts(user)}
                      >
                        {t('paymentUsers.editAccounts')}
                      </Button>
                      <Tooltip label={t('paymentUsers.remove')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('paymentUsers.removeOf', { name: user.FullName })}
                          onClick={() => actions.onRemove(user)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
