import { describe, expect, it } from 'vitest';
import en from './en.json';
import no from './no.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [childPath, text] of flatten(value, path)) entries.set(childPath, text);
  }
  return entries;
}

const english = flatten(en);
const norwegian = flatten(no);

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('translations', () => {
  it('has a Norwegian text for every English one and no Norwegian text without an English one', () => {
    expect([...norwegian.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has no empty texts', () => {
    const empty = [...english, ...norwegian]
      .filter(([, text]) => text.trim().length === 0)
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const mismatched = [...english].filter(([key, text]) => {
      return JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(norwegian.get(key) ?? ''));
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });
});
