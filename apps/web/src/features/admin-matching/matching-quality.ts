/** A part of a whole as a whole percentage; nothing of nothing is 0 %, not a division by zero. */
export function sharePercent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 100);
}
