import { describe, expect, it } from 'vitest';
import { waitingWork } from './waiting-work';

const counts = { missing: 4, withSuggestions: 3, connected: 3, connectedAutomatically: 3, openVouchers: 2 };

describe('what waits on the front page', () => {
  it('counts missing vouchers apart from the transactions that have a suggestion to accept', () => {
    expect(waitingWork({ matching: counts, bank: { year: 2026, total: 8, missingVoucher: 4 } })).toEqual([
      { kind: 'vouchersMissing', count: 1 },
      { kind: 'transactionsWithoutVoucher', count: 4 },
      { kind: 'suggestionsToAccept', count: 3 },
    ]);
  });

  it('leaves out what counts nothing and what the person may not see', () => {
    expect(
      waitingWork({ matching: { ...counts, missing: 3, withSuggestions: 3 }, bank: undefined }).map(
        (item) => item.kind,
      ),
    ).toEqual(['suggestionsToAccept']);
    expect(waitingWork({ matching: undefined, bank: { year: 2026, total: 0, missingVoucher: 0 } })).toEqual(
      [],
    );
  });
});
