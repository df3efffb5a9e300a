import type { ImportJob } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { assignKind, buildMapping, columnCount, detectedChoice, mappingProblem } from './bank-import.mapping';

/** A DNB export as the server describes it: five columns, the header on the first row. */
const dnbJob: Pick<ImportJob, 'Columns' | 'PreviewRows' | 'HeaderRowIndex'> = {
  HeaderRowIndex: 0,
  Columns: [
    { Index: 0, Name: 'Dato', Kind: 'date', IsAmount: false },
    { Index: 1, Name: 'Forklaring', Kind: 'text', IsAmount: false },
    { Index: 2, Name: 'Rentedato', Kind: null, IsAmount: false },
    { Index: 3, Name: 'Ut fra konto', Kind: 'amountOut', IsAmount: true },
    { Index: 4, Name: 'Inn på konto', Kind: 'amountIn', IsAmount: true },
  ],
  PreviewRows: [
    {
      RowIndex: 0,
      Cells: ['Dato', 'Forklaring', 'Rentedato', 'Ut fra konto', 'Inn på konto'],
      IsHeader: true,
    },
    { RowIndex: 1, Cells: ['02.01.2025', 'Rema 1000', '02.01.2025', '1 234,50', ''], IsHeader: false },
  ],
};

describe('the column mapping of a spreadsheet import', () => {
  it('starts from the kinds the server detected, one per column, unknown columns left out', () => {
    expect(detectedChoice(dnbJob)).toEqual({
      kinds: ['date', 'text', null, 'amountOut', 'amountIn'],
      headerRowIndex: 0,
      dateFormat: '',
      decimal: null,
    });
  });

  it('counts the columns of the widest preview row even where no column was detected', () => {
    const job = {
      ...dnbJob,
      Columns: [],
      PreviewRows: [{ RowIndex: 0, Cells: ['a', 'b', 'c'], IsHeader: false }],
    };
    expect(columnCount(job)).toBe(3);
    expect(detectedChoice(job).kinds).toEqual([null, null, null]);
  });

  it('moves a kind to the column chosen for it, leaving the column that had it without one', () => {
    const kinds = assignKind(['date', 'text', null, 'amountOut', 'amountIn'], 2, 'text');
    expect(kinds).toEqual(['date', null, 'text', 'amountOut', 'amountIn']);
    expect(assignKind(kinds, 0, null)).toEqual([null, null, 'text', 'amountOut', 'amountIn']);
  });

  it('asks for a date and an amount, and for amounts either signed or in and out', () => {
    expect(mappingProblem(['date', 'text', null, 'amountOut', 'amountIn'])).toBeNull();
    expect(mappingProblem(['date', 'text', 'amount'])).toBeNull();
    expect(mappingProblem([null, 'text', 'amount'])).toBe('missingDate');
    expect(mappingProblem(['date', 'text', null])).toBe('missingAmount');
    expect(mappingProblem(['date', 'amount', 'amountIn'])).toBe('mixedAmounts');
  });

  it('sends no mapping when the detected layout was kept, so a known bank is read by its template', () => {
    const detected = detectedChoice(dnbJob);
    expect(buildMapping(detected, detected)).toBeUndefined();
  });

  it('sends the column of each kind, the header row and the formats once the person changed something', () => {
    const detected = detectedChoice(dnbJob);
    const choice = {
      ...detected,
      kinds: assignKind(detected.kinds, 2, 'text2'),
      dateFormat: 'DD.MM.YYYY',
      decimal: ',' as const,
    };
    expect(buildMapping(choice, detected)).toEqual({
      columns: { date: 0, text: 1, text2: 2, amountOut: 3, amountIn: 4 },
      headerRowIndex: 0,
      dateFormat: 'DD.MM.YYYY',
      decimal: ',',
    });
    expect(buildMapping({ ...detected, headerRowIndex: null }, detected)).toEqual({
      columns: { date: 0, text: 1, amountOut: 3, amountIn: 4 },
      headerRowIndex: null,
    });
  });
});
