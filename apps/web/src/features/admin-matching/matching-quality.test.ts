import { describe, expect, it } from 'vitest';
import { sharePercent } from './matching-quality';

describe('the share of transactions connected automatically', () => {
  it('is a whole percentage of the transactions', () => {
    expect(sharePercent(1, 3)).toBe(33);
    expect(sharePercent(2, 3)).toBe(67);
    expect(sharePercent(5, 5)).toBe(100);
  });

  it('is 0 for a company without transactions', () => {
    expect(sharePercent(0, 0)).toBe(0);
  });
});
