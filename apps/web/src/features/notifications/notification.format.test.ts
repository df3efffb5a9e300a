import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationTime } from './notification.format';

describe('when a notification came', () => {
  beforeEach(() => {
    // A production host shows Norwegian time (Europe/Amsterdam shares it).
    vi.stubGlobal('window', { location: { hostname: 'app.bilag.no' } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is the time of day for today, in Norwegian time', () => {
    expect(notificationTime('2026-11-27T13:05:00.000Z', true)).toBe('14:05');
  });

  it('is the date and time for an earlier one, the date in Norwegian form', () => {
    expect(notificationTime('2026-06-30T22:30:00.000Z', false)).toBe('01.07.2026 00:30');
  });
});
