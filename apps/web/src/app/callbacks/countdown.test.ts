import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCountdown, visibleSeconds } from './countdown';

describe('the countdown of the return pages', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the last 4 of 5 seconds: 4, 3, 2, 1', () => {
    const shown: (number | undefined)[] = [];
    const onDone = vi.fn();
    startCountdown({ seconds: 5, onTick: (left) => shown.push(visibleSeconds(left, 4)), onDone });
    vi.advanceTimersByTime(4999);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(shown.filter((seconds) => seconds !== undefined)).toEqual([4, 3, 2, 1]);
    expect(shown[0]).toBeUndefined();
  });

  it('ends after 3 seconds on the cancel pages, once', () => {
    const onDone = vi.fn();
    startCountdown({ seconds: 3, onTick: () => undefined, onDone });
    vi.advanceTimersByTime(2999);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('does nothing more once stopped', () => {
    const onDone = vi.fn();
    const onTick = vi.fn();
    const stop = startCountdown({ seconds: 5, onTick, onDone });
    vi.advanceTimersByTime(1000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(onTick).toHaveBeenCalledTimes(2);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows nothing outside the counted seconds', () => {
    expect(visibleSeconds(5, 4)).toBeUndefined();
    expect(visibleSeconds(0, 4)).toBeUndefined();
    expect(visibleSeconds(3, 4)).toBe(3);
  });
});
