import type { BankTransaction } from '@bilag/contracts';
import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { formatCalendarDate } from '../../ui/format';
import { QueryGate } from '../../ui/QueryGate';
import { SectionCard } from '../../ui/SectionCard';
import { SignedAmount } from '../../ui/SignedAmount';
import { toastFailure } from '../../ui/toast';
import { ConnectionSourceBadge } from './ConnectionSourceBadge';
import { MatchReasons, MatchScore } from './MatchReasons';
import { useConnectMutation, useDisconnectMutation } from './matching.mutations';
import { matchingKeys } from './matching.queries';

type VoucherTransactionsCardProps = {
  companyId: number;
  voucherId: number;
};

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** One transaction: its date, text and amount on top; how it relates to the voucher and the action below. */
function TransactionItem({
  transaction,
  details,
  action,
  'data-testid': testId,
}: {
  transaction: BankTransaction;
  details: ReactNode;
  action: ReactNode;
  'data-testid': string;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid={testId}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <Text size="sm" c="dimmed" style={numeric}>
            {formatCalendarDate(transaction.Date)}
          </Text>
          <Text size="sm" fw={500} title={transaction.Text} style={{ overflowWrap: 'anywhere' }}>
            {transaction.Text || t('bankTransactions.list.noText')}
          </Text>
        </Group>
        <SignedAmount amountOre={transaction.AmountOre} currency={transaction.Currency} />
      </Group>
      <Group justify="space-between" wrap="wrap" align="center" gap="xs" mt={6}>
        {details}
        {action}
      </Group>
    </Box>
  );
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** The bank transactions that pay this voucher, and those that look as if they might. */
export function VoucherTransactionsCard({ companyId, voucherId }: VoucherTransactionsCardProps) {
  const { t } = useTranslation();
  const transactions = useQuery(matchingKeys.voucherTransactions(companyId, voucherId));
  const connect = useConnectMutation(companyId);
  const disconnect = useDisconnectMutation(companyId);
  const [removing, setRemoving] = useState<{ connectionId: number; transaction: BankTransaction }>();

  function onConfirmRemove() {
    if (!removing) return;
    disconnect.mutate(removing.connectionId, { onSuccess: () => setRemoving(undefined) });
  }

  function onConnect(transaction: BankTransaction) {
    connect.mutate({ transactionIds: [transaction.Id], voucherIds: [voucherId] }, { onError: toastFailure });
  }

  return (
    <SectionCard headingId="voucher-transactions-heading" data-testid="voucher-transactions">
      <Title order={2} fz="lg" mb="md" id="voucher-transactions-heading">
        {t('matching.voucher.title')}
      </Title>
      <QueryGate query={transactions} errorTitle={t('matching.voucher.loadFailed')}>
        {({ connected, suggestions }) =>
          connected.length === 0 && suggestions.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="voucher-transactions-empty">
              {t('matching.voucher.none')}
            </Text>
          ) : (
            <Stack gap="md">
              {connected.length > 0 && (
                <Stack gap={4}>
                  <Text size="sm" fw={600} id="voucher-connected-heading">
                    {t('matching.voucher.connected')}
                  </Text>
                  <ul style={listStyle} aria-labelledby="voucher-connected-heading">
                    {connected.map(({ Connection, Transaction }) => (
                      <TransactionItem
                        key={Connection.Id}
                        transaction={Transaction}
                        data-testid={`connected-transaction-${Transaction.Id}`}
                        details={<ConnectionSourceBadge source={Connection.Source} />}
                        action={
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconUnlink size={14} aria-hidden />}
                            aria-label={t('matching.voucher.removeLabel', {
                              id: Transaction.Id,
                              text: Transaction.Text,
                            })}
                            onClick={() =>
                              setRemoving({ connectionId: Connection.Id, transaction: Transaction })
                            }
                          >
                            {t('matching.voucher.remove')}
                          </Button>
                        }
                      />
                    ))}
                  </ul>
                </Stack>
              )}
              {suggestions.length > 0 && (
                <Stack gap={4}>
                  <Text size="sm" fw={600} id="voucher-suggested-heading">
                    {t('matching.voucher.suggested')}
                  </Text>
                  <ul style={listStyle} aria-labelledby="voucher-suggested-heading">
                    {suggestions.map((suggestion) => {
                      const transaction = suggestion.Transaction;
                      return (
                        <TransactionItem
                          key={transaction.Id}
                          transaction={transaction}
                          data-testid={`suggested-transaction-${transaction.Id}`}
                          details={
                            <Group gap="xs" wrap="wrap">
                              <MatchScore score={suggestion.Score} />
                              <MatchReasons reasons={suggestion.Reasons} />
                            </Group>
                          }
                          action={
                            <Button
                              size="compact-xs"
                              leftSection={<IconLink size={14} aria-hidden />}
                              aria-label={t('matching.voucher.connectLabel', {
                                id: transaction.Id,
                                text: transaction.Text,
                              })}
                              loading={
                                connect.isPending && connect.variables.transactionIds[0] === transaction.Id
                              }
                              disabled={connect.isPending}
                              onClick={() => onConnect(transaction)}
                            >
                              {t('matching.suggestion.connect')}
                            </Button>
                          }
                        />
                      );
                    })}
                  </ul>
                </Stack>
              )}
            </Stack>
          )
        }
      </QueryGate>
      <ConfirmModal
        opened={removing !== undefined}
        title={t('matching.voucher.removeTitle')}
        text={t('matching.voucher.removeText', {
          date: formatCalendarDate(removing?.transaction.Date ?? null),
          text: removing?.transaction.Text ?? '',
        })}
        confirmLabel={t('matching.voucher.removeConfirm')}
        cancelLabel={t('matching.voucher.removeCancel')}
        isPending={disconnect.isPending}
        onCancel={() => setRemoving(undefined)}
        onConfirm={onConfirmRemove}
        data-testid="confirm-remove-connection"
      />
    </SectionCard>
  );
}
