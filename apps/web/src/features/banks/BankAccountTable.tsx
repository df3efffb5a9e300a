import type { CompanyBank } from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { ActionIcon, Badge, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconStar, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { RowActionsMenu } from '../../ui/RowActionsMenu';
import { UnprovenBalanceNote } from '../../ui/UnprovenBalanceNote';
import { accountLabel } from './bank-account.format';
import type { MoveDirection } from './bank-account.order';
import { type BankReadBalance, shownBankBalance } from './bank-balance.latest';

type BankAccountTableProps = {
  accounts: CompanyBank[];
  /** The newest balance the bank gave through a consent, by account id. */
  bankBalances: ReadonlyMap<number, BankReadBalance>;
  onMove: (account: CompanyBank, direction: MoveDirection) => void;
  onEdit: (account: CompanyBank) => void;
  onSetDefault: (account: CompanyBank) => void;
  onDelete: (account: CompanyBank) => void;
};

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function moveButtonId(accountId: number, direction: MoveDirection) {
  return `move-${direction}-${accountId}`;
}

function ServicePeriod({ account }: { account: CompanyBank }) {
  const { t } = useTranslation();
  const { ServiceStartDate: start, ServiceEndDate: end } = account;
  if (start === null && end === null)
    return (
      <Text size="sm" c="dimmed">
        {t('bankAccounts.serviceAlways')}
      </Text>
    );
  if (end === null)
    return (
      <Text size="sm" style={numeric}>
        {t('bankAccounts.serviceFrom', { date: formatCalendarDate(start) })}
      </Text>
    );
  if (start === null)
    return (
      <Text size="sm" style={numeric}>
        {t('bankAccounts.serviceUntil', { date: formatCalendarDate(end) })}
      </Text>
    );
  return (
    <Text size="sm" style={numeric}>
      {formatCalendarDate(start)} – {formatCalendarDate(end)}
    </Text>
  );
}

/** The balance the bank gave through a consent when it is the newest, else the last statement's. */
function BalanceCell({
  account,
  bankBalance,
}: {
  account: CompanyBank;
  bankBalance: BankReadBalance | undefined;
}) {
  const { t } = useTranslation();
  const fromBank = shownBankBalance(account, bankBalance);
  if (fromBank) {
    return (
      <Stack gap={0} align="flex-end" data-testid="bank-balance">
        <Text size="sm" fw={500} style={numeric}>
          {formatMoney(fromBank.amountOre, fromBank.currency)}
        </Text>
        <Text size="xs" c="dimmed" style={numeric}>
          {t('bankAccounts.bankBalance', { date: formatCalendarDate(fromBank.date) })}
        </Text>
      </Stack>
    );
  }
  if (account.Balance === null) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('bankAccounts.noBalance')}
      </Text>
    );
  }
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={500} style={numeric}>
        {formatMoney(account.Balance, account.Currency)}
      </Text>
      {account.BalanceDate && (
        <Text size="xs" c="dimmed" style={numeric}>
          {t('bankAccounts.balanceAt', { date: formatCalendarDate(account.BalanceDate) })}
        </Text>
      )}
      {account.BalanceProven === false && (
        <UnprovenBalanceNote
          differenceOre={account.BalanceDifferenceOre}
          currency={account.Currency}
          data-testid="balance-unproven"
        />
      )}
    </Stack>
  );
}

