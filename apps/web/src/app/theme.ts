import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** A petrol blue: calm and trustworthy for money, and distinct from the red, blue and green of toasts. */
const brand: MantineColorsTuple = [
  '#e6f6f8',
  '#d0eaee',
  '#a1d3db',
  '#6ebbc7',
  '#45a7b6',
  '#2b9aab',
  '#1993a6',
  '#047f91',
  '#007081',
  '#005f6f',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
});

/**
 * Mantine's default secondary and error text is lighter than WCAG AA allows on white and on the
 * light grey page background; these shades keep at least 4.5:1 on both.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
