import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  subtitle: string;
  /** The page's own controls at the right, such as a year selector. */
  children?: ReactNode;
};

/** A page's heading and a line saying what it is about, with its controls beside them. */
export function PageHeader({ title, subtitle, children }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Stack gap={2}>
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text c="dimmed">{subtitle}</Text>
      </Stack>
      {children && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {children}
        </Group>
      )}
    </Group>
  );
}
