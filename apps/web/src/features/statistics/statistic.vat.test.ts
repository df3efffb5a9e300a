import type { VatStatisticReply } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { csvAmount, formatRate, termMonths, vatCsv, vatCsvFileName, vatTable } from './statistic.vat';

const reply: VatStatisticReply = {
  year: 2026,
  terms: [
    {
      term: 1,
      from: '2026-01',
      to: '2026-02',
      rates: [
        { category: 'S', rate: 25, documentCount: 2, taxableOre: 100_000, taxOre: 25_000 },
        { category: 'S', rate: 15, documentCount: 1, taxableOre: 20_000, taxOre: 3_000 },
      ],
      taxableOre: 120_000,
      taxOre: 28_000,
    },
    {
      term: 3,
      from: '2026-05',
      to: '2026-06',
      rates: [
        { category: 'Z', rate: 0, documentCount: 1, taxableOre: 5_000, taxOre: 0 },
        { category: 'E', rate: 0, documentCount: 1, taxableOre: 7_000, taxOre: 0 },
        { category: 'S', rate: 11.11, documentCount: 1, taxableOre: 9_000, taxOre: 1_000 },
      ],
      taxableOre: 21_000,
      taxOre: 1_000,
    },
  ],
  rates: [
    { category: 'S', rate: 25, documentCount: 2, taxableOre: 100_000, taxOre: 25_000 },
    { category: 'S', rate: 15, documentCount: 1, taxableOre: 20_000, taxOre: 3_000 },
    { category: 'Z', rate: 0, documentCount: 1, taxableOre: 5_000, taxOre: 0 },
    { category: 'E', rate: 0, documentCount: 1, taxableOre: 7_000, taxOre: 0 },
    { category: 'S', rate: 11.11, documentCount: 1, taxableOre: 9_000, taxOre: 1_000 },
  ],
  taxableOre: 141_000,
  taxOre: 29_000,
};

const texts = {
  term: 'Term',
  from: 'From',
  to: 'To',
  taxable: (rate: string) => `Basis ${rate}`,
  tax: (rate: string) => `VAT ${rate}`,
  totalTaxable: 'Basis total',
  totalTax: 'VAT total',
  total: 'Total',
};

describe('the VAT table', () => {
  it('names each two-month term by its months in the person’s language', () => {
    expect(termMonths(1, 'en')).toBe('Jan–Feb');
    expect(termMonths(6, 'en')).toBe('Nov–Dec');
    expect(termMonths(3, 'nb')).toBe('Mai–Jun');
  });

  it('shows the standard rates in the order of the return, then other rates, and every term even when empty', () => {
    const table = vatTable(reply);
    expect(table.rates).toEqual([25, 15, 12, 0, 11.11]);
    expect(table.terms.map((row) => row.term)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(table.terms[1]).toEqual({
      term: 2,
      taxableOre: 0,
      taxOre: 0,
      byRate: table.rates.map(() => ({ taxableOre: 0, taxOre: 0 })),
    });
  });

  it('adds categories that share a rate into one column', () => {
    const table = vatTable(reply);
    expect(table.terms[2]?.byRate[3]).toEqual({ taxableOre: 12_000, taxOre: 0 });
    expect(table.total.byRate[3]).toEqual({ taxableOre: 12_000, taxOre: 0 });
  });

  it('writes rates as each language does', () => {
    expect(formatRate(25, 'en')).toBe('25%');
    expect(formatRate(11.11, 'no')).toBe('11,11\u00A0%');
  });
});

describe('the VAT CSV', () => {
  it('writes amounts without grouping and with the decimal mark of the language', () => {
    expect(csvAmount(123_456_78, 'no')).toBe('123456,78');
    expect(csvAmount(123_456_78, 'en')).toBe('123456.78');
    expect(csvAmount(-5, 'no')).toBe('-0,05');
    expect(csvAmount(0, 'en')).toBe('0.00');
  });

  it('has a header of the rates, a row per term and a total row, separated by semicolons', () => {
    const lines = vatCsv(vatTable(reply), 'en', texts).split('\r\n');
    expect(lines[0]).toBe(
      'Term;From;To;Basis 25%;VAT 25%;Basis 15%;VAT 15%;Basis 12%;VAT 12%;Basis 0%;VAT 0%;Basis 11.11%;VAT 11.11%;Basis total;VAT total',
    );
    expect(lines[1]).toBe(
      '1;2026-01;2026-02;1000.00;250.00;200.00;30.00;0.00;0.00;0.00;0.00;0.00;0.00;1200.00;280.00',
    );
    expect(lines[7]).toBe(
      'Total;2026-01;2026-12;1000.00;250.00;200.00;30.00;0.00;0.00;120.00;0.00;90.00;10.00;1410.00;290.00',
    );
    expect(lines).toHaveLength(9);
    expect(lines[8]).toBe('');
  });

  it('quotes a text that holds the separator', () => {
    const csv = vatCsv(vatTable(reply), 'no', { ...texts, total: 'Sum; hele året' });
    expect(csv.split('\r\n')[7]?.startsWith('"Sum; hele året";2026-01;2026-12;1000,00;')).toBe(true);
  });

  it('is named after the year', () => {
    expect(vatCsvFileName(2026)).toBe('mva-2026.csv');
  });
});
