import type { BankTransaction, ConnectMissingList, MissingTransaction, Voucher } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { withoutConnected, withoutSuggestion } from './connect-missing.list';

function transaction(id: number): BankTransaction {
  return {
    Id: id,
    CompanyId: 1,
    CompanyBankId: 1,
    AccountNumber: '15037788993',
    Date: '2026-10-05',
    ValueDate: null,
    Text: `Payment ${id}`,
    Text2: '',
    AmountOre: -10000,
    Currency: 'NOK',
    Kid: null,
    EndToEndId: null,
    CounterpartyName: null,
    CounterpartyAccount: null,
    Status: 1,
    PaymentStatus: null,
    PaymentDate: null,
    IsPrivate: false,
    Note: null,
    ImportId: null,
    Files: [],
    CreatedAt: '2026-10-06T08:00:00Z',
  };
}

function voucher(id: number): Voucher {
  return {
    Id: id,
    CompanyId: 1,
    Date: '2026-10-01',
    SupplierName: null,
    AmountOre: 10000,
    Currency: 'NOK',
    DueDate: null,
    Kid: null,
    AccountNumber: null,
    Description: null,
    Source: 0,
    Status: 1,
    IsPaid: false,
    PaymentStatus: null,
    Labels: [],
    Files: [],
    CreatedAt: '2026-10-01T08:00:00Z',
    UpdatedAt: '2026-10-01T08:00:00Z',
    DeletedAt: null,
  };
}

function row(transactionId: number, voucherIds: number[]): MissingTransaction {
  return {
    Transaction: transaction(transactionId),
    Suggestions: voucherIds.map((voucherId) => ({ Voucher: voucher(voucherId), Score: 0.9, Reasons: [] })),
  };
}

const counts = { missing: 1, withSuggestions: 1, connected: 5, connectedAutomatically: 2, openVouchers: 3 };
const list: ConnectMissingList = {
  total: 60,
  rows: [row(1, [10, 11]), row(2, [11, 12]), row(3, [])],
  counts: { missing: 3, withSuggestions: 2, connected: 3, connectedAutomatically: 2, openVouchers: 5 },
};

describe('the connect-missing list after a change', () => {
  it('drops a connected transaction at once, and its voucher from the other suggestions', () => {
    const next = withoutConnected(list, [1], [11], counts);
    expect(next.rows.map((shown) => shown.Transaction.Id)).toEqual([2, 3]);
    expect(next.rows[0]?.Suggestions.map((suggestion) => suggestion.Voucher.Id)).toEqual([12]);
    expect(next.total).toBe(59);
    expect(next.counts).toBe(counts);
  });

  it('drops only the rejected suggestion of the one transaction', () => {
    const next = withoutSuggestion(list, 2, 11, counts);
    expect(next.rows.map((shown) => shown.Suggestions.map((suggestion) => suggestion.Voucher.Id))).toEqual([
      [10, 11],
      [12],
      [],
    ]);
    expect(next.total).toBe(60);
    expect(next.counts).toBe(counts);
  });
});
