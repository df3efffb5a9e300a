import { Box } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

type FullScreenLayerProps = {
  isFullScreen: boolean;
  onExit: () => void;
  label: string;
  children: ReactNode;
};

/**
 * Shows its content over the whole window, above the menu and header, for long lists; Esc leaves. Esc
 * pressed in a dialog or menu opened from the layer closes only that, since those live outside it.
 */
export function FullScreenLayer({ isFullScreen, onExit, label, children }: FullScreenLayerProps) {
  const layer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = layer.current;
    if (!isFullScreen || !element) return;
    element.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && !event.defaultPrevented) onExit();
    }
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [isFullScreen, onExit]);

  // The same element either way, so the list inside keeps its state when the mode changes.
  return (
    <Box
      ref={layer}
      tabIndex={isFullScreen ? -1 : undefined}
      role={isFullScreen ? 'region' : undefined}
      aria-label={isFullScreen ? label : undefined}
      pos={isFullScreen ? 'fixed' : undefined}
      inset={isFullScreen ? 0 : undefined}
      bg={isFullScreen ? 'gray.0' : undefined}
      p={isFullScreen ? 'md' : undefined}
      style={isFullScreen ? { zIndex: 150, overflow: 'auto', outline: 'none' } : undefined}
      data-testid={isFullScreen ? 'payments-full-screen' : undefined}
    >
      {children}
    </Box>
  );
}
