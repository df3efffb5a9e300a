import {
  CONSENT_STATUSES,
  type ConsentStatisticRow,
  type ConsentStatus,
  STATISTIC_LIMITS,
} from '@bilag/contracts';
import { BarChart, DonutChart } from '@mantine/charts';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartDonut, IconPlugConnected } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { useLanguage } from '../../i18n/useLanguage';
import { formatCalendarDate } from '../../ui/format';
import { QueryGate } from '../../ui/QueryGate';
import { CompanySwitcher } from './StatisticFilters';
import {
  ChartSection,
  type StatisticColumn,
  StatisticEmpty,
  StatisticPage,
  StatisticTable,
} from './StatisticLayout';
import { formatCount } from './statistic.format';
import { statisticKeys } from './statistic.queries';
import { consentStatusColors } from './statistic.series';

const EXPIRING_SOON_DAYS = STATISTIC_LIMITS.expiringSoonDays;

/** A consent still valid that ends within the warning days: the ones to renew now. */
function isEndingSoon(consent: Pick<ConsentStatisticRow, 'status' | 'daysLeft'>): boolean {
  return consent.status === 'valid' && consent.daysLeft !== null && consent.daysLeft <= EXPIRING_SOON_DAYS;
}

/** /{company}/statistic/ztl: the company's bank consents by state, and the days until each ends. */
export default function ConsentStatisticPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const company = useCurrentCompany();
  const statistic = useQuery(statisticKeys.consent(company.Id));
  const count = (value: number) => formatCount(value, language);
  const statusLabel = (status: ConsentStatus) => t(`consents.status.${status}`);

  const statusColumns: StatisticColumn<{ status: ConsentStatus; count: number }>[] = [
    { key: 'status', header: t('statistics.consent.status'), cell: (row) => statusLabel(row.status) },
    { key: 'count', header: t('statistics.count'), cell: (row) => count(row.count), isNumeric: true },
  ];
  const consentColumns: StatisticColumn<ConsentStatisticRow>[] = [
    { key: 'bank', header: t('statistics.consent.bank'), cell: (row) => row.bankName },
    { key: 'status', header: t('statistics.consent.status'), cell: (row) => statusLabel(row.status) },
    {
      key: 'validUntil',
      header: t('statistics.consent.validUntil'),
      cell: (row) => (row.validUntil ? formatCalendarDate(row.validUntil) : t('statistics.consent.noEnd')),
      isNumeric: true,
    },
    {
      key: 'daysLeft',
      header: t('statistics.consent.daysLeft'),
      cell: (row) =>
        row.daysLeft === null ? (
          '—'
        ) : (
          <Text
            span
            inherit
            fw={isEndingSoon(row) ? 700 : undefined}
            c={isEndingSoon(row) ? 'red.9' : undefined}
          >
            {count(row.daysLeft)}
          </Text>
        ),
      isNumeric: true,
    },
    {
      key: 'accounts',
      header: t('statistics.consent.accounts'),
      cell: (row) => count(row.accountCount),
      isNumeric: true,
    },
  ];

  return (
    <StatisticPage
      title={t('statistics.consent.title')}
      subtitle={t('statistics.consent.subtitle')}
      filters={<CompanySwitcher />}
      data-testid="consent-statistic"
    >
      <QueryGate
        query={statistic}
        errorTitle={t('statistics.loadFailed')}
        isEmpty={(data) => data.consents.length === 0}
        empty={
          <StatisticEmpty
            icon={<IconChartDonut size={28} aria-hidden />}
            title={t('statistics.consent.emptyTitle')}
            description={t('statistics.consent.emptyText')}
            action={
              <Button
                component={Link}
                to={companyPath(company, 'consent')}
                leftSection={<IconPlugConnected size={16} aria-hidden />}
              >
                {t('statistics.consent.open')}
              </Button>
            }
            data-testid="statistic-empty"
          />
        }
      >
        {(data) => {
          const statuses = CONSENT_STATUSES.map((status) => ({
            status,
            count: data.statuses.find((entry) => entry.status === status)?.count ?? 0,
          })).filter((entry) => entry.count > 0);
          const withEnd = data.consents
            .filter((consent) => consent.status === 'valid' && consent.daysLeft !== null)
            .sort((first, second) => (first.daysLeft ?? 0) - (second.daysLeft ?? 0));
          return (
            <Stack gap="lg">
              {data.expiringSoon > 0 && (
                <Text c="red.9" fw={700} data-testid="consent-expiring-soon">
                  {t('statistics.consent.expiringSoon', {
                    count: data.expiringSoon,
                    days: EXPIRING_SOON_DAYS,
                  })}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <ChartSection
                  title={t('statistics.consent.statusChartTitle')}
                  description={t('statistics.consent.statusChartDescription', {
                    count: count(data.consents.length),
                  })}
                  chart={
                    <Group justify="center">
                      <DonutChart
                        size={180}
                        thickness={28}
                        data={statuses.map((entry) => ({
                          name: statusLabel(entry.status),
                          value: entry.count,
                          color: consentStatusColors[entry.status],
                        }))}
                        chartLabel={count(data.consents.length)}
                        withLabels
                        withLegend
                        withLabelsLine={false}
                        labelsType="value"
                        accessibilityLayer={false}
                      />
                    </Group>
                  }
                  table={
                    <StatisticTable
                      label={t('statistics.consent.statusTableTitle')}
                      rows={statuses}
                      rowKey={(row) => row.status}
                      columns={statusColumns}
                      data-testid="consent-status-table"
                    />
                  }
                  data-testid="consent-status-section"
                />
                {withEnd.length > 0 && (
                  <ChartSection
                    title={t('statistics.consent.expiryChartTitle')}
                    description={t('statistics.consent.expiryChartDescription', {
                      count: data.expiringSoon,
                      days: EXPIRING_SOON_DAYS,
                    })}
                    chart={
                      <BarChart
                        h={Math.max(160, withEnd.length * 44)}
                        data={withEnd.map((consent) => ({
                          bank: consent.bankName,
                          daysLeft: consent.daysLeft,
                        }))}
                        dataKey="bank"
                        orientation="vertical"
                        series={[
                          { name: 'daysLeft', label: t('statistics.consent.daysLeftName'), color: 'brand.7' },
                        ]}
                        getBarColor={(days) => (days <= EXPIRING_SOON_DAYS ? 'red.7' : 'brand.7')}
                        referenceLines={[
                          { x: EXPIRING_SOON_DAYS, color: 'red.7', label: `${EXPIRING_SOON_DAYS}` },
                        ]}
                        yAxisProps={{ width: 170 }}
                        valueFormatter={count}
                        accessibilityLayer={false}
                      />
                    }
                    data-testid="consent-expiry-section"
                  />
                )}
              </SimpleGrid>
              <ChartSection
                title={t('statistics.consent.tableTitle')}
                description={t('statistics.consent.subtitle')}
                table={
                  <StatisticTable
                    label={t('statistics.consent.tableTitle')}
                    rows={data.consents}
                    rowKey={(row) => row.id}
                    columns={consentColumns}
                    data-testid="consent-table"
                  />
                }
              />
            </Stack>
          );
        }}
      </QueryGate>
    </StatisticPage>
  );
}
