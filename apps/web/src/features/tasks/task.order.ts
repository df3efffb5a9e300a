/** Reordering tasks: the list as it shows after a move, and where the move puts the task among all. */

/** The items with the one at `from` taken out and put in at `to`; the same list when either is out of range. */
export function moveItem<Item>(items: readonly Item[], from: number, to: number): Item[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const moved = items.slice();
  const [item] = moved.splice(from, 1);
  if (item !== undefined) moved.splice(to, 0, item);
  return moved;
}

export type MoveDirection = 'up' | 'down';

/** Where one step up or down from `index` lands in a list of `length`, or null at either end. */
export function stepTarget(index: number, direction: MoveDirection, length: number): number | null {
  const target = direction === 'up' ? index - 1 : index + 1;
  return target < 0 || target >= length ? null : target;
}

/** The task a moved task now shows beside: it goes just after it, or (at the top) just before it. */
export type Neighbour = { id: number; side: 'after' | 'before' };

/**
 * The neighbour the moved task has in the list as it shows after the move: the task just above it, or
 * when it went to the top, the task just below it.
 */
export function newNeighbour(shownAfterMove: readonly number[], movedId: number): Neighbour | null {
  const index = shownAfterMove.indexOf(movedId);
  if (index === -1) return null;
  const above = shownAfterMove[index - 1];
  if (above !== undefined) return { id: above, side: 'after' };
  const below = shownAfterMove[index + 1];
  return below === undefined ? null : { id: below, side: 'before' };
}
