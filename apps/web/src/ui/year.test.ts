import { describe, expect, it } from 'vitest';
import { chooseYear } from './year';

describe('chooseYear', () => {
  const available = [2026, 2025, 2023];

  it('shows the year named in the address when the company has records that year', () => {
    expect(chooseYear(available, 2023, '2025')).toBe(2023);
  });

  it('falls back to the stored year when the address names none', () => {
    expect(chooseYear(available, undefined, '2025')).toBe(2025);
  });

  it('ignores a stored year that is not a finite number or not among the available years', () => {
    expect(chooseYear(available, undefined, 'abc')).toBe(2026);
    expect(chooseYear(available, undefined, 'Infinity')).toBe(2026);
    expect(chooseYear(available, undefined, '2019')).toBe(2026);
    expect(chooseYear(available, undefined, '')).toBe(2026);
    expect(chooseYear(available, 2010, null)).toBe(2026);
  });

  it('has no year to show while no years are known', () => {
    expect(chooseYear([], undefined, '2025')).toBeUndefined();
  });
});
