import { polylinePoints, type SparklineBox, sparklinePoints, trendDirection } from './sparkline';

const BOX: SparklineBox = { width: 120, height: 36, padding: 3 };

const strokeOf = {
  up: 'var(--mantine-color-green-7)',
  down: 'var(--mantine-color-red-7)',
  flat: 'var(--mantine-color-gray-6)',
};

type SparklineProps = {
  values: readonly number[];
  /** The trend in words, since a line alone says nothing to a screen reader. */
  label: string;
};

/**
 * A balance's recent months as a small line, drawn here rather than with the chart library so the front
 * page stays light: the charts load only with the statistics pages.
 */
export function Sparkline({ values, label }: SparklineProps) {
  const points = sparklinePoints(values, BOX);
  const last = points[points.length - 1];
  const stroke = strokeOf[trendDirection(values)];
  return (
    <svg
      width={BOX.width}
      height={BOX.height}
      viewBox={`0 0 ${BOX.width} ${BOX.height}`}
      role="img"
      aria-label={label}
      data-testid="balance-sparkline"
    >
      <polyline
        points={polylinePoints(points)}
        fill="none"
        stroke={stroke}
        strokeWidth={2}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      {last && values.length > 1 && <circle cx={last.x} cy={last.y} r={2.5} fill={stroke} />}
    </svg>
  );
}
