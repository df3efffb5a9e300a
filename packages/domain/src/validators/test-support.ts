/** Every string that differs from `value` in exactly one digit position, digits replaced by other digits. */
export function singleDigitChanges(value: string): string[] {
  const changes: string[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const current = value.charAt(index);
    if (!/\d/.test(current)) continue;
    for (let digit = 0; digit <= 9; digit += 1) {
      if (String(digit) === current) continue;
      changes.push(`${value.slice(0, index)}${digit}${value.slice(index + 1)}`);
    }
  }
  return changes;
}
