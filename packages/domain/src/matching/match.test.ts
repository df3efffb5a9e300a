import { describe, expect, it } from 'vitest';
import { trainModel } from './learn';
import {
  decide,
  MATCH_DEFAULTS,
  type MatchOptions,
  type MatchTransaction,
  type MatchVoucher,
  matchTransactions,
  scorePair,
  VoucherIndex,
} from './match';
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

describe('matching transactions with vouchers: finding and ranking', () => {
  it('suggests a card payment rounded to whole kroner even when the text names no one', () => {
    const [decision] = matchTransactions(
      [{ id: 9, date: '2025-04-03', amountOre: -123_400, text: 'Nettbank overføring' }],
      [{ id: 90, date: '2025-03-20', dueDate: '2025-04-01', amountOre: 123_420 }],
    );
    expect(decision).toMatchObject({ outcome: 'suggest', candidates: [{ voucherId: 90 }] });
    expect(decision?.candidates[0]?.reasons).toContainEqual({ code: 'AMOUNT_CLOSE', differenceOre: 20 });
  });

  it('counts the days from the due date, not from the day the invoice was written', () => {
    const [decision] = matchTransactions(
      [{ id: 10, date: '2025-03-26', amountOre: -19_900, text: 'Betaling FJORDKRAFT AS' }],
      [
        {
          id: 100,
          date: '2025-03-07',
          dueDate: '2025-03-21',
          amountOre: 19_900,
          supplierName: 'Fjordkraft AS',
        },
        {
          id: 101,
          date: '2025-03-27',
          dueDate: '2025-04-10',
          amountOre: 19_900,
          supplierName: 'Fjordkraft AS',
        },
      ],
    );
    expect(decision?.candidates.map((candidate) => candidate.voucherId)).toEqual([100, 101]);
    expect(decision?.candidates[0]?.reasons).toContainEqual({ code: 'DAYS_APART', days: 5 });
  });

  it('counts days across month ends and leap days', () => {
    const [decision] = matchTransactions(
      [{ id: 11, date: '2024-03-01', amountOre: -5_000, text: 'Kortkjøp' }],
      [{ id: 110, date: '2024-02-28', amountOre: 5_000 }],
    );
    expect(decision?.candidates[0]?.reasons).toContainEqual({ code: 'DAYS_APART', days: 2 });
  });

  it('puts the voucher due first ahead of an equally good one, as the oldest open item is paid first', () => {
    const [decision] = matchTransactions(
      [{ id: 12, date: '2025-06-10', amountOre: -19_900, text: 'Kortkjøp' }],
      [
        { id: 121, date: '2025-06-13', amountOre: 19_900 },
        { id: 120, date: '2025-06-07', amountOre: 19_900 },
      ],
    );
    expect(decision?.candidates.map((candidate) => candidate.voucherId)).toEqual([120, 121]);
  });

  it('considers vouchers without a date by amount alone', () => {
    const [decision] = matchTransactions(
      [{ id: 13, date: '2025-06-10', amountOre: -77_700, text: 'Betaling Kiwi' }],
      [{ id: 130, date: null, amountOre: 77_700, supplierName: 'Kiwi' }],
    );
    expect(decision).toMatchObject({ outcome: 'suggest', candidates: [{ voucherId: 130 }] });
    expect(decision?.candidates[0]?.reasons).toEqual([
      { code: 'SAME_AMOUNT' },
      { code: 'NAME_MATCHES', name: 'Kiwi' },
    ]);
  });

  it('finds the voucher paid through the product by its payment reference, whatever the amount', () => {
    const [decision] = matchTransactions(
      [{ id: 14, date: '2025-06-10', amountOre: -10_000, text: 'Overføring', endToEndId: 'E2E-77' }],
      [
        { id: 140, date: '2025-06-01', amountOre: 12_500, paymentReference: 'E2E-77' },
        { id: 141, date: '2025-06-10', amountOre: 10_000 },
      ],
    );
    expect(decision?.candidates.map((candidate) => candidate.voucherId)).toEqual([140, 141]);
    expect(decision?.candidates[0]?.reasons[0]).toEqual({ code: 'SAME_PAYMENT_REFERENCE' });
  });

  it('offers every voucher with the same KID when an invoice was entered twice', () => {
    const [decision] = matchTransactions(
      [{ id: 15, date: '2025-06-10', amountOre: -10_000, text: 'Giro', kid: '55501' }],
      [
        { id: 150, date: '2025-06-01', amountOre: 10_000, kid: '55501' },
        { id: 151, date: '2025-06-02', amountOre: 10_000, kid: '55501' },
      ],
    );
    expect(decision).toMatchObject({ outcome: 'suggest', ambiguous: true });
    expect(decision?.candidates.map((candidate) => candidate.voucherId)).toEqual([150, 151]);
  });

  it('explains a pair with scorePair as the matching does', () => {
    const candidate = scorePair(telenorPayment, telenorInvoice);
    const [decision] = matchTransactions([telenorPayment], [telenorInvoice]);
    expect(candidate).toEqual(decision?.candidates[0]);
  });

  it('finds the same best candidates as scoring every voucher, however many share an amount', () => {
    const books = crowdedBooks(7);
    const learned = trainModel([
      { text: 'Nettbank overføring', supplierName: 'Posten Bodø AS', accepted: true },
      { text: 'Nettbank overføring', supplierName: 'Posten Bodø AS', accepted: true },
    ]);
    for (const options of [{}, { learned }, { maxCandidates: 1 }, { rejected: new Set(['3:30', '8:31']) }]) {
      const index = new VoucherIndex(books.vouchers);
      for (const transaction of books.transactions) {
        const expected = scoreEveryVoucher(transaction, books.vouchers, options);
        const found = decide(transaction, index, options).candidates;
        expect(found.map(({ voucherId, score }) => ({ voucherId, score }))).toEqual(expected);
      }
    }
  });
});

