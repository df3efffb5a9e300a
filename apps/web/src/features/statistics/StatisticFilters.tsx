import type { PeriodMonth } from '@bilag/contracts';
import { Button, Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { dateLocaleTag } from '../../i18n/language';
import { useLanguage } from '../../i18n/useLanguage';
import { companyKeys } from '../companies';
import { monthLabel } from './statistic.format';
import {
  adjustPeriod,
  currentMonth,
  PERIOD_PRESETS,
  presetOf,
  presetPeriod,
  selectableMonths,
  useStatisticPeriod,
} from './statistic.period';

type PeriodFilterProps = {
  /** The months the shown statistic covers, as the server answered; the ends the address leaves out. */
  span: { from: PeriodMonth; to: PeriodMonth } | undefined;
};

/** The span of months a statistic covers: its first and last month, or one of the usual spans at a click. */
export function PeriodFilter({ span }: PeriodFilterProps) {
  const { t } = useTranslation();
  const locale = dateLocaleTag(useLanguage());
  const { period, onChangePeriod } = useStatisticPeriod();
  const thisMonth = currentMonth();
  const from = period.from ?? span?.from;
  const to = period.to ?? span?.to;
  const months = selectableMonths(thisMonth);
  // A month the address names from outside the offered ones stays choosable, so the select shows it.
  const offered = [...new Set([...(to && to > thisMonth ? [to] : []), ...months, ...(from ? [from] : [])])];
  const options = offered
    .sort((first, second) => second.localeCompare(first))
    .map((month) => ({ value: month, label: monthLabel(month, locale) }));
  const activePreset = presetOf(period, thisMonth);

  function onSelect(end: 'from' | 'to', month: string | null) {
    if (month === null) return;
    const nextFrom = end === 'from' ? month : (from ?? month);
    const nextTo = end === 'to' ? month : (to ?? thisMonth);
    onChangePeriod(adjustPeriod(nextFrom, nextTo, end));
  }

  return (
    <>
      <Select
        label={t('statistics.filters.from')}
        data={options}
        value={from ?? null}
        onChange={(month) => onSelect('from', month)}
        allowDeselect={false}
        disabled={!from}
        w={180}
        data-testid="statistic-from"
      />
      <Select
        label={t('statistics.filters.to')}
        data={options}
        value={to ?? null}
        onChange={(month) => onSelect('to', month)}
        allowDeselect={false}
        disabled={!to}
        w={180}
        data-testid="statistic-to"
      />
      <Group gap={6} role="group" aria-label={t('statistics.filters.presets')}>
        {PERIOD_PRESETS.map((preset) => (
          <Button
            key={preset}
            size="sm"
            variant={activePreset === preset ? 'filled' : 'default'}
            aria-pressed={activePreset === preset}
            onClick={() => onChangePeriod(presetPeriod(preset, thisMonth))}
            data-testid={`statistic-preset-${preset}`}
          >
            {t(`statistics.filters.${preset}`)}
          </Button>
        ))}
      </Group>
    </>
  );
}

/**
 * The companies the person has. Choosing another opens the same statistic of that company, with the same
 * period, since comparing companies month by month is what the bureau does here.
 */
export function CompanySwitcher() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const companies = useQuery(companyKeys.list());
  const location = useLocation();
  const navigate = useNavigate();
  const rows = companies.data?.rows ?? [company];
  const pagePath = location.pathname.slice(companyPath(company).length);

  return (
    <Select
      label={t('statistics.filters.company')}
      data={rows.map((row) => ({ value: String(row.Id), label: row.Name }))}
      value={String(company.Id)}
      onChange={(value) => {
        const chosen = rows.find((row) => String(row.Id) === value);
        if (chosen && chosen.Id !== company.Id) {
          void navigate(`${companyPath(chosen, pagePath)}${location.search}`);
        }
      }}
      allowDeselect={false}
      searchable={rows.length > 8}
      w={260}
      data-testid="statistic-company"
    />
  );
}
