import { describe, expect, it } from 'vitest';
import { keyedByText } from './keyed';

describe('keys for lists without ids', () => {
  it('keys each item by its text', () => {
    const keyed = keyedByText([{ days: 0 }, { days: 3 }], ({ days }) => `${days} days apart`);
    expect(keyed.map(({ key, text }) => [key, text])).toEqual([
      ['0 days apart', '0 days apart'],
      ['3 days apart', '3 days apart'],
    ]);
    expect(keyed[1]?.item).toEqual({ days: 3 });
  });

  it('keeps keys unique when a text is shown twice', () => {
    expect(keyedByText(['Mark private', 'Mark private'], (text) => text).map(({ key }) => key)).toEqual([
      'Mark private',
      'Mark private#2',
    ]);
  });
});
