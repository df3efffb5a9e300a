import { DomainError } from '../errors';
import { type Ore, ore } from './ore';

/**
 * The VAT inside a price that includes it, at a whole-percent rate (25 for Norway's general rate):
 * rounded to the nearest øre, and the net is what is left, so net and VAT always add up to the price.
 */
export function splitVatIncluded(grossOre: Ore, ratePercent: number): { netOre: Ore; vatOre: Ore } {
  if (!Number.isInteger(ratePercent) || ratePercent < 0 || ratePercent > 100) {
    throw new DomainError(
      'INVALID_VAT_RATE',
      `A VAT rate is a whole percent from 0 to 100, got ${ratePercent}`,
      {
        value: ratePercent,
      },
    );
  }
  // In bigint, so a large price times the rate cannot lose digits.
  const denominator = BigInt(100 + ratePercent);
  const scaled = BigInt(grossOre) * BigInt(ratePercent) * 2n;
  const sign = scaled < 0n ? -1n : 1n;
  const vat = (sign * (sign * scaled + denominator)) / (2n * denominator);
  const vatOre = ore(Number(vat));
  return { netOre: ore(grossOre - vatOre), vatOre };
}
