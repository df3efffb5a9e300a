import { describe, expect, it } from 'vitest';
import { type AccountMonthFacts, addMonths, lastDayOf, monthsFrom, proveAccountMonths } from './month-proof';

function facts(month: string, fields: Partial<AccountMonthFacts> = {}): AccountMonthFacts {
  return {
    month,
    transactionCount: 0,
    unexplainedCount: 0,
    movementOre: 0,
    unexplainedOre: 0,
    closing: null,
    statedOpeningOre: null,
    ...fields,
  };
}

describe('months', () => {
  it('know their last day, leap years included, and count across years', () => {
    expect(lastDayOf('2024-02')).toBe('2024-02-29');
    expect(lastDayOf('2025-02')).toBe('2025-02-28');
    expect(lastDayOf('2025-12')).toBe('2025-12-31');
    expect(addMonths('2025-11', 3)).toBe('2026-02');
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(monthsFrom('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(monthsFrom('2025-02', '2025-01')).toEqual([]);
  });
});

describe('the balance proof of an account', () => {
  it('holds when the opening and the transactions give the closing, and carries the closing on', () => {
    const [march, april] = proveAccountMonths(100_000, [
      facts('2025-03', {
        transactionCount: 2,
        movementOre: -5_000,
        closing: { amountOre: 95_000, date: '2025-03-31' },
      }),
      facts('2025-04', {
        transactionCount: 1,
        movementOre: 1_000,
        closing: { amountOre: 96_000, date: '2025-04-30' },
      }),
    ]);
    expect(march).toMatchObject({ openingOre: 100_000, differenceOre: 0, proof: 'holds', blockers: [] });
    expect(april).toMatchObject({ openingOre: 95_000, differenceOre: 0, proof: 'holds' });
  });

  it('names the difference, the missing balances and an opening that is not the month before', () => {
    const [difference] = proveAccountMonths(100_000, [
      facts('2025-03', {
        transactionCount: 1,
        movementOre: -5_000,
        closing: { amountOre: 94_000, date: '2025-03-31' },
      }),
    ]);
    expect(difference).toMatchObject({ proof: 'difference', differenceOre: -1_000 });
    expect(difference?.blockers).toEqual([{ kind: 'difference', count: 0, amountOre: -1_000 }]);

    const [noOpening] = proveAccountMonths(null, [
      facts('2025-03', { transactionCount: 1, movementOre: 10 }),
    ]);
    expect(noOpening?.blockers.map((blocker) => blocker.kind)).toEqual([
      'opening-missing',
      'closing-missing',
    ]);
    expect(noOpening?.proof).toBe('opening-missing');

    const [mismatch] = proveAccountMonths(100_000, [
      facts('2025-03', { statedOpeningOre: 100_500, closing: { amountOre: 100_500, date: '2025-03-31' } }),
    ]);
    expect(mismatch?.blockers).toEqual([
      { kind: 'opening-mismatch', count: 0, amountOre: 500 },
      { kind: 'difference', count: 0, amountOre: 500 },
    ]);
  });

  it('takes the first opening the bank stated when nothing came before, and leaves quiet months alone', () => {
    const [first, quiet, after] = proveAccountMonths(null, [
      facts('2025-01', {
        transactionCount: 1,
        movementOre: 2_000,
        statedOpeningOre: 10_000,
        closing: { amountOre: 12_000, date: '2025-01-31' },
      }),
      facts('2025-02'),
      facts('2025-03', {
        transactionCount: 1,
        movementOre: -2_000,
        closing: { amountOre: 10_000, date: '2025-03-31' },
      }),
    ]);
    expect(first).toMatchObject({ openingOre: 10_000, proof: 'holds' });
    expect(quiet).toMatchObject({ openingOre: 12_000, proof: 'no-activity', blockers: [] });
    expect(after).toMatchObject({ openingOre: 12_000, proof: 'holds' });
  });

  it('does not carry a closing the bank never stated', () => {
    const [, next] = proveAccountMonths(100_000, [
      facts('2025-03', { transactionCount: 1, movementOre: -5_000 }),
      facts('2025-04', {
        transactionCount: 1,
        movementOre: -5_000,
        closing: { amountOre: 90_000, date: '2025-04-30' },
      }),
    ]);
    expect(next?.blockers.map((blocker) => blocker.kind)).toEqual(['opening-missing']);
  });

  it('lists unexplained transactions as a blocker of their own, beside a proof that holds', () => {
    const [month] = proveAccountMonths(0, [
      facts('2025-03', {
        transactionCount: 3,
        unexplainedCount: 2,
        unexplainedOre: 7_000,
        movementOre: -1_000,
        closing: { amountOre: -1_000, date: '2025-03-31' },
      }),
    ]);
    expect(month?.proof).toBe('holds');
    expect(month?.blockers).toEqual([{ kind: 'unexplained', count: 2, amountOre: 7_000 }]);
  });
});
