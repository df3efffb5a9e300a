import type { BankAccountTotal, BankMonth } from '@bilag/contracts';
import { BarChart, LineChart } from '@mantine/charts';
import { Button, Stack } from '@mantine/core';
import { IconChartLine, IconFileImport } from '@tabler/icons-react';
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
import { formatCount, formatDays, monthLabel, shortMonthLabel } from './statistic.format';
import { useStatisticPeriod } from './statistic.period';
import { statisticKeys } from './statistic.queries';

type BankRow = Omit<BankMonth, 'month'> & { label: string };

/** /{company}/statistic/bank: transactions explained against those missing a voucher, and the days it took. */
export default function BankStatisticPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = dateLocaleTag(language);
  const company = useCurrentCompany();
  const { period } = useStatisticPeriod();
  const statistic = useQuery(statisticKeys.bank(company.Id, period));
  const count = (value: number) => formatCount(value, language);

  const columns: StatisticColumn<BankRow>[] = [
    { key: 'month', header: t('statistics.month'), cell: (row) => row.label },
    {
      key: 'transactions',
      header: t('statistics.bank.transactions'),
      cell: (row) => count(row.transactionCount),
      isNumeric: true,
    },
    {
      key: 'explained',
      header: t('statistics.bank.explained'),
      cell: (row) => count(row.explainedCount),
      isNumeric: true,
    },
    {
      key: 'missing',
      header: t('statistics.bank.missing'),
      cell: (row) => count(row.unexplainedCount),
      isNumeric: true,
    },
    {
      key: 'missingAmount',
      header: t('statistics.bank.missingAmount'),
      cell: (row) => formatOre(row.unexplainedOre),
      isNumeric: true,
    },
    {
      key: 'averageDays',
      header: t('statistics.bank.averageDays'),
      cell: (row) => formatDays(row.averageDaysToExplain, language),
      isNumeric: true,
    },
  ];
  const accountColumns: StatisticColumn<BankAccountTotal>[] = [
    {
      key: 'account',
      header: t('statistics.bank.account'),
      cell: (row) => (row.name ? `${row.name} (${row.accountNumber})` : row.accountNumber),
    },
    {
      key: 'transactions',
      header: t('statistics.bank.transactions'),
      cell: (row) => count(row.transactionCount),
      isNumeric: true,
    },
    {
      key: 'missing',
      header: t('statistics.bank.missing'),
      cell: (row) => count(row.unexplainedCount),
      isNumeric: true,
    },
    {
      key: 'missingAmount',
      header: t('statistics.bank.missingAmount'),
      cell: (row) => formatOre(row.unexplainedOre),
      isNumeric: true,
    },
  ];

  return (
    <StatisticPage
      title={t('statistics.bank.title')}
      subtitle={t('statistics.bank.subtitle')}
      filters={
        <>
          <CompanySwitcher />
          <PeriodFilter span={statistic.data?.span} />
        </>
      }
      data-testid="bank-statistic"
    >
      <QueryGate
        query={statistic}
        errorTitle={t('statistics.loadFailed')}
        isEmpty={(data) => data.total.transactionCount === 0}
        empty={
          <StatisticEmpty
            icon={<IconChartLine size={28} aria-hidden />}
            title={t('statistics.emptyTitle')}
            description={t('statistics.bank.emptyText')}
            action={
              <Button
                component={Link}
                to={companyPath(company, 'bank/import-document')}
                leftSection={<IconFileImport size={16} aria-hidden />}
              >
                {t('statistics.bank.import')}
              </Button>
            }
            data-testid="statistic-empty"
          />
        }
      >
        {(data) => {
          const periodText = t('statistics.period', {
            from: monthLabel(data.span.from, locale),
            to: monthLabel(data.span.to, locale),
          });
          const chartData = data.months.map((month) => ({
            month: shortMonthLabel(month.month, locale),
            explained: month.explainedCount,
            missing: month.unexplainedCount,
            averageDays: month.averageDaysToExplain,
          }));
          const table = (
            <StatisticTable
              label={t('statistics.bank.tableTitle')}
              rows={data.months.map((month) => ({ ...month, label: monthLabel(month.month, locale) }))}
              rowKey={(row) => row.label}
              columns={columns}
              footer={{ ...data.total, label: t('statistics.total') }}
              data-testid="bank-table"
            />
          );
          return (
            <Stack gap="lg">
              <ChartSection
                title={t('statistics.bank.chartTitle')}
                description={t('statistics.bank.chartDescription', {
                  period: periodText,
                  explained: count(data.total.explainedCount),
                  missing: count(data.total.unexplainedCount),
                })}
                chart={
                  <BarChart
                    h={300}
                    data={chartData}
                    dataKey="month"
                    type="stacked"
                    series={[
                      { name: 'explained', label: t('statistics.bank.explained'), color: 'green.6' },
                      { name: 'missing', label: t('statistics.bank.missing'), color: 'red.6' },
                    ]}
                    withLegend
                    legendProps={{ verticalAlign: 'bottom' }}
                    valueFormatter={count}
                    accessibilityLayer={false}
                  />
                }
                table={table}
                data-testid="bank-chart-section"
              />
              <ChartSection
                title={t('statistics.bank.daysChartTitle')}
                description={t('statistics.bank.daysChartDescription', {
                  days: formatDays(data.total.averageDaysToExplain, language),
                })}
                chart={
                  <LineChart
                    h={220}
                    data={chartData}
                    dataKey="month"
                    series={[
                      { name: 'averageDays', label: t('statistics.bank.averageDays'), color: 'brand.7' },
                    ]}
                    connectNulls={false}
                    valueFormatter={(days) => formatDays(days, language)}
                    accessibilityLayer={false}
                  />
                }
                data-testid="bank-days-section"
              />
              {data.accounts.length > 0 && (
                <ChartSection
                  title={t('statistics.bank.accountsTitle')}
                  description={periodText}
                  table={
                    <StatisticTable
                      label={t('statistics.bank.accountsTitle')}
                      rows={data.accounts}
                      rowKey={(row) => row.companyBankId}
                      columns={accountColumns}
                      data-testid="bank-accounts-table"
                    />
                  }
                />
              )}
            </Stack>
          );
        }}
      </QueryGate>
    </StatisticPage>
  );
}
