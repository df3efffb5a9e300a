import { describe, expect, it } from 'vitest';
import { rowCommandOf } from './connect-missing.keys';

const press = (
  key: string,
  modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('the keys of the connect-missing list', () => {
  it('moves with j and k as well as the arrows', () => {
    expect(rowCommandOf(press('j'))).toBe('next');
    expect(rowCommandOf(press('ArrowDown'))).toBe('next');
    expect(rowCommandOf(press('k'))).toBe('previous');
    expect(rowCommandOf(press('ArrowUp'))).toBe('previous');
  });

  it('connects with Enter or c, rejects with x and marks private with p', () => {
    expect(rowCommandOf(press('Enter'))).toBe('connect');
    expect(rowCommandOf(press('c'))).toBe('connect');
    expect(rowCommandOf(press('x'))).toBe('reject');
    expect(rowCommandOf(press('p'))).toBe('markPrivate');
    expect(rowCommandOf(press(' '))).toBe('select');
  });

  it('leaves the browser its own shortcuts and other keys alone', () => {
    expect(rowCommandOf(press('c', { ctrlKey: true }))).toBeUndefined();
    expect(rowCommandOf(press('p', { metaKey: true }))).toBeUndefined();
    expect(rowCommandOf(press('Tab'))).toBeUndefined();
    expect(rowCommandOf(press('C'))).toBeUndefined();
  });
});
