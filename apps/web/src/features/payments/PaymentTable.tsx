import type { Payment } from '@bilag/contracts';
import { Badge, Button, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSignature } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { type RowSelection, SelectableTable } from '../../ui/SelectableTable';
import { PaymentRowMenu } from './PaymentRowMenu';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import type { PaymentRowAction } from './payment.actions';
import {
  debtorAccountLabel,
  formatCreditorAccount,
  paymentReference,
  paymentSourceLabelKey,
} from './payment.format';
import { isInSigning } from './signing/basket.format';

const numeric: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

type PaymentTableProps = {
  rows: readonly Payment[];
  sortType: 'asc' | 'desc';
  onSort: (sortType: 'asc' | 'desc') => void;
  accountNames: ReadonlyMap<number, string>;
  selection: RowSelection;
  rowActions: (payment: Payment) => PaymentRowAction[];
  onAction: (payment: Payment, action: PaymentRowAction) => void;
  /** Internal transfers name the company's own account they go to instead of a creditor. */
  isTransfer?: boolean;
};

/** The payments of one page: who is paid, from and to which account, how much and when, and their state. */
export function PaymentTable({
  rows,
  sortType,
  onSort,
  accountNames,
  selection,
  rowActions,
  onAction,
  isTransfer = false,
}: PaymentTableProps) {
  const { t } = useTranslation();
  const SortIcon = sortType === 'asc' ? IconArrowUp : IconArrowDown;

  return (
    <SelectableTable
      rows={rows}
      minWidth={1080}
      label={t(isTransfer ? 'payments.transfers.tableLabel' : 'payments.list.tableLabel')}
      selectAllLabel={t('payments.list.selectAll')}
      selectRowLabel={(payment) => t('payments.list.selectRow', { name: payment.CreditorName })}
      rowTestId={(payment) => `payment-row-${payment.Id}`}
      selection={selection}
      onOpen={(payment) => onAction(payment, 'info')}
      headers={
        <>
          <Table.Th>{t(isTransfer ? 'payments.columns.toAccount' : 'payments.columns.creditor')}</Table.Th>
          <Table.Th w={140}>{t('payments.columns.account')}</Table.Th>
          <Table.Th w={isTransfer ? 190 : 150}>
            {t(isTransfer ? 'payments.columns.fromAccount' : 'payments.columns.reference')}
          </Table.Th>
          <Table.Th w={135} ta="right">
            {t('payments.columns.amount')}
          </Table.Th>
          <Table.Th w={115} aria-sort={sortType === 'asc' ? 'ascending' : 'descending'}>
            <UnstyledButton
              onClick={() => onSort(sortType === 'asc' ? 'desc' : 'asc')}
              fw={600}
              fz="sm"
              data-testid="sort-dueDate"
            >
              <Group gap={4} wrap="nowrap">
                {t('payments.columns.dueDate')}
                <SortIcon size={14} aria-hidden />
              </Group>
            </UnstyledButton>
          </Table.Th>
          <Table.Th w={200}>{t('payments.columns.status')}</Table.Th>
          {!isTransfer && <Table.Th w={80}>{t('payments.columns.source')}</Table.Th>}
          <Table.Th w={48}>
            <VisuallyHidden>{t('payments.columns.actions')}</VisuallyHidden>
          </Table.Th>
        </>
      }
      renderCells={(payment) => {
        const reference = paymentReference(payment);
        return (
          <>
            <Table.Td>
              <Text size="sm" fw={500} lineClamp={1}>
                {(isTransfer && payment.CreditorCompanyBankId !== null
                  ? accountNames.get(payment.CreditorCompanyBankId)
                  : undefined) ?? payment.CreditorName}
              </Text>
              {payment.VoucherSupplierName && payment.VoucherSupplierName !== payment.CreditorName && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {payment.VoucherSupplierName}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={numeric}>
              <Text size="sm" ff="monospace" data-testid={`payment-account-${payment.Id}`}>
                {formatCreditorAccount(payment.CreditorAccount, payment.Type)}
              </Text>
            </Table.Td>
            <Table.Td>
              {isTransfer ? (
                <Text size="sm" lineClamp={1}>
                  {debtorAccountLabel(payment, accountNames)}
                </Text>
              ) : reference.kind === 'none' ? (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              ) : (
                <Text
                  size="sm"
                  lineClamp={1}
                  title={reference.text}
                  ff={reference.kind === 'kid' ? 'monospace' : undefined}
                >
                  {reference.kind === 'kid'
                    ? t('payments.list.kid', { kid: reference.text })
                    : reference.text}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right" style={numeric} data-testid={`payment-amount-${payment.Id}`}>
              {formatMoney(payment.AmountOre, payment.Currency)}
            </Table.Td>
            <Table.Td style={numeric}>{formatCalendarDate(payment.DueDate)}</Table.Td>
            <Table.Td>
              <PaymentStatusBadge payment={payment} />
              {isInSigning(payment) && (
                <InSigning payment={payment} rowActions={rowActions} onAction={onAction} />
              )}
            </Table.Td>
            {!isTransfer && (
              <Table.Td>
                <Text size="sm">{t(paymentSourceLabelKey(payment.Source))}</Text>
              </Table.Td>
            )}
            <Table.Td onClick={(event) => event.stopPropagation()}>
              <PaymentRowMenu
                label={t('payments.actions.label', { name: payment.CreditorName })}
                actions={rowActions(payment)}
                onAction={(action) => onAction(payment, action)}
                data-testid={`payment-actions-${payment.Id}`}
              />
            </Table.Td>
          </>
        );
      }}
    />
  );
}

type InSigningProps = Pick<PaymentTableProps, 'rowActions' | 'onAction'> & { payment: Payment };

/** A payment in a basket being signed: those who may pay open the basket here to sign it too. */
function InSigning({ payment, rowActions, onAction }: InSigningProps) {
  const { t } = useTranslation();
  if (!rowActions(payment).includes('openBasket'))
    return (
      <Badge
        mt={4}
        size="sm"
        variant="light"
        color="violet"
        tt="none"
        data-testid={`payment-in-signing-${payment.Id}`}
      >
        {t('signing.inSigning')}
      </Badge>
    );
  return (
    <Button
      mt={4}
      size="compact-xs"
      variant="light"
      color="violet"
      leftSection={<IconSignature size={12} aria-hidden />}
      onClick={(event) => {
        event.stopPropagation();
        onAction(payment, 'openBasket');
      }}
      onKeyDown={(event) => event.stopPropagation()}
      data-testid={`payment-in-signing-${payment.Id}`}
    >
      {t('signing.inSigning')}
    </Button>
  );
}
