import type { PeriodSummary } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { dateLocaleTag } from '../../i18n/language';
import { useLanguage } from '../../i18n/useLanguage';
import { DateFormat, displayTimeZone, formatDate } from '../../ui/dates';
import { formatMoney } from '../../ui/format';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { companyBankKeys } from '../banks';
import { PeriodStateBadge } from './PeriodBadges';
import { PeriodNoAccounts } from './PeriodNoAccounts';
import { PeriodStateTotals } from './PeriodStateTotals';
import { PeriodYearPicker } from './PeriodYearPicker';
import { monthName, readPeriodYear } from './period.month';
import { periodKeys } from './period.queries';
import { stateTotals } from './period-overview';

const YEAR_PARAM = 'year';
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** /{company}/period: the twelve months of a year, where each stands, and the way into each. */
export default function PeriodYearPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const language = useLanguage();
  const locale = dateLocaleTag(language);
  const [searchParams, setSearchParams] = useSearchParams();
  const thisYear = Number(todayIsoDate(displayTimeZone()).slice(0, 4));
  const year = Math.min(readPeriodYear(searchParams.get(YEAR_PARAM)) ?? thisYear, thisYear);
  const periods = useQuery(periodKeys.year(company.Id, year));
  const accounts = useQuery(companyBankKeys.list(company.Id));
  useDocumentTitle(`${t('nav.periods')} – ${company.Name} – Bilag`);

  function onSelectYear(chosen: number) {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (chosen === thisYear) next.delete(YEAR_PARAM);
      else next.set(YEAR_PARAM, String(chosen));
      return next;
    });
  }

  const hasNoAccounts = accounts.data !== undefined && accounts.data.length === 0;

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('periods.title')} subtitle={t('periods.subtitle', { company: company.Name })}>
        <PeriodYearPicker year={year} lastYear={thisYear} onSelectYear={onSelectYear} />
      </PageHeader>

      <Card withBorder radius="lg" padding={0} component="section" aria-labelledby="period-year-heading">
        <Group justify="space-between" p="md" mih={30} gap="sm">
          <Text fw={600} id="period-year-heading" component="h2" fz="md" m={0}>
            {t('periods.year.heading', { year })}
          </Text>
          <Group gap="sm">
            {periods.data && !hasNoAccounts && <PeriodStateTotals totals={stateTotals([periods.data])} />}
            {periods.isFetching && <LoadingSpinner size="xs" />}
          </Group>
        </Group>
        {hasNoAccounts ? (
          <PeriodNoAccounts />
        ) : (
          <QueryGate query={periods} errorTitle={t('periods.loadFailed')} isInset>
            {(data) => (
              <Table.ScrollContainer minWidth={860}>
                <Table
                  verticalSpacing="sm"
                  highlightOnHover
                  aria-labelledby="period-year-heading"
                  data-testid="period-months"
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('periods.columns.month')}</Table.Th>
                      <Table.Th>{t('periods.columns.state')}</Table.Th>
                      <Table.Th ta="right">{t('periods.columns.transactions')}</Table.Th>
                      <Table.Th ta="right">{t('periods.columns.unexplained')}</Table.Th>
                      <Table.Th ta="right">{t('periods.columns.difference')}</Table.Th>
                      <Table.Th>{t('periods.columns.closed')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.months.map((summary) => (
                      <PeriodMonthRow
                        key={summary.month}
                        summary={summary}
                        label={monthName(summary.month, locale)}
                        to={companyPath(company, `period/${summary.month}`)}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </QueryGate>
        )}
      </Card>
    </Stack>
  );
}

/** A month opens with its name's link; the whole row is a larger target for a mouse. */
function PeriodMonthRow({ summary, label, to }: { summary: PeriodSummary; label: string; to: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Table.Tr
      data-testid={`period-month-${summary.month}`}
      data-state={summary.state}
      onClick={(event) => {
        if (!(event.target instanceof Element && event.target.closest('a'))) navigate(to);
      }}
      style={{ cursor: 'pointer' }}
    >
      <Table.Td>
        <Anchor component={Link} to={to} fw={600} size="sm" data-testid="period-month-link">
          {label}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <PeriodStateBadge state={summary.state} />
      </Table.Td>
      <Table.Td ta="right" style={numeric} data-testid="period-transactions">
        {summary.transactionCount}
      </Table.Td>
      <Table.Td ta="right" style={numeric} data-testid="period-unexplained">
        {summary.unexplainedCount === 0 ? (
          <Text span size="sm" c="dimmed">
            0
          </Text>
        ) : (
          <Stack gap={0} align="flex-end">
            <Text span size="sm" fw={600}>
              {t('periods.unexplainedCount', { count: summary.unexplainedCount })}
            </Text>
            <Text span size="xs" c="dimmed">
              {formatMoney(summary.unexplainedOre, 'NOK')}
            </Text>
          </Stack>
        )}
      </Table.Td>
      <Table.Td ta="right" style={numeric} data-testid="period-difference">
        {summary.differenceOre === 0 ? (
          <Text span size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Text span size="sm" fw={600} c="red.9">
            {formatMoney(summary.differenceOre, 'NOK')}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-testid="period-closed">
        {summary.closedAt ? (
          <Stack gap={0}>
            <Text span size="sm" style={numeric}>
              {formatDate(summary.closedAt, DateFormat.dateTime)}
            </Text>
            <Text span size="xs" c="dimmed">
              {summary.closedByName ?? t('periods.system')}
            </Text>
          </Stack>
        ) : (
          <Text span size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
