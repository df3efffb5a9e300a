import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { BarChart } from '@mantine/charts';
import { Button, Stack, Table, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconReceiptTax } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { dateLocaleTag } from '../../i18n/language';
import { useLanguage } from '../../i18n/useLanguage';
import { formatOre } from '../../ui/format';
import { QueryGate } from '../../ui/QueryGate';
import { YearSelect } from '../../ui/YearSelect';
import { CompanySwitcher } from './StatisticFilters';
import {
  ChartSection,
  type StatisticColumn,
  StatisticEmpty,
  StatisticPage,
  StatisticTable,
} from './StatisticLayout';
import { formatKroner, formatWholeKroner, oreToKroner } from './statistic.format';
import { readVatYear, vatYears } from './statistic.period';
import { statisticKeys } from './statistic.queries';
import { vatRateColor } from './statistic.series';
import {
  formatRate,
  termMonths,
  type VatAmounts,
  type VatTable,
  vatCsv,
  vatCsvFileName,
  vatTable,
} from './statistic.vat';

/** Gives the browser a file made here, without a round trip to the server. */
function downloadText(text: string, fileName: string) {
  // The byte order mark tells a spreadsheet the file is UTF-8, so "Grunnlag" and "ø" read right.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

type VatRow = VatAmounts & { label: string; byRate: VatAmounts[] };

/** /{company}/statistic/mva: the VAT of a year's EHF invoices per rate and two-month term, with a CSV. */
export default function VatStatisticPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = dateLocaleTag(language);
  const company = useCurrentCompany();
  const [searchParams, setSearchParams] = useSearchParams();
  const thisYear = Number(todayIsoDate().slice(0, 4));
  const year = readVatYear(searchParams, thisYear);
  const statistic = useQuery(statisticKeys.vat(company.Id, year));
  const table = statistic.data && statistic.data.year === year ? vatTable(statistic.data) : undefined;
  const rateLabel = (rate: number) => formatRate(rate, language);
  const termLabel = (term: number) =>
    t('statistics.vat.termLabel', { term, months: termMonths(term, locale) });

  function onExport(shown: VatTable) {
    const csv = vatCsv(shown, language, {
      term: t('statistics.vat.term'),
      from: t('statistics.vat.csvFrom'),
      to: t('statistics.vat.csvTo'),
      taxable: (rate) => t('statistics.vat.csvTaxable', { rate }),
      tax: (rate) => t('statistics.vat.csvTax', { rate }),
      totalTaxable: t('statistics.vat.csvTotalTaxable'),
      totalTax: t('statistics.vat.csvTotalTax'),
      total: t('statistics.total'),
    });
    downloadText(csv, vatCsvFileName(shown.year));
  }

  return (
    <StatisticPage
      title={t('statistics.vat.title')}
      subtitle={t('statistics.vat.subtitle')}
      filters={
        <>
          <CompanySwitcher />
          <YearSelect
            label={t('statistics.filters.year')}
            years={vatYears(Math.max(thisYear, year))}
            year={year}
            onSelectYear={(chosen) =>
              setSearchParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (chosen === thisYear) next.delete('year');
                  else next.set('year', String(chosen));
                  return next;
                },
                { replace: true },
              )
            }
            data-testid="vat-year"
          />
        </>
      }
      actions={
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          variant="default"
          disabled={!table || statistic.isPlaceholderData}
          onClick={() => table && onExport(table)}
          data-testid="vat-export"
        >
          {t('statistics.vat.export')}
        </Button>
      }
      data-testid="vat-statistic"
    >
      <QueryGate
        query={statistic}
        errorTitle={t('statistics.loadFailed')}
        isEmpty={(data) => data.rates.every((rate) => rate.documentCount === 0)}
        empty={
          <StatisticEmpty
            icon={<IconReceiptTax size={28} aria-hidden />}
            title={t('statistics.emptyTitle')}
            description={t('statistics.vat.emptyText', { year })}
            data-testid="statistic-empty"
          />
        }
      >
        {(data) => {
          const shown = vatTable(data);
          const rateKey = (index: number) => `rate${index}`;
          const termData = shown.terms.map((row) => ({
            term: termMonths(row.term, locale),
            ...Object.fromEntries(
              row.byRate.map((amount, index) => [rateKey(index), oreToKroner(amount.taxOre)]),
            ),
          }));
          const rateData = shown.rates.map((rate, index) => ({
            rate: rateLabel(rate),
            tax: oreToKroner(shown.total.byRate[index]?.taxOre ?? 0),
          }));
          const columns: StatisticColumn<VatRow>[] = [
            { key: 'term', header: t('statistics.vat.term'), cell: (row) => row.label },
            ...shown.rates.flatMap((rate, index) => [
              {
                key: `taxable${index}`,
                header: (
                  <>
                    {t('statistics.vat.taxable')}
                    <VisuallyHidden> {rateLabel(rate)}</VisuallyHidden>
                  </>
                ),
                cell: (row: VatRow) => formatOre(row.byRate[index]?.taxableOre ?? 0),
                isNumeric: true,
              },
              {
                key: `tax${index}`,
                header: (
                  <>
                    {t('statistics.vat.tax')}
                    <VisuallyHidden> {rateLabel(rate)}</VisuallyHidden>
                  </>
                ),
                cell: (row: VatRow) => formatOre(row.byRate[index]?.taxOre ?? 0),
                isNumeric: true,
              },
            ]),
            {
              key: 'taxable',
              header: t('statistics.vat.taxable'),
              cell: (row) => formatOre(row.taxableOre),
              isNumeric: true,
            },
            {
              key: 'tax',
              header: t('statistics.vat.tax'),
              cell: (row) => formatOre(row.taxOre),
              isNumeric: true,
            },
          ];
          const headerGroups = (
            <Table.Tr>
              <Table.Td />
              {shown.rates.map((rate) => (
                <Table.Th key={rate} scope="colgroup" colSpan={2} ta="center">
                  {t('statistics.vat.rateHeading', { rate: rateLabel(rate) })}
                </Table.Th>
              ))}
              <Table.Th scope="colgroup" colSpan={2} ta="center">
                {t('statistics.vat.totalColumn')}
              </Table.Th>
            </Table.Tr>
          );
          return (
            <Stack gap="lg">
              <ChartSection
                title={t('statistics.vat.chartTitle')}
                description={t('statistics.vat.chartDescription', {
                  year: data.year,
                  amount: formatOre(data.taxOre),
                })}
                chart={
                  <BarChart
                    h={300}
                    data={termData}
                    dataKey="term"
                    type="stacked"
                    series={shown.rates.map((rate, index) => ({
                      name: rateKey(index),
                      label: rateLabel(rate),
                      color: vatRateColor(rate, index),
                    }))}
                    withLegend
                    legendProps={{ verticalAlign: 'bottom' }}
                    valueFormatter={formatKroner}
                    yAxisProps={{ width: 80, tickFormatter: formatWholeKroner }}
                    accessibilityLayer={false}
                  />
                }
                table={
                  <StatisticTable
                    label={t('statistics.vat.tableTitle', { year: data.year })}
                    rows={shown.terms.map((row) => ({ ...row, label: termLabel(row.term) }))}
                    rowKey={(row) => row.label}
                    columns={columns}
                    headerGroups={headerGroups}
                    footer={{ ...shown.total, label: t('statistics.total') }}
                    data-testid="vat-table"
                  />
                }
                data-testid="vat-chart-section"
              />
              <ChartSection
                title={t('statistics.vat.rateChartTitle')}
                description={t('statistics.vat.rateChartDescription', { year: data.year })}
                chart={
                  <BarChart
                    h={220}
                    data={rateData}
                    dataKey="rate"
                    series={[{ name: 'tax', label: t('statistics.vat.tax'), color: 'brand.7' }]}
                    valueFormatter={formatKroner}
                    yAxisProps={{ width: 80, tickFormatter: formatWholeKroner }}
                    accessibilityLayer={false}
                  />
                }
                data-testid="vat-rate-section"
              />
            </Stack>
          );
        }}
      </QueryGate>
    </StatisticPage>
  );
}
