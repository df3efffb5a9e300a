import { describe, expect, it } from 'vitest';
import { describeHistoryEntry } from './voucher.history';

describe('describeHistoryEntry', () => {
  it('lists only the fields a change touched, with their values before and after', () => {
    const event = describeHistoryEntry({
      Action: 'update',
      Before: { supplierName: null, amountOre: null, labels: [], isPaid: false, updatedAt: 'a' },
      After: { supplierName: 'Posten Norge', amountOre: 12_500, labels: [], isPaid: false, updatedAt: 'b' },
    });
    expect(event).toEqual({
      kind: 'updated',
      changes: [
        { field: 'supplierName', before: null, after: 'Posten Norge' },
        { field: 'amountOre', before: null, after: 12_500 },
      ],
    });
  });

  it('names the uploaded file of a created voucher and the amount of an added part', () => {
    expect(
      describeHistoryEntry({ Action: 'create', Before: null, After: { fileName: 'kvittering.png' } }),
    ).toEqual({
      kind: 'created',
      fileName: 'kvittering.png',
    });
    expect(
      describeHistoryEntry({
        Action: 'add-balance',
        Before: null,
        After: { amountOre: 5000, description: null },
      }),
    ).toEqual({ kind: 'balanceAdded', amountOre: 5000, description: undefined });
  });

  it('treats labels in another order as a change but an empty list and null as the same', () => {
    const reordered = describeHistoryEntry({
      Action: 'update',
      Before: { labels: ['a', 'b'], kid: null },
      After: { labels: ['b', 'a'], kid: '' },
    });
    expect(reordered).toEqual({
      kind: 'updated',
      changes: [{ field: 'labels', before: ['a', 'b'], after: ['b', 'a'] }],
    });
  });
});
