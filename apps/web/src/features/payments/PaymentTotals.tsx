import type { PaymentStatistics } from '@bilag/contracts';
import { Card, Table, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { debtorAccountLabel } from './payment.format';

const numeric: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

type PaymentTotalsProps = {
  totals: PaymentStatistics['totals'];
  accountNames: ReadonlyMap<number, string>;
};

/** What leaves each account on each due date, to check against the balance before approving. */
export function PaymentTotals({ totals, accountNames }: PaymentTotalsProps) {
  const { t } = useTranslation();
  if (totals.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="payment-totals-heading">
      <Title order={2} fz="md" mb="xs" id="payment-totals-heading">
        {t('payments.totals.title')}
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={4} data-testid="payment-totals">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payments.totals.account')}</Table.Th>
              <Table.Th w={120}>{t('payments.totals.dueDate')}</Table.Th>
              <Table.Th w={100} ta="right">
                {t('payments.totals.count')}
              </Table.Th>
              <Table.Th w={170} ta="right">
                {t('payments.totals.amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totals.map((total) => (
              <Table.Tr key={`${total.DebtorCompanyBankId}-${total.DueDate}-${total.Currency}`}>
                <Table.Td>
                  <Text size="sm">{debtorAccountLabel(total, accountNames)}</Text>
                </Table.Td>
                <Table.Td style={numeric}>{formatCalendarDate(total.DueDate)}</Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {total.Count}
                </Table.Td>
                <Table.Td ta="right" style={numeric} fw={600}>
                  {formatMoney(total.AmountOre, total.Currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
