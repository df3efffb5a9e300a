import type { Basket, Payment } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { Group, List, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFormat, displayTimeZone, formatDate } from '../../../ui/dates';
import { formatCalendarDate, formatMoney } from '../../../ui/format';
import { bankGroupNames, basketPaymentDate } from './basket.format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" fw={500} component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * What a basket holds and who has signed it: the account it is paid from, the payments and their totals,
 * the day the bank pays them, and the signatures given and needed.
 */
export function BasketSummary({ basket, payments }: { basket: Basket; payments: readonly Payment[] }) {
  const { t } = useTranslation();
  const paidOn = basketPaymentDate(payments, todayIsoDate(displayTimeZone()));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
        <Fact label={t('signing.basket.account')}>
          <Text span ff="monospace" inherit data-testid="basket-account">
            {formatAccountNumber(basket.DebtorAccountNumber)}
          </Text>
        </Fact>
        <Fact label={t('signing.basket.bank')}>{bankGroupNames[basket.BankGroup]}</Fact>
        <Fact label={t('signing.basket.count')}>
          <span data-testid="basket-count">{basket.PaymentsCount}</span>
        </Fact>
        <Fact label={t('signing.basket.total')}>
          <span data-testid="basket-total">
            {basket.Totals.map((total) => (
              <span key={total.Currency} style={{ display: 'block' }}>
                {formatMoney(total.AmountOre, total.Currency)}
              </span>
            ))}
          </span>
        </Fact>
        <Fact label={t('signing.basket.paidOn')}>
          <span data-testid="basket-paid-on">{paidOn ? formatCalendarDate(paidOn) : '—'}</span>
        </Fact>
        <Fact label={t('signing.basket.signatures')}>
          <span data-testid="basket-signatures">
            {t('signing.basket.signaturesOf', {
              signed: basket.Approvals.length,
              count: basket.RequiredApprovals,
            })}
          </span>
        </Fact>
      </SimpleGrid>

      {basket.RequiredApprovals > 1 && (
        <Text size="sm" data-testid="basket-second-approver">
          {t('signing.basket.twoSigners')}
        </Text>
      )}
      {basket.Approvals.length > 0 && (
        <List listStyleType="none" spacing={4} aria-label={t('signing.basket.signedBy')}>
          {basket.Approvals.map((approval) => (
            <List.Item key={approval.UserId}>
              <Group gap={6} wrap="nowrap">
                <IconCircleCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
                <Text size="sm">
                  {t('signing.basket.signed', {
                    name: approval.UserName,
                    at: formatDate(approval.ApprovedAt, DateFormat.dateTime),
                  })}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}

      {payments.length > 0 && (
        <ScrollArea.Autosize mah={220} type="auto">
          <Table verticalSpacing={4} fz="sm" aria-label={t('signing.basket.payments')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payments.columns.creditor')}</Table.Th>
                <Table.Th w={110}>{t('payments.columns.dueDate')}</Table.Th>
                <Table.Th w={140} ta="right">
                  {t('payments.columns.amount')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((payment) => (
                <Table.Tr key={payment.Id}>
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      {payment.CreditorName}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(payment.DueDate)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(payment.AmountOre, payment.Currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
