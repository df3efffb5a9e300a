import type { VoucherMonth, VoucherStatisticReply } from '@bilag/contracts';
import { BarChart } from '@mantine/charts';
import { Button, Stack } from '@mantine/core';
import { IconChartHistogram, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { dateLocaleTag } from '../../i18n/language';
import { useLanguage } from '../../i18n/useLanguage';
import { formatOre } from '../../ui/format';
import { QueryGate } from '../../ui/QueryGate';
import { CompanySwitcher, PeriodFilter } from './StatisticFilters';
import {
  ChartSection,
  type StatisticColumn,
  StatisticEmpty,
  StatisticPage,
  StatisticTable,
} from './StatisticLayout';
import { formatCount, monthLabel, shortMonthLabel } from './statistic.format';
import { useStatisticPeriod } from './statistic.period';
import { statisticKeys } from './statistic.queries';
import { voucherSourceColor, voucherSourceKey } from './statistic.series';

/** The sources the period has vouchers from, in the order of their numbers. */
function sourcesOf(reply: VoucherStatisticReply): number[] {
  return reply.total.sources
    .filter((total) => total.count > 0)
    .map((total) => total.source)
    .sort((first, second) => first - second);
}

function countOf(month: Pick<VoucherMonth, 'sources'>, source: number): number {
  return month.sources.find((total) => total.source === source)?.count ?? 0;
}

/** /{company}/statistic/voucher: vouchers per month of their date, stacked by how they came in. */
export default function VoucherStatisticPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = dateLocaleTag(language);
  const company = useCurrentCompany();
  const { period } = useStatisticPeriod();
  const statistic = useQuery(statisticKeys.voucher(company.Id, period));

  return (
    <StatisticPage
      title={t('statistics.voucher.title')}
      subtitle={t('statistics.voucher.subtitle')}
      filters={
        <>
          <CompanySwitcher />
          <PeriodFilter span={statistic.data?.span} />
        </>
      }
      data-testid="voucher-statistic"
    >
      <QueryGate
        query={statistic}
        errorTitle={t('statistics.loadFailed')}
        isEmpty={(data) => data.total.count === 0}
        empty={
          <StatisticEmpty
            icon={<IconChartHistogram size={28} aria-hidden />}
            title={t('statistics.emptyTitle')}
            description={t('statistics.voucher.emptyText')}
            action={
              <Button
                component={Link}
                to={companyPath(company, 'voucher')}
                leftSection={<IconUpload size={16} aria-hidden />}
              >
                {t('statistics.voucher.upload')}
              </Button>
            }
            data-testid="statistic-empty"
          />
        }
      >
        {(data) => {
          const sources = sourcesOf(data);
          const sourceName = (source: number) => t(voucherSourceKey(source));
          const chartData = data.months.map((month) => ({
            month: shortMonthLabel(month.month, locale),
            ...Object.fromEntries(sources.map((source) => [`source${source}`, countOf(month, source)])),
          }));
          const columns: StatisticColumn<Omit<VoucherMonth, 'month'> & { label: string }>[] = [
            { key: 'month', header: t('statistics.month'), cell: (row) => row.label },
            ...sources.map((source) => ({
              key: `source${source}`,
              header: sourceName(source),
              cell: (row: Pick<VoucherMonth, 'sources'>) => formatCount(countOf(row, source), language),
              isNumeric: true,
            })),
            {
              key: 'count',
              header: t('statistics.voucher.count'),
              cell: (row) => formatCount(row.count, language),
              isNumeric: true,
            },
            {
              key: 'amount',
              header: t('statistics.amount'),
              cell: (row) => formatOre(row.amountOre),
              isNumeric: true,
            },
          ];
          const periodText = t('statistics.period', {
            from: monthLabel(data.span.from, locale),
            to: monthLabel(data.span.to, locale),
          });
          return (
            <Stack gap="lg">
              <ChartSection
                title={t('statistics.voucher.chartTitle')}
                description={t('statistics.voucher.chartDescription', {
                  period: periodText,
                  count: formatCount(data.total.count, language),
                })}
                chart={
                  <BarChart
                    h={300}
                    data={chartData}
                    dataKey="month"
                    type="stacked"
                    series={sources.map((source) => ({
                      name: `source${source}`,
                      label: sourceName(source),
                      color: voucherSourceColor(source),
                    }))}
                    withLegend
                    legendProps={{ verticalAlign: 'bottom' }}
                    valueFormatter={(value) => formatCount(value, language)}
                    accessibilityLayer={false}
                  />
                }
                table={
                  <StatisticTable
                    label={t('statistics.voucher.tableTitle')}
                    rows={data.months.map((month) => ({ ...month, label: monthLabel(month.month, locale) }))}
                    rowKey={(row) => row.label}
                    columns={columns}
                    footer={{ ...data.total, label: t('statistics.total') }}
                    data-testid="voucher-table"
                  />
                }
                data-testid="voucher-chart-section"
              />
            </Stack>
          );
        }}
      </QueryGate>
    </StatisticPage>
  );
}
