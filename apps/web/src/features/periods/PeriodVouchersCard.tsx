import type { PeriodMonthDetail } from '@bilag/contracts';
import { Anchor, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { SectionCard } from '../../ui/SectionCard';
import { voucherListSearch } from '../vouchers';
import { PeriodListHeading } from './PeriodListHeading';
import { monthParts } from './period.month';

/**
 * The month's vouchers no bank transaction pays or receives: the first of them, how many and how much,
 * and the way to the voucher list of the month.
 */
export function PeriodVouchersCard({
  detail,
}: {
  detail: Pick<PeriodMonthDetail, 'month' | 'vouchersWithoutTransaction'>;
}) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const { rows, total, amountOre } = detail.vouchersWithoutTransaction;
  const { year, month } = monthParts(detail.month);
  return (
    <SectionCard headingId="period-vouchers-heading" data-testid="period-vouchers">
      <Stack gap="md">
        <PeriodListHeading
          id="period-vouchers-heading"
          testId="period-vouchers"
          title={t('periods.vouchers.title')}
          summary={
            total === 0
              ? t('periods.vouchers.none')
              : t('periods.vouchers.shown', {
                  shown: rows.length,
                  count: total,
                  amount: formatMoney(amountOre, 'NOK'),
                })
          }
          fullList={
            total > 0
              ? {
                  to: companyPath(company, `voucher${voucherListSearch({ year, month })}`),
                  label: t('periods.vouchers.openList'),
                }
              : null
          }
        />
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing={6} aria-labelledby="period-vouchers-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={110}>{t('periods.vouchers.date')}</Table.Th>
                  <Table.Th>{t('periods.vouchers.supplier')}</Table.Th>
                  <Table.Th ta="right">{t('periods.vouchers.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((voucher) => (
                  <Table.Tr key={voucher.id} data-testid={`period-voucher-row-${voucher.id}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(voucher.date)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={companyPath(company, `voucher/${voucher.id}`)} size="sm">
                        {voucher.supplierName ?? t('periods.vouchers.noSupplier', { id: voucher.id })}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {voucher.amountOre === null ? '—' : formatMoney(voucher.amountOre, 'NOK')}
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
