import { Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { LoadingSpinner } from './LoadingSpinner';

export type ListSearchHeadProps = {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** How many rows the list shows, once it has come; announced to screen readers as it changes. */
  count: string | undefined;
  isFetching: boolean;
  searchTestId: string;
  countTestId: string;
  maxWidth?: number;
};

/** The head of a searchable list: its search field, how many rows it shows, and whether it is loading. */
export function ListSearchHead({
  label,
  placeholder,
  value,
  onChange,
  count,
  isFetching,
  searchTestId,
  countTestId,
  maxWidth = 420,
}: ListSearchHeadProps) {
  return (
    <Stack gap="sm" p="md">
      <TextInput
        label={label}
        placeholder={placeholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        maw={maxWidth}
        type="search"
        data-testid={searchTestId}
      />
      <Group justify="space-between" mih={24}>
        <Text size="sm" c="dimmed" data-testid={countTestId} aria-live="polite">
          {count ?? ' '}
        </Text>
        {isFetching && <LoadingSpinner size="xs" />}
      </Group>
    </Stack>
  );
}
