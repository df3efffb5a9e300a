import { Select } from '@mantine/core';

type YearSelectProps = {
  label: string;
  /** Undefined while the years are loading. */
  years: readonly number[] | undefined;
  year: number | undefined;
  onSelectYear: (year: number) => void;
  'data-testid'?: string;
};

export function YearSelect({ label, years, year, onSelectYear, 'data-testid': testId }: YearSelectProps) {
  return (
    <Select
      label={label}
      data={(years ?? []).map(String)}
      value={year === undefined ? null : String(year)}
      onChange={(value) => {
        const chosen = Number(value);
        if (value !== null && Number.isFinite(chosen)) onSelectYear(chosen);
      }}
      allowDeselect={false}
      disabled={!years}
      w={110}
      data-testid={testId}
    />
  );
}
