import type { TeamWeek } from '@bilag/contracts';
import { Select, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowNarrowRight, IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { readTeamWeeks, TEAM_TODO_FIELDS, TEAM_WEEK_CHOICES, type TeamSort, trendOf } from './statistic.team';

const trendLook = {
  up: { icon: IconTrendingUp, color: 'green.8', key: 'statistics.team.trendUp' },
  down: { icon: IconTrendingDown, color: 'red.8', key: 'statistics.team.trendDown' },
  flat: { icon: IconArrowNarrowRight, color: 'gray.7', key: 'statistics.team.trendFlat' },
} as const;

/** Whether the work done rose or fell over the weeks, as an arrow with its meaning in words. */
export function TrendArrow({ weeks }: { weeks: readonly TeamWeek[] }) {
  const { t } = useTranslation();
  const trend = trendOf(weeks);
  const look = trendLook[trend];
  const label = t(look.key);
  return (
    <Tooltip label={label} withArrow>
      <Text
        span
        c={look.color}
        aria-label={label}
        role="img"
        data-trend={trend}
        data-testid="team-trend"
        lh={1}
      >
        <look.icon size={20} stroke={2} aria-hidden />
      </Text>
    </Tooltip>
  );
}

/** The span of weeks the team pages count, kept in the address. */
export function useTeamWeeks() {
  const [searchParams, setSearchParams] = useSearchParams();
  const weeks = readTeamWeeks(searchParams.get('weeks'));
  function onChangeWeeks(next: number) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('weeks', String(next));
        return params;
      },
      { replace: true },
    );
  }
  return { weeks, onChangeWeeks };
}

/** A table's order kept in the address, read through the table's own schema so a bad link falls back. */
export function useTeamSort<Field extends string>(schema: z.ZodType<TeamSort<Field>>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = schema.parse({ sortBy: searchParams.get('sort'), sortType: searchParams.get('order') });
  function onSort(sortBy: Field, sortType: 'asc' | 'desc') {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('sort', sortBy);
        params.set('order', sortType);
        return params;
      },
      { replace: true },
    );
  }
  return { sort, onSort };
}

export function TeamWeeksSelect({ weeks, onChangeWeeks }: ReturnType<typeof useTeamWeeks>) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('statistics.team.weeks')}
      data={TEAM_WEEK_CHOICES.map((choice) => ({
        value: String(choice),
        label: t('statistics.team.weekCount', { count: choice }),
      }))}
      value={String(weeks)}
      onChange={(value) => {
        if (value !== null) onChangeWeeks(Number(value));
      }}
      allowDeselect={false}
      w={150}
      data-testid="team-weeks"
    />
  );
}

export const numericCell = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The heading row over the team tables' columns: what is still to do, and the work of the weeks. It lets
 * the columns below carry short names, so the table fits beside the menu.
 */
export function TeamColumnGroups({
  leadingColumns,
  weekCount,
}: {
  leadingColumns: number;
  weekCount: number;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td colSpan={leadingColumns} />
      <Table.Th scope="colgroup" colSpan={TEAM_TODO_FIELDS.length} ta="center" fz="xs" c="dimmed" fw={600}>
        {t('statistics.team.todoGroup')}
      </Table.Th>
      <Table.Th scope="colgroup" ta="right" fz="xs" c="dimmed" fw={600}>
        {t('statistics.team.workGroup', { count: weekCount })}
      </Table.Th>
    </Table.Tr>
  );
}
