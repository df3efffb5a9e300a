import { DomainError } from '../errors';

/** An amount in øre (1/100 NOK) as a safe integer. The brand keeps kroner and øre from being mixed up. */
export type Ore = number & { readonly __brand: 'Ore' };

/** Brands a number as øre; anything but a safe integer is refused. */
export function ore(n: number): Ore {
  if (!Number.isSafeInteger(n)) {
    throw new DomainError('INVALID_AMOUNT', `Amount in øre must be a safe integer, got ${n}`, { value: n });
  }
  // -0 would print as "0" but compare oddly with Object.is; normalise it away.
  return (n === 0 ? 0 : n) as Ore;
}

export function isOre(value: unknown): value is Ore {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Sum of øre amounts, refused when the total leaves the safe integer range. */
export function addOre(...amounts: readonly Ore[]): Ore {
  let total = ore(0);
  // Checked at every step: once a partial sum leaves the safe range, later terms could hide the loss.
  for (const amount of amounts) total = ore(total + amount);
  return total;
}
