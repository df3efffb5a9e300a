import { type PaymentMonth, type PaymentStatisticReply, PaymentStatus } from '@bilag/contracts';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChartAreaLine } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { dateLocaleTag } from '../../i18n/language';
import { useLanguage } from '../../i18n/useLanguage';
import { QueryGate } from '../../ui/QueryGate';
import { authKeys } from '../auth';
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
import { PAYMENT_STATUS_ORDER, paymentStatusColors, paymentStatusKeys } from './statistic.series';

/** The payment list's tab of the failed payments, every due date included. */
const FAILED_PAYMENTS_PATH = `payments/payment-list?status=${PaymentStatus.FAILED}&from=none`;

function countOf(month: Pick<PaymentMonth, 'statuses'>, status: PaymentStatus): number {
  return month.statuses.find((total) => total.status === status)?.count ?? 0;
}

type Counter = { key: string; label: string; count: number; isAlarming: boolean };

function counters(
  reply: PaymentStatisticReply,
  label: (status: PaymentStatus) => string,
  total: string,
): Counter[] {
  const { counter } = reply;
  return [
    { key: 'total', label: total, count: counter.total, isAlarming: false },
    {
      key: 'failed',
      label: label(PaymentStatus.FAILED),
      count: counter.totalFailed,
      isAlarming: counter.totalFailed > 0,
    },
    {
      key: 'forApproval',
      label: label(PaymentStatus.FOR_APPROVE),
      count: counter.forApproval,
      isAlarming: false,
    },
    {
      key: 'processing',
      label: label(PaymentStatus.PROCESSING),
      count: counter.processing,
      isAlarming: false,
    },
    { key: 'paid', label: label(PaymentStatus.PAID), count: counter.paid, isAlarming: false },
    { key: 'ignored', label: label(PaymentStatus.IGNORED), count: counter.ignored, isAlarming: false },
    { key: 'canceled', label: label(PaymentStatus.CANCELED), count: counter.canceled, isAlarming: false },
  ];
}

/** /{company}/statistic/payment: payments per month of their due date by status, the failed ones in red. */
export default function PaymentStatisticPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = dateLocaleTag(language);
  const company = useCurrentCompany();
  const { period } = useStatisticPeriod();
  const statistic = useQuery(statisticKeys.payment(company.Id, period));
  const roleActions = useQuery(authKeys.roleActions());
  const canOpenPayments = roleActions.data?.actions.includes('payment.view') ?? false;
  const count = (value: number) => formatCount(value, language);
  const statusLabel = (status: PaymentStatus) => t(paymentStatusKeys[status]);

  return (
    <StatisticPage
      title={t('statistics.payment.title')}
      subtitle={t('statistics.payment.subtitle')}
      filters={
        <>
          <CompanySwitcher />
          <PeriodFilter span={statistic.data?.span} />
        </>
      }
      data-testid="payment-statistic"
    >
      <QueryGate
        query={statistic}
        errorTitle={t('statistics.loadFailed')}
        isEmpty={(data) => data.counter.total === 0}
        empty={
          <StatisticEmpty
            icon={<IconChartAreaLine size={28} aria-hidden />}
            title={t('statistics.emptyTitle')}
            description={t('statistics.payment.emptyText')}
            data-testid="statistic-empty"
          />
        }
      >
        {(data) => {
          const periodText = t('statistics.period', {
            from: monthLabel(data.span.from, locale),
            to: monthLabel(data.span.to, locale),
          });
          const statuses = PAYMENT_STATUS_ORDER.filter((status) =>
            data.statuses.some((total) => total.status === status && total.count > 0),
          );
          const chartData = data.months.map((month) => ({
            month: shortMonthLabel(month.month, locale),
            ...Object.fromEntries(statuses.map((status) => [`status${status}`, countOf(month, status)])),
          }));
          const columns: StatisticColumn<Pick<PaymentMonth, 'statuses'> & { label: string }>[] = [
            { key: 'month', header: t('statistics.month'), cell: (row) => row.label },
            ...statuses.map((status) => ({
              key: `status${status}`,
              header: statusLabel(status),
              cell: (row: Pick<PaymentMonth, 'statuses'>) => {
                const value = count(countOf(row, status));
                return status === PaymentStatus.FAILED && countOf(row, status) > 0 ? (
                  <Text span inherit fw={700} c="red.9">
                    {value}
                  </Text>
                ) : (
                  value
                );
              },
              isNumeric: true,
            })),
            {
              key: 'total',
              header: t('statistics.total'),
              cell: (row) => count(row.statuses.reduce((sum, total) => sum + total.count, 0)),
              isNumeric: true,
            },
          ];
          return (
            <Stack gap="lg">
              <SimpleGrid
                cols={{ base: 2, sm: 4, lg: 7 }}
                spacing="sm"
                role="list"
                aria-label={t('statistics.payment.countersLabel')}
              >
                {counters(data, statusLabel, t('statistics.payment.total')).map((counter) => (
                  <Card
                    key={counter.key}
                    withBorder
                    radius="md"
                    padding="sm"
                    role="listitem"
                    bg={counter.isAlarming ? 'red.0' : undefined}
                    style={counter.isAlarming ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
                    data-testid={`payment-counter-${counter.key}`}
                  >
                    <Text size="xs" c={counter.isAlarming ? 'red.9' : 'dimmed'} fw={600}>
                      {counter.label}
                    </Text>
                    <Text
                      fz={26}
                      fw={800}
                      c={counter.isAlarming ? 'red.9' : undefined}
                      data-testid="counter-value"
                    >
                      {count(counter.count)}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
              {data.counter.totalFailed > 0 && (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertTriangle aria-hidden />}
                  data-testid="payment-failed-alert"
                >
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">
                      {t('statistics.payment.failedNote', { count: data.counter.totalFailed })}
                    </Text>
                    {canOpenPayments && (
                      <Button
                        component={Link}
                        to={companyPath(company, FAILED_PAYMENTS_PATH)}
                        size="xs"
                        color="red"
                      >
                        {t('statistics.payment.openFailed')}
                      </Button>
                    )}
                  </Stack>
                </Alert>
              )}
              <ChartSection
                title={t('statistics.payment.chartTitle')}
                description={t('statistics.payment.chartDescription', {
                  period: periodText,
                  count: count(data.counter.total),
                  failed: count(data.counter.totalFailed),
                })}
                chart={
                  <BarChart
                    h={300}
                    data={chartData}
                    dataKey="month"
                    type="stacked"
                    series={statuses.map((status) => ({
                      name: `status${status}`,
                      label: statusLabel(status),
                      color: paymentStatusColors[status],
                    }))}
                    withLegend
                    legendProps={{ verticalAlign: 'bottom' }}
                    valueFormatter={count}
                    accessibilityLayer={false}
                  />
                }
                table={
                  <StatisticTable
                    label={t('statistics.payment.tableTitle')}
                    rows={data.months.map((month) => ({ ...month, label: monthLabel(month.month, locale) }))}
                    rowKey={(row) => row.label}
                    columns={columns}
                    footer={{ statuses: data.statuses, label: t('statistics.total') }}
                    data-testid="payment-table"
                  />
                }
                data-testid="payment-chart-section"
              />
            </Stack>
          );
        }}
      </QueryGate>
    </StatisticPage>
  );
}
