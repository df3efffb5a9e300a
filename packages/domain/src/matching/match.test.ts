import { describe, expect, it } from 'vitest';
import { decide, type MatchTransaction, type MatchVoucher, matchTransactions, VoucherIndex } from './match';
import { nameTokens } from './tokens';

const telenorPayment: MatchTransaction = {
  id: 1,
  date: '2025-03-12',
  amountOre: -89_900,
  text: 'Giro TELENOR NORGE AS',
};
const telenorInvoice: MatchVoucher = {
  id: 10,
  date: '2025-03-01',
  dueDate: '2025-03-10',
  amountOre: 89_900,
  supplierName: 'Telenor Norge AS',
};

describe('matching transactions with vouchers', () => {
  it('connects a payment to the invoice with the same amount, near its due date, from the named supplier, and says why', () => {
    const [decision] = matchTransactions([telenorPayment], [telenorInvoice]);
    expect(decision).toMatchObject({ outcome: 'connect', ambiguous: false });
    expect(decision?.candidates[0]?.reasons).toEqual([
      { code: 'SAME_AMOUNT' },
      { code: 'DAYS_APART', days: 2 },
      { code: 'NAME_MATCHES', name: 'Telenor Norge AS' },
    ]);
  });

  it('connects on the same KID even when the amount differs and the text says nothing', () => {
    const [decision] = matchTransactions(
      [{ id: 2, date: '2025-05-02', amountOre: -100_000, text: 'Nettgiro', kid: '0012345678903' }],
      [
        { id: 20, date: '2025-04-20', amountOre: 100_000, kid: '0012345678903' },
        { id: 21, date: '2025-05-01', amountOre: 100_000 },
      ],
    );
    expect(decision).toMatchObject({ outcome: 'connect' });
    expect(decision?.candidates[0]).toMatchObject({ voucherId: 20 });
    expect(decision?.candidates[0]?.reasons[0]).toEqual({ code: 'SAME_KID', kid: '0012345678903' });
  });

  it('only suggests when two vouchers are equally good, and connects nothing', () => {
    const [decision] = matchTransactions(
      [{ id: 3, date: '2025-06-10', amountOre: -19_900, text: 'Kortkjøp' }],
      [
        { id: 30, date: '2025-06-09', amountOre: 19_900 },
        { id: 31, date: '2025-06-11', amountOre: 19_900 },
      ],
    );
    expect(decision).toMatchObject({ outcome: 'suggest', ambiguous: true });
    expect(decision?.candidates.map((candidate) => candidate.voucherId)).toEqual([30, 31]);
  });

  it('suggests a voucher whose amount is a rounding away, saying by how much', () => {
    const [decision] = matchTransactions(
      [{ id: 4, date: '2025-02-02', amountOre: -50_000, text: 'Varekjøp Clas Ohlson' }],
      [{ id: 40, date: '2025-02-01', amountOre: 49_990, supplierName: 'Clas Ohlson AS' }],
    );
    expect(decision?.outcome).not.toBe('none');
    expect(decision?.candidates[0]?.reasons).toContainEqual({ code: 'AMOUNT_CLOSE', differenceOre: 10 });
  });

  it('never suggests a pair a person rejected', () => {
    const index = new VoucherIndex([telenorInvoice]);
    expect(decide(telenorPayment, index, { rejected: new Set(['1:10']) })).toMatchObject({
      outcome: 'none',
      candidates: [],
    });
  });

  it('leaves vouchers far outside the date window alone when only the amount agrees', () => {
    const [decision] = matchTransactions(
      [{ id: 5, date: '2025-12-01', amountOre: -89_900, text: 'Kortkjøp' }],
      [{ ...telenorInvoice, date: '2025-01-01', dueDate: null }],
    );
    expect(decision?.outcome).toBe('none');
  });

  it('connects a voucher to one transaction at most, the better one', () => {
    const decisions = matchTransactions(
      [
        { id: 6, date: '2025-03-20', amountOre: -89_900, text: 'Telenor' },
        { ...telenorPayment, id: 7 },
      ],
      [telenorInvoice],
    );
    expect(decisions.find((decision) => decision.transactionId === 7)?.outcome).toBe('connect');
    expect(decisions.find((decision) => decision.transactionId === 6)?.outcome).toBe('suggest');
  });

  it('reads names without legal forms and filler words', () => {
    expect(nameTokens('Telenor Norge AS')).toEqual(['telenor']);
    expect(nameTokens('Ruter AS — Oslo og Viken')).toEqual(['ruter', 'oslo', 'viken']);
    expect(nameTokens('Kiwi 294 Hamar 7')).toEqual(['kiwi', '294', 'hamar']);
  });

  it('prefers the voucher whose whole supplier name the bank text carries', () => {
    const [decision] = matchTransactions(
      [{ id: 8, date: '2025-12-22', amountOre: -249_900, text: 'Betaling RUTER BODØ AS' }],
      [
        { id: 80, date: '2025-12-22', amountOre: 249_900, supplierName: 'Posten Bodø AS' },
        {
          id: 81,
          date: '2025-12-04',
          dueDate: '2025-12-18',
          amountOre: 249_900,
          supplierName: 'Ruter Bodø AS',
        },
      ],
    );
    expect(decision?.candidates[0]?.voucherId).toBe(81);
  });
});
