import { BankTransactionStatus, type PeriodMonthDetail } from '@bilag/contracts';
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { formatCalendarDate } from '../../ui/format';
import { SectionCard } from '../../ui/SectionCard';
import { SignedAmount } from '../../ui/SignedAmount';
import { keyboardScrollArea } from '../../ui/scroll';
import { transactionListSearch } from '../transactions';
import { PeriodListHeading } from './PeriodListHeading';
import type { AccountLabels } from './period.accounts';
import { monthParts } from './period.month';

type PeriodUnexplainedCardProps = {
  detail: Pick<PeriodMonthDetail, 'month' | 'unexplained'>;
  accountLabels: AccountLabels;
};

/** The month's transactions no voucher explains yet: the first of them, and the way to all of them. */
export function PeriodUnexplainedCard({ detail, accountLabels }: PeriodUnexplainedCardProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const { rows, total } = detail.unexplained;
  const { year, month } = monthParts(detail.month);
  const listPath = companyPath(
    company,
    `bank${transactionListSearch({ year, month, status: BankTransactionStatus.MISSING_VOUCHER })}`,
  );
  return (
    <SectionCard headingId="period-unexplained-heading" data-testid="period-unexplained">
      <Stack gap="md">
        <PeriodListHeading
          id="period-unexplained-heading"
          testId="period-unexplained"
          title={t('periods.unexplained.title')}
          summary={
            total === 0
              ? t('periods.unexplained.none')
              : t('periods.unexplained.shown', { shown: rows.length, count: total })
          }
          fullList={total > 0 ? { to: listPath, label: t('periods.unexplained.openList') } : null}
        />
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={640} scrollAreaProps={keyboardScrollArea}>
            <Table verticalSpacing={6} aria-labelledby="period-unexplained-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={110}>{t('periods.unexplained.date')}</Table.Th>
                  <Table.Th>{t('periods.unexplained.account')}</Table.Th>
                  <Table.Th>{t('periods.unexplained.text')}</Table.Th>
                  <Table.Th ta="right">{t('periods.unexplained.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((transaction) => (
                  <Table.Tr key={transaction.id} data-testid={`period-unexplained-row-${transaction.id}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatCalendarDate(transaction.bookingDate)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {accountLabels.get(transaction.companyBankId) ?? ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {transaction.text}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <SignedAmount amountOre={transaction.amountOre} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </SectionCard>
  );
}
