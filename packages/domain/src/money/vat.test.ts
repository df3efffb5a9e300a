import { describe, expect, it } from 'vitest';
import { ore } from './ore';
import { splitVatIncluded } from './vat';

describe('the VAT inside a price', () => {
  it('takes a fifth of a price with 25 % VAT in it', () => {
    expect(splitVatIncluded(ore(149_000), 25)).toEqual({ netOre: 119_200, vatOre: 29_800 });
  });

  it('rounds the VAT to the nearest øre, half away from zero, and leaves the rest as net', () => {
    expect(splitVatIncluded(ore(1), 25)).toEqual({ netOre: 1, vatOre: 0 });
    expect(splitVatIncluded(ore(3), 25)).toEqual({ netOre: 2, vatOre: 1 });
    expect(splitVatIncluded(ore(99_990), 15)).toEqual({ netOre: 86_948, vatOre: 13_042 });
    expect(splitVatIncluded(ore(-3), 25)).toEqual({ netOre: -2, vatOre: -1 });
  });

  it('has no VAT at 0 %, and keeps the digits of the largest prices', () => {
    expect(splitVatIncluded(ore(12_345), 0)).toEqual({ netOre: 12_345, vatOre: 0 });
    const largest = ore(Number.MAX_SAFE_INTEGER);
    const { netOre, vatOre } = splitVatIncluded(largest, 25);
    expect(netOre + vatOre).toBe(largest);
    expect(vatOre).toBe(1_801_439_850_948_198);
  });

  it('refuses a rate that is not a whole percent from 0 to 100', () => {
    expect(() => splitVatIncluded(ore(100), 12.5)).toThrow(/VAT rate/);
    expect(() => splitVatIncluded(ore(100), -1)).toThrow(/VAT rate/);
  });
});
