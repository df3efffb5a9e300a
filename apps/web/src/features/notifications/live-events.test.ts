import { describe, expect, it } from 'vitest';
import { readEventFrames, retryDelay } from './live-events';

describe('the live stream on the web', () => {
  it('reads the events of whole frames, skips comments and foreign lines, and keeps an unfinished frame', () => {
    const text =
      ': open\n\ndata: {"topic":"inbox","companyId":4}\n\n: heartbeat\n\ndata: not json\n\ndata: {"topic":"notifications","companyId":4}\n\ndata: {"topic":"inb';
    const { events, rest } = readEventFrames(text);
    expect(events).toEqual([
      { topic: 'inbox', companyId: 4 },
      { topic: 'notifications', companyId: 4 },
    ]);
    expect(rest).toBe('data: {"topic":"inb');
    expect(readEventFrames(`${rest}ox","companyId":4}\n\n`).events).toEqual([
      { topic: 'inbox', companyId: 4 },
    ]);
  });

  it('waits longer after each failed attempt, never past half a minute', () => {
    expect(retryDelay(0)).toBeLessThanOrEqual(1_000);
    expect(retryDelay(0)).toBeGreaterThanOrEqual(500);
    expect(retryDelay(3)).toBeGreaterThanOrEqual(4_000);
    expect(retryDelay(20)).toBeLessThanOrEqual(30_000);
    expect(retryDelay(20)).toBeGreaterThanOrEqual(15_000);
  });
});
