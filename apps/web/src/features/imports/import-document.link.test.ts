import { describe, expect, it } from 'vitest';
import { importDocumentSearch, readImportAccount } from './import-document.link';

describe('a link to the statement import', () => {
  it('chooses the account it names', () => {
    expect(importDocumentSearch(7)).toBe('?account=7');
    expect(readImportAccount(new URLSearchParams(importDocumentSearch(7)))).toBe(7);
  });

  it('chooses nothing when the address names no account or a malformed one', () => {
    expect(readImportAccount(new URLSearchParams(''))).toBeUndefined();
    expect(readImportAccount(new URLSearchParams('account=abc'))).toBeUndefined();
    expect(readImportAccount(new URLSearchParams('account=-3'))).toBeUndefined();
  });
});
