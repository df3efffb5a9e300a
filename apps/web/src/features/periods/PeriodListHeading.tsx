import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';

type PeriodListHeadingProps = {
  /** The heading's id, which the card and its table are labelled by. */
  id: string;
  testId: string;
  title: string;
  summary: string;
  /** The full list elsewhere in the product, offered while the month has rows for it. */
  fullList: { to: string; label: string } | null;
};

/** The heading of a month's list: its title, how many there are, and the way to all of them. */
export function PeriodListHeading({ id, testId, title, summary, fullList }: PeriodListHeadingProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Stack gap={2}>
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" data-testid={`${testId}-count`}>
          {summary}
        </Text>
      </Stack>
      {fullList && (
        <Button
          component={Link}
          to={fullList.to}
          variant="light"
          size="compact-sm"
          rightSection={<IconArrowRight size={14} aria-hidden />}
          data-testid={`${testId}-list`}
        >
          {fullList.label}
        </Button>
      )}
    </Group>
  );
}
