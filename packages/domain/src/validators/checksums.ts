/**
 * Weighted modulus 11 check digit over `digits`, with `weights` applied left to right.
 * Answers 0–9, or 10 when no single digit can make the sum divisible (the number is then invalid,
 * or written with "-" for KID).
 */
export function mod11CheckDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    sum += (digits.charCodeAt(index) - 48) * (weights[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 0 ? 0 : 11 - remainder;
}

/** Weights 2, 3, 4, 5, 6, 7, 2, 3, … counted from the rightmost digit, as KID and Nets use them. */
export function cyclicMod11Weights(length: number): number[] {
  const weights = new Array<number>(length);
  for (let fromRight = 0; fromRight < length; fromRight += 1) {
    weights[length - 1 - fromRight] = 2 + (fromRight % 6);
  }
  return weights;
}

/** Luhn (modulus 10) check digit for the digits that precede it. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  let double = true;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let value = digits.charCodeAt(index) - 48;
    if (double) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}

/** ISO 7064 MOD 97-10 remainder of an alphanumeric string, letters counting as 10–35. */
export function mod97(text: string): number {
  let remainder = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}