/** Many vouchers of a few amounts, from suppliers whose names share words, with and without dates, KIDs. */
function crowdedBooks(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const suppliers = [
    'Posten Bodø AS',
    'Ruter Bodø AS',
    'Posten Norge AS',
    'Kiwi Hamar',
    'Rema 1000 Hamar',
    'Coop Extra Hamar Sentrum',
  ];
  const amounts = [19_900, 19_950, 20_000, 49_900];
  const day = (offset: number) => new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10);
  const vouchers: MatchVoucher[] = Array.from({ length: 600 }, (_, index) => ({
    id: index + 1,
    date: next() < 0.05 ? null : day(Math.floor(next() * 120)),
    dueDate: next() < 0.5 ? day(Math.floor(next() * 120)) : null,
    amountOre: amounts[Math.floor(next() * amounts.length)] as number,
    supplierName: next() < 0.9 ? suppliers[Math.floor(next() * suppliers.length)] : null,
    // Some KIDs and payment references are shared, as when an invoice is entered twice.
    kid: next() < 0.1 ? `${1000 + (index % 500)}` : null,
    paymentReference: next() < 0.05 ? `E2E-${index % 40}` : null,
  }));
  const texts = [
    'Betaling POSTEN BODØ AS',
    'Nettbank overføring',
    'Varekjøp KIWI HAMAR',
    'Giro RUTER',
    'Bodø',
  ];
  const transactions: MatchTransaction[] = Array.from({ length: 40 }, (_, index) => ({
    id: index + 1,
    date: day(Math.floor(next() * 120)),
    amountOre: -(amounts[Math.floor(next() * amounts.length)] as number) + (next() < 0.2 ? 40 : 0),
    text: texts[Math.floor(next() * texts.length)] as string,
    kid: next() < 0.2 ? `${1000 + Math.floor(next() * 600)}` : null,
    endToEndId: next() < 0.1 ? `E2E-${Math.floor(next() * 40)}` : null,
  }));
  return { vouchers, transactions };
}

/** The candidates as scoring every voucher finds them: the reference the indexes must agree with. */
function scoreEveryVoucher(transaction: MatchTransaction, vouchers: MatchVoucher[], options: MatchOptions) {
  const windowDays = options.dateWindowDays ?? MATCH_DEFAULTS.dateWindowDays;
  const dayOf = (voucher: MatchVoucher) => voucher.dueDate ?? voucher.date;
  const daysApart = (voucher: MatchVoucher) =>
    Math.abs(Date.parse(dayOf(voucher) as string) - Date.parse(transaction.date)) / 86_400_000;
  return vouchers
    .filter(
      (voucher) =>
        (transaction.kid && voucher.kid === transaction.kid) ||
        (transaction.endToEndId && voucher.paymentReference === transaction.endToEndId) ||
        (Math.abs(Math.abs(transaction.amountOre) - (voucher.amountOre ?? 0)) <= 100 &&
          (dayOf(voucher) === null || daysApart(voucher) <= windowDays)),
    )
    .filter((voucher) => !options.rejected?.has(`${transaction.id}:${voucher.id}`))
    .map((voucher) => ({ voucher, score: scorePair(transaction, voucher, options).score }))
    .filter(({ score }) => score >= MATCH_DEFAULTS.suggestAt)
    .sort(
      (a, b) =>
        b.score - a.score ||
        (dayOf(a.voucher) ?? '9999').localeCompare(dayOf(b.voucher) ?? '9999') ||
        a.voucher.id - b.voucher.id,
    )
    .slice(0, options.maxCandidates ?? MATCH_DEFAULTS.maxCandidates)
    .map(({ voucher, score }) => ({ voucherId: voucher.id, score }));
}
