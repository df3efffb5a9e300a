import { describe, expect, it } from 'vitest';
import { displayTimeZone } from './dates';
import { isLocalHost } from './hosts';

describe('display time zone', () => {
  it('is Europe/Amsterdam in production and Asia/Singapore on a developer machine', () => {
    expect(displayTimeZone('app.bilag.no')).toBe('Europe/Amsterdam');
    expect(displayTimeZone('localhost')).toBe('Asia/Singapore');
    expect(displayTimeZone('127.0.0.1')).toBe('Asia/Singapore');
  });

  it('treats only loopback names as local hosts', () => {
    expect(
      ['localhost', '127.0.0.1', '::1', '[::1]', 'web.localhost'].every((host) => isLocalHost(host)),
    ).toBe(true);
    expect(['bilag.test', '10.0.0.5', 'localhost.example.com'].some((host) => isLocalHost(host))).toBe(false);
  });
});
