import { Box, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { dateLocaleTag } from '../i18n/language';
import { useLanguage } from '../i18n/useLanguage';
import classes from './StatisticsStrip.module.css';

/**
 * The texts of one list's strip, which name what it counts (vouchers, transactions). A bar is named by
 * what it shows, its count and the month's name (or `wholeYear`), followed by `count` for a screen
 * reader ("3 jan (3 vouchers)"): its name starts with its visible text, so a person using speech input
 * can say what they see (WCAG 2.5.3).
 */
export type StatisticsStripTexts = {
  label: string;
  /** "(3 vouchers)". */
  count: (count: number) => string;
  wholeYear: string;
};

type StatisticsStripProps = {
  /** Thirteen counts: the months of the year, then the year's total. */
  counts: readonly number[] | undefined;
  /** 1–12 for a month, 0 for the whole year. */
  selectedMonth: number;
  onSelectMonth: (month: number) => void;
  texts: StatisticsStripTexts;
  'data-testid'?: string;
};

const BAR_HEIGHT = 56;
const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  return MONTHS.map((month) => format.format(new Date(Date.UTC(2000, month - 1, 1))).replace('.', ''));
}

/** A year's counts per month as bars; a month's bar filters the list to that month. */
export function StatisticsStrip({
  counts,
  selectedMonth,
  onSelectMonth,
  texts,
  'data-testid': testId,
}: StatisticsStripProps) {
  const language = useLanguage();
  const names = monthNames(dateLocaleTag(language));

  if (!counts) return <Skeleton h={BAR_HEIGHT + 48} radius="md" />;

  const monthCounts = counts.slice(0, 12);
  const highest = Math.max(1, ...monthCounts);
  const total = counts[12] ?? 0;

  return (
    <Box className={classes.strip} role="group" aria-label={texts.label} data-testid={testId}>
      {MONTHS.map((month, index) => {
        const count = monthCounts[index] ?? 0;
        const isSelected = selectedMonth === month;
        return (
          <UnstyledButton
            key={month}
            className={classes.slot}
            data-selected={isSelected || undefined}
            aria-pressed={isSelected}
            data-testid={`statistics-month-${month}`}
            onClick={() => onSelectMonth(isSelected ? 0 : month)}
          >
            <Text className={classes.count} data-testid="statistics-count">
              {count}
            </Text>
            <Box className={classes.track} h={BAR_HEIGHT}>
              <Box
                className={classes.bar}
                h={count === 0 ? 2 : Math.max(4, (count / highest) * BAR_HEIGHT)}
              />
            </Box>
            <Text className={classes.name}>
              {names[index]}
              <VisuallyHidden> {texts.count(count)}</VisuallyHidden>
            </Text>
          </UnstyledButton>
        );
      })}
      <UnstyledButton
        className={`${classes.slot} ${classes.total}`}
        data-selected={selectedMonth === 0 || undefined}
        aria-pressed={selectedMonth === 0}
        data-testid="statistics-total"
        onClick={() => onSelectMonth(0)}
      >
        <Stack gap={2} align="center" justify="center" h="100%">
          <Text className={classes.totalCount} data-testid="statistics-count">
            {total}
          </Text>
          <Text className={classes.name}>
            {texts.wholeYear}
            <VisuallyHidden> {texts.count(total)}</VisuallyHidden>
          </Text>
        </Stack>
      </UnstyledButton>
    </Box>
  );
}
