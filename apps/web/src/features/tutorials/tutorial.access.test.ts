import { describe, expect, it } from 'vitest';
import { accessRecord, tokenOfRecord, withoutSpaces } from './tutorial.access';

describe('tutorial access', () => {
  it('keeps the token until shortly before it expires', () => {
    const record = accessRecord({ token: 'a.b.c', expiresIn: 3600 }, 1_000_000);
    expect(tokenOfRecord(record, 1_000_000)).toBe('a.b.c');
    expect(tokenOfRecord(record, 1_000_000 + 3_500_000)).toBe('a.b.c');
    expect(tokenOfRecord(record, 1_000_000 + 3_590_000)).toBeNull();
  });

  it('reads nothing from a stored value it cannot read', () => {
    expect(tokenOfRecord('{not json', 0)).toBeNull();
    expect(tokenOfRecord(JSON.stringify({ token: 42, expiresAt: 10_000_000 }), 0)).toBeNull();
    expect(tokenOfRecord(JSON.stringify({ token: '', expiresAt: 10_000_000 }), 0)).toBeNull();
  });

  it('leaves the spaces out of a typed or pasted password', () => {
    expect(withoutSpaces(' bilag - demo\t\n')).toBe('bilag-demo');
  });
});
