import type { ScrollAreaProps } from '@mantine/core';

/**
 * For a table that may scroll sideways and holds nothing focusable: its scrolling area takes the focus,
 * so it can be scrolled with the arrow keys.
 */
export const keyboardScrollArea: ScrollAreaProps = { viewportProps: { tabIndex: 0 } };
