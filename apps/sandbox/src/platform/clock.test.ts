import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClock } from './clock';

describe("the sandbox's clock", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts days ahead in calendar days in Oslo, also in the last hour of a winter day before summer time', () => {
    // 23:45 in Oslo on 27 November; 180 times 24 hours later it is already 27 May there (summer time).
    vi.useFakeTimers({ now: new Date('2026-11-27T22:45:00Z') });
    expect(createClock().today()).toBe('2026-11-27');
    expect(createClock(180).today()).toBe('2027-05-26');
    expect(createClock(-1).today()).toBe('2026-11-26');
  });

  it("takes Oslo's date, not the machine's, just after midnight there", () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T23:30:00Z') });
    expect(createClock().today()).toBe('2026-11-28');
  });
});
