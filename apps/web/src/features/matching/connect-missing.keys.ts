export type RowCommand = 'next' | 'previous' | 'connect' | 'reject' | 'markPrivate' | 'select';

type KeyPress = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean };

const commands: Record<string, RowCommand> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  Enter: 'connect',
  c: 'connect',
  x: 'reject',
  p: 'markPrivate',
  ' ': 'select',
};

/**
 * The list's keys, as mail programs have them: j and k move, Enter or c connects the first suggestion,
 * x rejects it, p marks the transaction private. With a modifier held the browser's own shortcut wins.
 */
export function rowCommandOf(press: KeyPress): RowCommand | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey) return undefined;
  return commands[press.key];
}