/** The company's accounts in their chosen order, each with buttons to move it a step up or down. */
export function BankAccountTable({
  accounts,
  bankBalances,
  onMove,
  onEdit,
  onSetDefault,
  onDelete,
}: BankAccountTableProps) {
  const { t } = useTranslation();
  const tableRef = useRef<HTMLTableElement>(null);
  const focusAfterMove = useRef<{ accountId: number; direction: MoveDirection } | null>(null);

  // Moving a row moves its element in the page, which takes the focus away from the button that was
  // pressed; it is given back, or to the other arrow when the account reached the top or the bottom.
  useEffect(() => {
    const wanted = focusAfterMove.current;
    const table = tableRef.current;
    if (!wanted || !table || accounts.length === 0) return;
    focusAfterMove.current = null;
    const opposite: MoveDirection = wanted.direction === 'up' ? 'down' : 'up';
    const button = table.querySelector<HTMLButtonElement>(
      `[data-testid="${moveButtonId(wanted.accountId, wanted.direction)}"]`,
    );
    const fallback = table.querySelector<HTMLButtonElement>(
      `[data-testid="${moveButtonId(wanted.accountId, opposite)}"]`,
    );
    (button && !button.disabled ? button : fallback)?.focus();
  }, [accounts]);

  function onMoveClick(account: CompanyBank, direction: MoveDirection) {
    focusAfterMove.current = { accountId: account.Id, direction };
    onMove(account, direction);
  }

  return (
    <Table.ScrollContainer minWidth={880}>
      <Table ref={tableRef} verticalSpacing="sm" highlightOnHover aria-label={t('bankAccounts.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={76}>{t('bankAccounts.fields.order')}</Table.Th>
            <Table.Th>{t('bankAccounts.fields.account')}</Table.Th>
            <Table.Th>{t('bankAccounts.fields.bank')}</Table.Th>
            <Table.Th w={80}>{t('bankAccounts.fields.currency')}</Table.Th>
            <Table.Th w={150} ta="right">
              {t('bankAccounts.fields.balance')}
            </Table.Th>
            <Table.Th w={180}>{t('bankAccounts.fields.servicePeriod')}</Table.Th>
            <Table.Th w={110} ta="right">
              {t('bankAccounts.fields.transactions')}
            </Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('bankAccounts.fields.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account, index) => {
            const label = accountLabel(account);
            return (
              <Table.Tr key={account.Id} data-testid={`bank-account-row-${account.Id}`}>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => onMoveClick(account, 'up')}
                      disabled={index === 0}
                      aria-label={t('bankAccounts.moveUp', { account: label })}
                      data-testid={moveButtonId(account.Id, 'up')}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => onMoveClick(account, 'down')}
                      disabled={index === accounts.length - 1}
                      aria-label={t('bankAccounts.moveDown', { account: label })}
                      data-testid={moveButtonId(account.Id, 'down')}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} preventGrowOverflow={false}>
                    {account.Name ? (
                      <Text size="sm" fw={500}>
                        {account.Name}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed" fs="italic">
                        {t('bankAccounts.noName')}
                      </Text>
                    )}
                    {account.IsDefault && (
                      <Badge
                        variant="light"
                        color="brand"
                        radius="sm"
                        size="sm"
                        tt="none"
                        data-testid="default-badge"
                      >
                        {t('bankAccounts.default')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" style={numeric} data-testid="account-number">
                    {formatAccountNumber(account.AccountNumber)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {account.BankName ? (
                    <Stack gap={0}>
                      <Text size="sm" truncate>
                        {account.BankName}
                      </Text>
                      {account.Bic && (
                        <Text size="xs" c="dimmed" ff="monospace">
                          {account.Bic}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('bankAccounts.unknownBank')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{account.Currency}</Table.Td>
                <Table.Td ta="right">
                  <BalanceCell account={account} bankBalance={bankBalances.get(account.Id)} />
                </Table.Td>
                <Table.Td>
                  <ServicePeriod account={account} />
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {account.TransactionCount.toLocaleString('nb-NO')}
                </Table.Td>
                <Table.Td>
                  <RowActionsMenu
                    label={t('bankAccounts.actionsFor', { account: label })}
                    editLabel={t('bankAccounts.edit')}
                    onEdit={() => onEdit(account)}
                    data-testid={`account-actions-${account.Id}`}
                  >
                    {!account.IsDefault && (
                      <Menu.Item
                        leftSection={<IconStar size={16} aria-hidden />}
                        onClick={() => onSetDefault(account)}
                      >
                        {t('bankAccounts.setDefault')}
                      </Menu.Item>
                    )}
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => onDelete(account)}
                    >
                      {t('bankAccounts.delete')}
                    </Menu.Item>
                  </RowActionsMenu>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
