import type { BankVerifyAccount } from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { Badge, Checkbox, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../ui/dates';

type BankVerifyTableProps = {
  accounts: readonly BankVerifyAccount[];
  /** Without it the accounts are shown only: the person may not verify them. */
  selection?: {
    selectedIds: ReadonlySet<number>;
    onToggle: (companyBankId: number) => void;
    onToggleAll: () => void;
  };
};

/** The company's accounts in the banks that confirm who may pay, and whether the person is confirmed. */
export function BankVerifyTable({ accounts, selection }: BankVerifyTableProps) {
  const { t } = useTranslation();
  const selectedCount = accounts.filter((account) =>
    selection?.selectedIds.has(account.CompanyBankId),
  ).length;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        aria-label={t('signing.bankVerify.tableLabel')}
        data-testid="bank-verify-table"
      >
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={44}>
                <Checkbox
                  aria-label={t('signing.bankVerify.selectAll')}
                  checked={accounts.length > 0 && selectedCount === accounts.length}
                  indeterminate={selectedCount > 0 && selectedCount < accounts.length}
                  onChange={selection.onToggleAll}
                />
              </Table.Th>
            )}
            <Table.Th>{t('signing.bankVerify.account')}</Table.Th>
            <Table.Th>{t('signing.bankVerify.bank')}</Table.Th>
            <Table.Th>{t('signing.bankVerify.status')}</Table.Th>
            <Table.Th>{t('signing.bankVerify.confirmed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => {
            const number = formatAccountNumber(account.AccountNumber);
            return (
              <Table.Tr key={account.CompanyBankId} data-testid={`bank-verify-row-${account.AccountNumber}`}>
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={t('signing.bankVerify.select', { account: number })}
                      checked={selection.selectedIds.has(account.CompanyBankId)}
                      onChange={() => selection.onToggle(account.CompanyBankId)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm" fw={600} ff="monospace">
                    {number}
                  </Text>
                  {account.Name && (
                    <Text size="xs" c="dimmed">
                      {account.Name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{account.BankName ?? account.BankGroup}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="dot"
                    tt="none"
                    color={account.IsVerified ? 'green' : 'gray'}
                    data-testid={`bank-verify-status-${account.AccountNumber}`}
                  >
                    {t(account.IsVerified ? 'signing.bankVerify.verified' : 'signing.bankVerify.notVerified')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {account.IsVerified && account.VerifiedBy ? (
                    <>
                      <Text size="sm">
                        {t(
                          account.VerifiedBy === 'bank-authorisation'
                            ? 'signing.bankVerify.byBank'
                            : 'signing.bankVerify.byAdministrator',
                        )}
                      </Text>
                      {account.VerifiedAt && (
                        <Text size="xs" c="dimmed">
                          {formatDate(account.VerifiedAt, DateFormat.dateTime)}
                        </Text>
                      )}
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
