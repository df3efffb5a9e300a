import type { BankTransaction } from '@bilag/contracts';
import { Table, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../ui/format';
import { type RowSelection, SelectableTable } from '../../ui/SelectableTable';
import { SignedAmount } from '../../ui/SignedAmount';
import { SortableHeader } from '../../ui/SortableHeader';
import { VoucherFileCell } from '../vouchers';
import { PaymentStatusBadge, TransactionStatusBadge } from './TransactionBadges';
import type { TransactionListFilter, TransactionSortField } from './transaction.filter';
import { accountNameOf } from './transaction.format';

type TransactionTableProps = {
  companyId: number;
  rows: BankTransaction[];
  filter: TransactionListFilter;
  /** Account names by id; a transaction of an account not in the map shows its number. */
  accountNames: ReadonlyMap<number, string>;
  selection: RowSelection;
  onSort: (sortBy: TransactionSortField, sortType: 'asc' | 'desc') => void;
  onOpen: (transaction: BankTransaction) => void;
};

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const ACCOUNT_WIDTH = 170;
/** The fixed columns and room for the texts, which matter most; narrower screens scroll sideways. */
const MIN_WIDTH_WITHOUT_ACCOUNT = 36 + 104 + 260 + 150 + 164 + 116 + 44 + 140 + 52;

export function TransactionTable({
  companyId,
  rows,
  filter,
  accountNames,
  selection,
  onSort,
  onOpen,
}: TransactionTableProps) {
  const { t } = useTranslation();
  /** With one account chosen every row has it, so its column would only take room from the texts. */
  const isAccountShown = filter.companyBankId === 0;
  return (
    <SelectableTable
      rows={rows}
      minWidth={MIN_WIDTH_WITHOUT_ACCOUNT + (isAccountShown ? ACCOUNT_WIDTH : 0)}
      label={t('bankTransactions.list.tableLabel')}
      selectAllLabel={t('bankTransactions.list.selectAll')}
      selectRowLabel={(transaction) =>
        t('bankTransactions.list.selectOne', { text: transaction.Text, id: transaction.Id })
      }
      rowTestId={(transaction) => `transaction-row-${transaction.Id}`}
      selection={selection}
      onOpen={onOpen}
      headers={
        <>
          <SortableHeader
            field="BankTransaction.Date"
            label={t('bankTransactions.fields.date')}
            filter={filter}
            onSort={onSort}
            width={104}
          />
          <SortableHeader
            field="BankTransaction.Text"
            label={t('bankTransactions.fields.text')}
            filter={filter}
            onSort={onSort}
            isAscendingFirst
          />
          <SortableHeader
            field="BankTransaction.Amount"
            label={t('bankTransactions.fields.amount')}
            filter={filter}
            onSort={onSort}
            isNumeric
            width={150}
          />
          {isAccountShown && <Table.Th w={ACCOUNT_WIDTH}>{t('bankTransactions.fields.account')}</Table.Th>}
          <Table.Th w={164}>{t('bankTransactions.fields.status')}</Table.Th>
          <Table.Th w={116}>{t('bankTransactions.list.paymentColumn')}</Table.Th>
          <Table.Th w={44} aria-label={t('bankTransactions.fields.private')}>
            <IconLock size={14} aria-hidden />
          </Table.Th>
          <Table.Th w={140}>{t('bankTransactions.fields.note')}</Table.Th>
          <Table.Th w={52}>{t('bankTransactions.fields.files')}</Table.Th>
        </>
      }
      renderCells={(transaction) => (
        <>
          <Table.Td style={numeric}>{formatCalendarDate(transaction.Date)}</Table.Td>
          <Table.Td>
            <Text size="sm" fw={500} truncate title={transaction.Text}>
              {transaction.Text || t('bankTransactions.list.noText')}
            </Text>
            {transaction.Text2 && (
              <Text size="xs" c="dimmed" truncate title={transaction.Text2}>
                {transaction.Text2}
              </Text>
            )}
          </Table.Td>
          <Table.Td ta="right">
            <SignedAmount amountOre={transaction.AmountOre} currency={transaction.Currency} />
          </Table.Td>
          {isAccountShown && (
            <Table.Td>
              <Text size="xs" truncate title={accountNameOf(accountNames, transaction)}>
                {accountNameOf(accountNames, transaction)}
              </Text>
            </Table.Td>
          )}
          <Table.Td>
            <TransactionStatusBadge status={transaction.Status} />
          </Table.Td>
          <Table.Td>
            <PaymentStatusBadge paymentStatus={transaction.PaymentStatus} />
          </Table.Td>
          <Table.Td>
            {transaction.IsPrivate && (
              <Tooltip label={t('bankTransactions.fields.private')}>
                <IconLock
                  size={16}
                  color="var(--mantine-color-grape-7)"
                  aria-label={t('bankTransactions.fields.private')}
                  data-testid="private-flag"
                />
              </Tooltip>
            )}
          </Table.Td>
          <Table.Td>
            {transaction.Note && (
              <Text size="xs" c="dimmed" truncate title={transaction.Note}>
                {transaction.Note}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <VoucherFileCell companyId={companyId} files={transaction.Files} />
          </Table.Td>
        </>
      )}
    />
  );
}
