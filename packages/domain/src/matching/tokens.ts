/** Words of a company name that say who it is; legal forms and common words do not. */
const NAME_NOISE = new Set([
  'as',
  'asa',
  'ans',
  'da',
  'sa',
  'ab',
  'ltd',
  'gmbh',
  'norge',
  'norway',
  'og',
  'the',
  'and',
]);

export function nameTokens(name: string): string[] {
  return name
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(
      (token) => (/^\d+$/.test(token) ? token.length >= 2 : token.length >= 3) && !NAME_NOISE.has(token),
    );
}
