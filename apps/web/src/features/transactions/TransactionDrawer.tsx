import type { BankTransaction } from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  DataList,
  Drawer,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconLock, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../app/api/errors';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { DataListField } from '../../ui/DataListField';
import { DateFormat, formatDate } from '../../ui/dates';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { formatCalendarDate } from '../../ui/format';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { SignedAmount } from '../../ui/SignedAmount';
import { PaymentStatusBadge, TransactionStatusBadge } from './TransactionBadges';
import { TransactionEditForm } from './TransactionEditForm';
import { TransactionFiles } from './TransactionFiles';
import { TransactionHistory } from './TransactionHistory';
import { accountNameOf } from './transaction.format';
import { useDeleteTransactionsMutation } from './transaction.mutations';
import { transactionKeys } from './transaction.queries';

type TransactionDrawerProps = {
  companyId: number;
  /** The open transaction; undefined closes the drawer. */
  transactionId: number | undefined;
  accountNames: ReadonlyMap<number, string>;
  onClose: () => void;
  onShowImport: (importId: number, companyBankId: number) => void;
};

/** A titled part of the drawer, named by its heading for screen readers. */
function DrawerSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Title order={3} fz="md" mb="md" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

function TransactionFields({
  transaction,
  accountName,
  onShowImport,
}: {
  transaction: BankTransaction;
  accountName: string;
  onShowImport: (importId: number, companyBankId: number) => void;
}) {
  const { t } = useTranslation();
  const importId = transaction.ImportId;
  return (
    <DataList size="sm" labelWidth={120} withDivider data-testid="transaction-fields">
      <DataListField label={t('bankTransactions.fields.date')}>
        {formatCalendarDate(transaction.Date)}
      </DataListField>
      {transaction.ValueDate && (
        <DataListField label={t('bankTransactions.fields.valueDate')}>
          {formatCalendarDate(transaction.ValueDate)}
        </DataListField>
      )}
      <DataListField label={t('bankTransactions.fields.text')}>{transaction.Text || '—'}</DataListField>
      {transaction.Text2 && (
        <DataListField label={t('bankTransactions.fields.text2')}>{transaction.Text2}</DataListField>
      )}
      <DataListField label={t('bankTransactions.fields.account')}>{accountName}</DataListField>
      {transaction.Kid && (
        <DataListField label={t('bankTransactions.fields.kid')}>{transaction.Kid}</DataListField>
      )}
      {transaction.CounterpartyName && (
        <DataListField label={t('bankTransactions.fields.counterparty')}>
          {transaction.CounterpartyName}
        </DataListField>
      )}
      {transaction.CounterpartyAccount && (
        <DataListField label={t('bankTransactions.fields.counterpartyAccount')}>
          {formatAccountNumber(transaction.CounterpartyAccount)}
        </DataListField>
      )}
      {transaction.EndToEndId && (
        <DataListField label={t('bankTransactions.fields.endToEndId')}>
          {transaction.EndToEndId}
        </DataListField>
      )}
      {importId !== null && (
        <DataListField label={t('bankTransactions.fields.import')}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onShowImport(importId, transaction.CompanyBankId)}
          >
            {t('bankTransactions.detail.showImport', { id: importId })}
          </Anchor>
        </DataListField>
      )}
      <DataListField label={t('bankTransactions.fields.createdAt')}>
        {formatDate(transaction.CreatedAt, DateFormat.dateTime)}
      </DataListField>
    </DataList>
  );
}

/**
 * One transaction beside the list: what the bank said about it, what the company did about it, its
 * files and its history. Its id is in the address, so Back closes it and a link opens it.
 */
export function TransactionDrawer({
  companyId,
  transactionId,
  accountNames,
  onClose,
  onShowImport,
}: TransactionDrawerProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 48em)');
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const isOpen = transactionId !== undefined;
  const detail = useQuery({ ...transactionKeys.detail(companyId, transactionId ?? 0), enabled: isOpen });
  const history = useQuery({ ...transactionKeys.history(companyId, transactionId ?? 0), enabled: isOpen });
  const deleteTransaction = useDeleteTransactionsMutation(companyId);
  const transaction = detail.data;
  const isMissing = detail.error instanceof ApiError && detail.error.status === 404;

  function onConfirmDelete() {
    if (transactionId === undefined) return;
    deleteTransaction.mutate([transactionId], {
      onSuccess: () => {
        setIsConfirmingDelete(false);
        onClose();
      },
    });
  }

  return (
    <Drawer
      opened={isOpen}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'xl'}
      title={
        <Title order={2} fz="lg">
          {t('bankTransactions.detail.title', { id: transactionId ?? '' })}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="transaction-drawer"
    >
      {detail.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {isMissing
            ? t('bankTransactions.detail.notFound')
            : errorMessage(detail.error, t('errors.unexpected'))}
        </Alert>
      ) : !transaction ? (
        <Center py="xl">
          <LoadingSpinner size="sm" />
        </Center>
      ) : (
        <Stack gap="lg">
          <Stack gap={6}>
            <SignedAmount amountOre={transaction.AmountOre} currency={transaction.Currency} size="xl" />
            <Text fw={500}>{transaction.Text}</Text>
            <Group gap={6}>
              <TransactionStatusBadge status={transaction.Status} />
              <PaymentStatusBadge paymentStatus={transaction.PaymentStatus} />
              {transaction.IsPrivate && (
                <IconLock size={16} aria-hidden color="var(--mantine-color-grape-7)" />
              )}
            </Group>
          </Stack>

          <TransactionFields
            transaction={transaction}
            accountName={accountNameOf(accountNames, transaction)}
            onShowImport={onShowImport}
          />

          <DrawerSection id="transaction-form-heading" title={t('bankTransactions.form.title')}>
            <TransactionEditForm
              key={`${transaction.Id}-${transaction.PaymentStatus}-${transaction.PaymentDate}-${transaction.IsPrivate}-${transaction.Note}`}
              companyId={companyId}
              transaction={transaction}
            />
          </DrawerSection>

          <DrawerSection id="transaction-files-heading" title={t('bankTransactions.files.title')}>
            <TransactionFiles companyId={companyId} files={transaction.Files} />
          </DrawerSection>

          {history.isError ? (
            <ErrorAlert error={history.error} />
          ) : history.data ? (
            <TransactionHistory entries={history.data} />
          ) : (
            <Center py="md">
              <LoadingSpinner size="sm" />
            </Center>
          )}

          <Group justify="flex-end">
            <Button
              color="red"
              variant="subtle"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setIsConfirmingDelete(true)}
              data-testid="delete-transaction"
            >
              {t('bankTransactions.detail.delete')}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmModal
        opened={isConfirmingDelete}
        title={t('bankTransactions.delete.title', { count: 1 })}
        text={t('bankTransactions.delete.text', { count: 1 })}
        confirmLabel={t('bankTransactions.delete.confirm', { count: 1 })}
        cancelLabel={t('bankTransactions.delete.cancel')}
        isPending={deleteTransaction.isPending}
        onCancel={() => setIsConfirmingDelete(false)}
        onConfirm={onConfirmDelete}
        data-testid="confirm-delete-transaction"
      />
    </Drawer>
  );
}
