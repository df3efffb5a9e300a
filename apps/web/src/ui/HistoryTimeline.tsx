import type { VoucherHistoryEntry } from '@bilag/contracts';
import { Group, Stack, Text, Timeline, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DateFormat, formatDate } from './dates';
import type { FieldChange } from './history';
import { SectionCard } from './SectionCard';

/** What one audit row says, in words: its title, its icon and the lines below them. */
export type HistoryEventView = { title: string; icon: Icon; body: ReactNode };

type HistoryTimelineProps = {
  entries: VoucherHistoryEntry[];
  describeEntry: (entry: VoucherHistoryEntry) => HistoryEventView;
  /** "by Kari", or the system's name when no person made the change. */
  byLine: (userName: string | null) => string;
  heading: string;
  emptyText: string;
  headingId: string;
  'data-testid'?: string;
};

/** Who changed what and when, newest first, as field changes rather than raw snapshots. */
export function HistoryTimeline({
  entries,
  describeEntry,
  byLine,
  heading,
  emptyText,
  headingId,
  'data-testid': testId,
}: HistoryTimelineProps) {
  return (
    <SectionCard headingId={headingId} data-testid={testId}>
      <Title order={2} fz="lg" mb="md" id={headingId}>
        {heading}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Timeline bulletSize={22} lineWidth={2} active={entries.length}>
          {entries.map((entry) => {
            const event = describeEntry(entry);
            const EventIcon = event.icon;
            return (
              <Timeline.Item
                key={entry.Id}
                bullet={<EventIcon size={12} aria-hidden />}
                title={
                  <Group gap="xs" justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {event.title}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(entry.CreatedAt, DateFormat.dateTime)}
                    </Text>
                  </Group>
                }
                data-testid="history-entry"
              >
                <Stack gap={4}>
                  <Text size="xs" c="dimmed">
                    {byLine(entry.UserName)}
                  </Text>
                  {event.body}
                </Stack>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </SectionCard>
  );
}

type FieldChangeLinesProps<Field extends string> = {
  changes: readonly FieldChange<Field>[];
  labelOf: (field: Field) => string;
  /** A value of the field as the person knows it, such as a date or an amount as they type it. */
  formatValue: (field: Field, value: unknown) => string;
  noChangesText: string;
};

/** "Field: old → new" lines; a save that changed nothing says so. */
export function FieldChangeLines<Field extends string>({
  changes,
  labelOf,
  formatValue,
  noChangesText,
}: FieldChangeLinesProps<Field>) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {noChangesText}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {changes.map((change) => (
        <Text key={change.field} size="sm" data-testid="history-change">
          <Text span fw={600}>
            {labelOf(change.field)}:
          </Text>{' '}
          <Text span c="dimmed" td="line-through">
            {formatValue(change.field, change.before)}
          </Text>{' '}
          → <Text span>{formatValue(change.field, change.after)}</Text>
        </Text>
      ))}
    </Stack>
  );
}
