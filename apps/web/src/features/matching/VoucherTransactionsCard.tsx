import type { BankTransaction, ConnectionSource } from '@bilag/contracts';
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { QueryGate } from '../../ui/QueryGate';
import { toastFailure } from '../../ui/toast';
import { SignedAmount } from '../bank/TransactionBadges';
import { formatCalendarDate } from '../vouchers/voucher.format';
import { MatchReasons, MatchScore } from './MatchReasons';
import { useConnectMutation, useDisconnectMutation } from './matching.mutations';
import { matchingKeys } from './matching.queries';

type VoucherTransactionsCardProps = {
  companyId: number;
  voucherId: number;
};

export const connectionSourceKeys = {
  manual: 'matching.source.manual',
  suggestion: 'matching.source.suggestion',
  auto: 'matching.source.auto',
  rule: 'matching.source.rule',
  admin: 'matching.source.admin',
} as const satisfies Record<ConnectionSource, string>;

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function TransactionCells({ transaction }: { transaction: BankTransaction }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Td style={numeric} w={96}>
        {formatCalendarDate(transaction.Date)}
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500} lineClamp={2} title={transaction.Text}>
          {transaction.Text || t('bankTransactions.list.noText')}
        </Text>
      </Table.Td>
      <Table.Td ta="right" w={140}>
        <SignedAmount amountOre={transaction.AmountOre} currency={transaction.Currency} />
      </Table.Td>
    </>
  );
}

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

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="voucher-transactions-heading"
      data-testid="voucher-transactions"
    >
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
                <Table verticalSpacing={6} aria-label={t('matching.voucher.connected')}>
                  <Table.Tbody>
                    {connected.map(({ Connection, Transaction }) => (
                      <Table.Tr key={Connection.Id} data-testid={`connected-transaction-${Transaction.Id}`}>
                        <TransactionCells transaction={Transaction} />
                        <Table.Td w={150}>
                          <Badge variant="dot" color="teal" radius="sm" size="sm" tt="none">
                            {t(connectionSourceKeys[Connection.Source])}
                          </Badge>
                        </Table.Td>
                        <Table.Td w={130} ta="right">
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconUnlink size={14} aria-hidden />}
                            aria-label={t('matching.voucher.removeLabel', {
                              id: Transaction.Id,
                              text: Transaction.Text,
                            })}
                            onClick={() => setRemoving({ connectionId: Connection.Id, transaction: Transaction })}
                          >
                            {t('matching.voucher.remove')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {suggestions.length > 0 && (
                <Stack gap={6}>
                  <Text size="sm" fw={600}>
                    {t('matching.voucher.suggested')}
                  </Text>
                  <Table verticalSpacing={6} aria-label={t('matching.voucher.suggested')}>
                    <Table.Tbody>
                      {suggestions.map((suggestion) => {
                        const transaction = suggestion.Transaction;
                        return (
                          <Table.Tr key={transaction.Id} data-testid={`suggested-transaction-${transaction.Id}`}>
                            <TransactionCells transaction={transaction} />
                            <Table.Td w={150}>
                              <Stack gap={4} align="flex-start">
                                <MatchScore score={suggestion.Score} />
                                <MatchReasons reasons={suggestion.Reasons} />
                              </Stack>
                            </Table.Td>
                            <Table.Td w={130} ta="right">
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
                                onClick={() =>
                                  connect.mutate(
                                    { transactionIds: [transaction.Id], voucherIds: [voucherId] },
                                    { onError: toastFailure },
                                  )
                                }
                              >
                                {t('matching.suggestion.connect')}
                              </Button>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
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
    </Card>
  );
}
