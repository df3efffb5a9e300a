import { describe, expect, it } from 'vitest';
import { polylinePoints, sparklinePoints, trendDirection } from './sparkline';

const box = { width: 100, height: 30, padding: 5 };

describe('the balance sparkline', () => {
  it('spreads the months across the width, lowest balance at the bottom and highest at the top', () => {
    expect(sparklinePoints([100, 300, 200], box)).toEqual([
      { x: 5, y: 25 },
      { x: 50, y: 5 },
      { x: 95, y: 15 },
    ]);
  });

  it('draws a level line through the middle when the balance never changed or has one month only', () => {
    expect(sparklinePoints([500, 500], box)).toEqual([
      { x: 5, y: 15 },
      { x: 95, y: 15 },
    ]);
    expect(sparklinePoints([-2000], box)).toEqual([
      { x: 5, y: 15 },
      { x: 95, y: 15 },
    ]);
    expect(sparklinePoints([], box)).toEqual([]);
  });

  it('keeps negative balances inside the box', () => {
    const points = sparklinePoints([-5000, 0, 5000], box);
    expect(points.map((point) => point.y)).toEqual([25, 15, 5]);
  });

  it('writes the points as an SVG polyline reads them', () => {
    expect(
      polylinePoints([
        { x: 5, y: 25 },
        { x: 50.5, y: 5 },
      ]),
    ).toBe('5,25 50.5,5');
  });

  it('tells whether the balance ended higher or lower than it began', () => {
    expect(trendDirection([1, 5, 3])).toBe('up');
    expect(trendDirection([5, 1])).toBe('down');
    expect(trendDirection([4, 9, 4])).toBe('flat');
    expect(trendDirection([])).toBe('flat');
  });
});
