import { Badge, Group, Skeleton } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

export type CountBadge = {
  key: string;
  count: number;
  text: string;
  color: string;
  /** Given, the badge is a toggle button that filters the list to what it counts. */
  onToggle?: () => void;
  isSelected?: boolean;
};

type CountBadgesProps = {
  /** Undefined while loading. */
  items: CountBadge[] | undefined;
  /** Shown as one green badge when every count is zero. */
  noneText: string;
  label: string;
  'data-testid'?: string;
};

/** What still lacks something, as compact badges; nothing shows for a zero count. */
export function CountBadges({ items, noneText, label, 'data-testid': testId }: CountBadgesProps) {
  if (!items) return <Skeleton h={22} w={320} radius="xl" />;
  const shown = items.filter((item) => item.count > 0);

  if (shown.length === 0) {
    return (
      <Group gap={6} data-testid={testId}>
        <Badge
          color="green"
          variant="light"
          leftSection={<IconCircleCheck size={14} aria-hidden />}
          tt="none"
        >
          {noneText}
        </Badge>
      </Group>
    );
  }
  const isToggles = shown.some((item) => item.onToggle);
  return (
    <Group gap={6} data-testid={testId} role={isToggles ? 'group' : 'list'} aria-label={label}>
      {shown.map((item) =>
        item.onToggle ? (
          <Badge
            key={item.key}
            component="button"
            type="button"
            onClick={item.onToggle}
            aria-pressed={item.isSelected ?? false}
            color={item.color}
            variant={item.isSelected ? 'filled' : 'dot'}
            autoContrast
            size="lg"
            tt="none"
            style={{ cursor: 'pointer' }}
            data-testid={`summary-${item.key}`}
          >
            {item.text}
          </Badge>
        ) : (
          <Badge
            key={item.key}
            role="listitem"
            color={item.color}
            // Orange text on a light orange ground is too faint to read; the dot variant keeps the text dark.
            variant="dot"
            tt="none"
            data-testid={`missing-${item.key}`}
          >
            {item.text}
          </Badge>
        ),
      )}
    </Group>
  );
}
