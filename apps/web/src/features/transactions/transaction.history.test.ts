import { describe, expect, it } from 'vitest';
import { describeTransactionEntry, meaningfulEntries } from './transaction.history';

describe('the history of a bank transaction', () => {
  it('tells an imported transaction from one typed in by hand', () => {
    expect(
      describeTransactionEntry({ Action: 'create', Before: null, After: { importId: 12, text: 'x' } }),
    ).toEqual({ kind: 'imported', importId: 12 });
    expect(describeTransactionEntry({ Action: 'create', Before: null, After: { importId: null } })).toEqual({
      kind: 'created',
    });
  });

  it('lists only the follow-up fields a change touched', () => {
    const event = describeTransactionEntry({
      Action: 'update',
      Before: { status: 1, isPrivate: false, note: null, paymentStatus: null, updatedAt: 'a' },
      After: { status: 3, isPrivate: true, note: '', paymentStatus: null, updatedAt: 'b' },
    });
    expect(event).toEqual({
      kind: 'updated',
      changes: [
        { field: 'status', before: 1, after: 3 },
        { field: 'isPrivate', before: false, after: true },
      ],
    });
  });

  it('names an attached file', () => {
    expect(
      describeTransactionEntry({ Action: 'attach', Before: null, After: { fileName: 'kvittering.pdf' } }),
    ).toEqual({ kind: 'attached', fileName: 'kvittering.pdf' });
  });

  it('leaves out saves that changed nothing, keeping every other row', () => {
    const entries = [
      { Action: 'attach', Before: null, After: { fileName: 'a.pdf' } },
      { Action: 'update', Before: { note: 'x' }, After: { note: 'x' } },
      { Action: 'update', Before: { note: 'x' }, After: { note: 'y' } },
      { Action: 'create', Before: null, After: { importId: 1 } },
    ];
    expect(meaningfulEntries(entries).map((entry) => entry.Action)).toEqual(['attach', 'update', 'create']);
  });
});
