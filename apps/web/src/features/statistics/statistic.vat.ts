import { type Language, VAT_RATES, type VatRateTotal, type VatStatisticReply } from '@bilag/contracts';
import { periodMonth } from './statistic.period';

/** The terms of a VAT year: January–February is the first of six. */
export const VAT_TERMS = [1, 2, 3, 4, 5, 6] as const;

function shortMonthName(month: number, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const name = format.format(new Date(Date.UTC(2000, month - 1, 1))).replace('.', '');
  return name.charAt(0).toLocaleUpperCase() + name.slice(1);
}

/** The months of a two-month term, "Jan–Feb" or "Mai–Jun", as the VAT return names its terms. */
export function termMonths(term: number, locale: string): string {
  return `${shortMonthName(term * 2 - 1, locale)}–${shortMonthName(term * 2, locale)}`;
}

/** "25 %" or "11,11 %": Norwegian writes the decimal comma and a space before the sign, as does the VAT return. */
export function formatRate(rate: number, language: Language): string {
  const number = new Intl.NumberFormat(language === 'no' ? 'nb-NO' : 'en-GB', {
    maximumFractionDigits: 2,
  }).format(rate);
  return language === 'no' ? `${number}\u00A0%` : `${number}%`;
}

export type VatAmounts = { taxableOre: number; taxOre: number };

export type VatTermRow = VatAmounts & {
  term: number;
  /** The amounts of each rate of `VatTable.rates`, in that order. */
  byRate: VatAmounts[];
};

export type VatTable = {
  year: number;
  /** The standard rates first, in the order of the return (25, 15, 12, 0), then any other, highest first. */
  rates: number[];
  /** All six terms, an empty term included, so a term without invoices reads as zero and not as missing. */
  terms: VatTermRow[];
  total: VatAmounts & { byRate: VatAmounts[] };
};

function sumByRate(totals: readonly VatRateTotal[], rates: readonly number[]): VatAmounts[] {
  return rates.map((rate) =>
    totals
      .filter((total) => total.rate === rate)
      .reduce<VatAmounts>(
        (sum, total) => ({
          taxableOre: sum.taxableOre + total.taxableOre,
          taxOre: sum.taxOre + total.taxOre,
        }),
        { taxableOre: 0, taxOre: 0 },
      ),
  );
}

/**
 * The VAT of a year as a table of terms by rates. Categories that share a rate (zero-rated and exempt
 * both at 0 %) are added into one column, as the return counts them per rate.
 */
export function vatTable(reply: VatStatisticReply): VatTable {
  const standard: readonly number[] = VAT_RATES;
  const others = [...new Set(reply.rates.map((total) => total.rate))]
    .filter((rate) => !standard.includes(rate))
    .sort((first, second) => second - first);
  const rates = [...standard, ...others];
  const terms = VAT_TERMS.map((term): VatTermRow => {
    const found = reply.terms.find((candidate) => candidate.term === term);
    return {
      term,
      taxableOre: found?.taxableOre ?? 0,
      taxOre: found?.taxOre ?? 0,
      byRate: sumByRate(found?.rates ?? [], rates),
    };
  });
  return {
    year: reply.year,
    rates,
    terms,
    total: { taxableOre: reply.taxableOre, taxOre: reply.taxOre, byRate: sumByRate(reply.rates, rates) },
  };
}

/** The first and last month of a term of a year, as the CSV writes them. */
export function termSpan(year: number, term: number): { from: string; to: string } {
  return { from: periodMonth(year, term * 2 - 1), to: periodMonth(year, term * 2) };
}

export type VatCsvTexts = {
  term: string;
  from: string;
  to: string;
  taxable: (rate: string) => string;
  tax: (rate: string) => string;
  totalTaxable: string;
  totalTax: string;
  total: string;
};

/** An amount for a spreadsheet: no grouping, and the decimal mark the person's language reads ("1234,50"). */
export function csvAmount(amountOre: number, language: Language): string {
  const sign = amountOre < 0 ? '-' : '';
  const digits = String(Math.abs(amountOre)).padStart(3, '0');
  const decimal = language === 'no' ? ',' : '.';
  return `${sign}${digits.slice(0, -2)}${decimal}${digits.slice(-2)}`;
}

/** A field as RFC 4180 wants it: quoted when it holds the separator, a quote or a line break. */
function csvField(text: string): string {
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The terms × rates table as CSV: semicolon-separated (what a Norwegian spreadsheet opens without asking),
 * one row per term and a total row, the basis and the VAT of each rate, then the term's sums.
 */
export function vatCsv(table: VatTable, language: Language, texts: VatCsvTexts): string {
  const header = [
    texts.term,
    texts.from,
    texts.to,
    ...table.rates.flatMap((rate) => {
      const label = formatRate(rate, language).replace('\u00A0', ' ');
      return [texts.taxable(label), texts.tax(label)];
    }),
    texts.totalTaxable,
    texts.totalTax,
  ];
  const amounts = (row: VatAmounts & { byRate: VatAmounts[] }) => [
    ...row.byRate.flatMap((amount) => [
      csvAmount(amount.taxableOre, language),
      csvAmount(amount.taxOre, language),
    ]),
    csvAmount(row.taxableOre, language),
    csvAmount(row.taxOre, language),
  ];
  const rows = [
    header,
    ...table.terms.map((row) => {
      const span = termSpan(table.year, row.term);
      return [String(row.term), span.from, span.to, ...amounts(row)];
    }),
    [texts.total, termSpan(table.year, 1).from, termSpan(table.year, 6).to, ...amounts(table.total)],
  ];
  return `${rows.map((row) => row.map(csvField).join(';')).join('\r\n')}\r\n`;
}

/** The CSV's file name: mva-2026.csv. */
export function vatCsvFileName(year: number): string {
  return `mva-${year}.csv`;
}
