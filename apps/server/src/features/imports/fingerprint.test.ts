import { describe, expect, it } from 'vitest';
import { OccurrenceCounter, rowFingerprint } from './fingerprint';

describe('rowFingerprint', () => {
  it('hashes the date, amount and texts, and prefers the bank reference', () => {
    const row = { date: '2025-02-03', amountOre: -12350, text: 'Varekjøp REMA 1000', text2: '' };
    expect(rowFingerprint(row)).toMatch(/^[0-9a-f]{32}$/);
    expect(rowFingerprint(row)).toBe(rowFingerprint({ ...row }));
    expect(rowFingerprint({ ...row, amountOre: -12351 })).not.toBe(rowFingerprint(row));
    expect(rowFingerprint({ ...row, reference: 'NO-123' })).toBe('ref:NO-123');
  });
});

describe('OccurrenceCounter', () => {
  it('numbers identical fingerprints in the order they come', () => {
    const counter = new OccurrenceCounter();
    const fingerprint = rowFingerprint({ date: '2025-02-03', amountOre: 1, text: 'a', text2: '' });
    expect(counter.next(fingerprint)).toBe(1);
    expect(counter.next('ref:NO-1')).toBe(1);
    expect(counter.next(fingerprint)).toBe(2);
    expect(counter.next('ref:NO-1')).toBe(2);
    expect(counter.next(fingerprint)).toBe(3);
  });

  it('keeps every count while it grows far past its first size', () => {
    const counter = new OccurrenceCounter();
    const fingerprints = Array.from({ length: 20_000 }, (_, index) =>
      rowFingerprint({ date: '2025-01-01', amountOre: index, text: 'rad', text2: '' }),
    );
    for (const fingerprint of fingerprints) expect(counter.next(fingerprint)).toBe(1);
    for (const fingerprint of fingerprints) expect(counter.next(fingerprint)).toBe(2);
  });
});
