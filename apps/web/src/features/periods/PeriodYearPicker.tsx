import { ActionIcon, Group, Select } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FIRST_PERIOD_YEAR } from './period.month';

/** The years the list offers: this one and the ten before it; arrows reach further back. */
const LISTED_YEARS = 11;

type PeriodYearPickerProps = {
  year: number;
  /** The last year that can be chosen: this year, whose months end one after another. */
  lastYear: number;
  onSelectYear: (year: number) => void;
};

/** A year with a step back and a step forward; the list, the arrows and the keyboard all change it. */
export function PeriodYearPicker({ year, lastYear, onSelectYear }: PeriodYearPickerProps) {
  const { t } = useTranslation();
  const listed = Array.from({ length: LISTED_YEARS }, (_, index) => lastYear - index).filter(
    (candidate) => candidate >= FIRST_PERIOD_YEAR,
  );
  const years = listed.includes(year) ? listed : [...listed, year].sort((first, second) => second - first);
  const hasPrevious = year > FIRST_PERIOD_YEAR;
  const hasNext = year < lastYear;
  return (
    <Group gap={6} align="flex-end" wrap="nowrap" role="group" aria-label={t('periods.year.label')}>
      <ActionIcon
        variant="default"
        size={36}
        onClick={() => onSelectYear(year - 1)}
        disabled={!hasPrevious}
        aria-label={t('periods.year.previous', { year: year - 1 })}
        data-testid="period-year-previous"
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <Select
        label={t('periods.year.label')}
        data={years.map(String)}
        value={String(year)}
        onChange={(value) => {
          if (value !== null) onSelectYear(Number(value));
        }}
        allowDeselect={false}
        w={104}
        data-testid="period-year"
      />
      <ActionIcon
        variant="default"
        size={36}
        onClick={() => onSelectYear(year + 1)}
        disabled={!hasNext}
        aria-label={t('periods.year.next', { year: year + 1 })}
        data-testid="period-year-next"
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
