/** The drawing box of a sparkline, in SVG user units. */
export type SparklineBox = { width: number; height: number; padding: number };

export type SparklinePoint = { x: number; y: number };

/**
 * Where each value of a trend lies in the box, oldest at the left: the lowest value touches the bottom
 * padding and the highest the top one. Equal values (or a single one) draw a level line across the
 * middle, since a trend without change has no height to show.
 */
export function sparklinePoints(values: readonly number[], box: SparklineBox): SparklinePoint[] {
  if (values.length === 0) return [];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const innerWidth = box.width - 2 * box.padding;
  const innerHeight = box.height - 2 * box.padding;
  const round = (value: number) => Math.round(value * 100) / 100;
  if (values.length === 1) {
    return [
      { x: box.padding, y: box.height / 2 },
      { x: box.width - box.padding, y: box.height / 2 },
    ];
  }
  return values.map((value, index) => ({
    x: round(box.padding + (innerWidth * index) / (values.length - 1)),
    y: round(high === low ? box.height / 2 : box.padding + innerHeight * (1 - (value - low) / (high - low))),
  }));
}

/** The points as an SVG polyline's `points` attribute. */
export function polylinePoints(points: readonly SparklinePoint[]): string {
  return points.map((point) => `${point.x},${point.y}`).join(' ');
}

/** Whether a trend ended higher, lower or where it began, for the sparkline's colour and its spoken text. */
export function trendDirection(values: readonly number[]): 'up' | 'down' | 'flat' {
  const first = values[0];
  const last = values[values.length - 1];
  if (first === undefined || last === undefined || first === last) return 'flat';
  return last > first ? 'up' : 'down';
}
