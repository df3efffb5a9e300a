/** Longest payment message (free text instead of KID) the banks carry: ISO 20022 Max140Text. */
export const KID_MESSAGE_MAX_LENGTH = 140;

const graphemes = new Intl.Segmenter('nb', { granularity: 'grapheme' });

/**
 * Cuts a payment message to at most `maxLength` characters (Unicode code points, as the banks count
 * them), never splitting a character or a letter from its accent.
 */
export function truncateKidMessage(message: string, maxLength: number = KID_MESSAGE_MAX_LENGTH): string {
  const text = String(message ?? '');
  if (text.length <= maxLength) return text;
  let result = '';
  let codePoints = 0;
  for (const { segment } of graphemes.segment(text)) {
    let segmentCodePoints = 0;
    for (const _ of segment) segmentCodePoints += 1;
    if (codePoints + segmentCodePoints > maxLength) break;
    result += segment;
    codePoints += segmentCodePoints;
  }
  return result;
}
