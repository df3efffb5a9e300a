import { describe, expect, it } from 'vitest';
import { importProgressPercent, isImportFinished } from './bank-import.progress';

describe('import progress', () => {
  it('is the share of the file read so far', () => {
    expect(importProgressPercent({ Status: 'running', ProcessedBytes: 250, FileSize: 1000 })).toBe(25);
    expect(importProgressPercent({ Status: 'running', ProcessedBytes: 0, FileSize: 1000 })).toBe(0);
  });

  it('stays below 100 while the rows are still being moved in after the whole file was read', () => {
    expect(importProgressPercent({ Status: 'running', ProcessedBytes: 1000, FileSize: 1000 })).toBe(99);
  });

  it('is full once the import has completed, whatever the byte count says', () => {
    expect(importProgressPercent({ Status: 'completed', ProcessedBytes: 0, FileSize: 1000 })).toBe(100);
  });

  it('does not divide by an empty file or run past the ends', () => {
    expect(importProgressPercent({ Status: 'running', ProcessedBytes: 10, FileSize: 0 })).toBe(0);
    expect(importProgressPercent({ Status: 'running', ProcessedBytes: -5, FileSize: 10 })).toBe(0);
  });

  it('knows when polling can stop', () => {
    expect(isImportFinished({ Status: 'running' })).toBe(false);
    expect(isImportFinished({ Status: 'uploaded' })).toBe(false);
    expect(isImportFinished({ Status: 'completed' })).toBe(true);
    expect(isImportFinished({ Status: 'failed' })).toBe(true);
    expect(isImportFinished(undefined)).toBe(false);
  });
});
