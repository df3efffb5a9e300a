/**
 * Items of a list that has no ids, each with its text and a key made from that text. A text shown
 * twice gets its occurrence number, so the keys stay unique and follow the items rather than their
 * places.
 */
export function keyedByText<Item>(
  items: readonly Item[],
  textOf: (item: Item) => string,
): { key: string; text: string; item: Item }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const text = textOf(item);
    const occurrence = (seen.get(text) ?? 0) + 1;
    seen.set(text, occurrence);
    return { key: occurrence === 1 ? text : `${text}#${occurrence}`, text, item };
  });
}
