/** Groups a nine-digit organisation number as "123 456 785"; anything else is shown as given. */
export function formatOrganisationNumber(value: string): string {
  const digits = value.replace(/[\s.-]/g, '');
  if (!/^\d{9}$/.test(digits)) return value;
  return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}
