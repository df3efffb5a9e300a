import { Group, Text, useMantineTheme } from '@mantine/core';

type LogoMarkProps = {
  size?: number;
  /** A mark that stands alone needs a name for screen readers; beside the wordmark it is decoration. */
  title?: string;
};

export function LogoMark({ size = 32, title }: LogoMarkProps) {
  const theme = useMantineTheme();
  const brand = theme.colors.brand?.[8] ?? theme.primaryColor;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      xmlns="http://www.w3.org/2000/svg"
      role="img"
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <rect width="32" height="32" rx="8" fill={brand} />
      <path
        d="M9 6.5h14a1 1 0 0 1 1 1V25l-2.33-1.6-2.34 1.6L17 23.4l-2.33 1.6-2.34-1.6L10 25l-2-1.37V7.5a1 1 0 0 1 1-1Z"
        fill="#fff"
      />
      <path d="M11.5 11h9M11.5 14.5h9M11.5 18h5.5" stroke={brand} strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

type LogoProps = {
  size?: number;
};

export function Logo({ size = 32 }: LogoProps) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      <Text
        component="span"
        fw={700}
        fz={size * 0.66}
        lh={1}
        c="brand.9"
        style={{ letterSpacing: '-0.02em' }}
      >
        Bilag
      </Text>
    </Group>
  );
}
