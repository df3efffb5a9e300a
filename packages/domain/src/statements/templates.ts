import type { BuiltInTemplateId, CellValue, ColumnKind, StatementTemplate } from './types';

/**
 * DNB. The netbank's CSV export ("Dato;Forklaring;Rentedato;Ut fra konto;Inn på konto"), the layout
 * accounting systems import as "DNB (CSV)" ("Bokført dato;Forklarende tekst;Inn;Ut") and the
 * credit card statement workbook ("Dato, Beløpet gjelder, Valuta, Kurs, Inn, Ut").
 */
const DNB: StatementTemplate = {
  id: 'dnb',
  name: 'DNB',
  columns: {
    date: ['Dato', 'Bokført dato', 'Bokføringsdato'],
    text: ['Forklaring', 'Forklarende tekst', 'Beløpet gjelder'],
    amountOut: ['Ut fra konto', 'Ut'],
    amountIn: ['Inn på konto', 'Inn'],
  },
  optionalColumns: { valueDate: ['Rentedato'] },
  dateFormat: 'DD.MM.YYYY',
  decimal: ',',
};

/** SpareBank 1: "Dato;Beskrivelse;Rentedato;Inn;Ut;Til konto;Fra konto", money out already negative. */
const SPAREBANK1: StatementTemplate = {
  id: 'sparebank1',
  name: 'SpareBank 1',
  columns: {
    date: ['Dato'],
    text: ['Beskrivelse'],
    amountIn: ['Inn'],
    amountOut: ['Ut'],
  },
  optionalColumns: { valueDate: ['Rentedato'] },
  dateFormat: 'DD.MM.YYYY',
  decimal: ',',
};

/**
 * SpareBank 1 Nord-Norge exports through the SpareBank 1 alliance's netbank, in the same layout; the
 * template exists so an import can be pinned to that bank. Recognition by header prefers 'sparebank1'.
 */
const NORDNORGE: StatementTemplate = {
  id: 'nordnorge',
  name: 'SpareBank 1 Nord-Norge',
  columns: {
    date: ['Dato', 'Bokført dato'],
    text: ['Beskrivelse', 'Forklaring'],
    amountIn: ['Inn'],
    amountOut: ['Ut'],
  },
  optionalColumns: { valueDate: ['Rentedato'] },
  dateFormat: 'DD.MM.YYYY',
  decimal: ',',
};

export const STATEMENT_TEMPLATES: Readonly<Record<BuiltInTemplateId, StatementTemplate>> = {
  dnb: DNB,
  sparebank1: SPAREBANK1,
  nordnorge: NORDNORGE,
};

/**
 * Common column names across other banks and card issuers, in Norwegian and English. Used when no
 * template matches; the date format and decimal separator are then read from the rows.
 */
export const GENERIC_COLUMN_NAMES: Readonly<Record<ColumnKind, readonly string[]>> = {
  date: [
    'Dato',
    'Bokført dato',
    'Bokføringsdato',
    'Transaksjonsdato',
    'Utført dato',
    'Date',
    'TransactionDate',
    'Transaction date',
    'Booking date',
  ],
  valueDate: ['Rentedato', 'Valuteringsdato', 'Valutadato', 'Value date'],
  text: ['Beskrivelse', 'Forklaring', 'Forklarende tekst', 'Tekst', 'Text', 'Description', 'Beløpet gjelder'],
  text2: ['Melding', 'Melding/KID/Fakt.nr', 'Melding/KID', 'KID', 'Referanse', 'Arkivreferanse', 'Reference'],
  amountIn: ['Inn', 'Inn på konto', 'Beløp inn', 'Innskudd', 'Credit'],
  amountOut: ['Ut', 'Ut fra konto', 'Beløp ut', 'Uttak', 'Debit'],
  amount: ['Beløp', 'Beløp i NOK', 'Beløp NOK', 'Amount'],
};

export function normalizeHeaderName(value: CellValue): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .replace(/^\uFEFF/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('nb');
}

/** For each column kind the template names, the index of the header cell with one of its names. */
export function matchHeaderRow(
  cells: readonly CellValue[],
  columns: Partial<Record<ColumnKind, readonly string[]>>,
): Partial<Record<ColumnKind, number>> {
  const names = cells.map(normalizeHeaderName);
  const found: Partial<Record<ColumnKind, number>> = {};
  const taken = new Set<number>();
  for (const [kind, aliases] of Object.entries(columns) as [ColumnKind, readonly string[]][]) {
    for (const alias of aliases) {
      const index = names.findIndex((name, at) => name === normalizeHeaderName(alias) && !taken.has(at));
      if (index >= 0) {
        found[kind] = index;
        taken.add(index);
        break;
      }
    }
  }
  return found;
}

/** The columns of a template's layout in a header row: those it needs, and the optional ones present. */
export function matchTemplateHeader(
  cells: readonly CellValue[],
  template: StatementTemplate,
): Partial<Record<ColumnKind, number>> {
  return matchHeaderRow(cells, { ...template.columns, ...template.optionalColumns });
}

/** Whether the header row holds every column the template needs. */
export function headerMatchesTemplate(cells: readonly CellValue[], template: StatementTemplate): boolean {
  const found = matchHeaderRow(cells, template.columns);
  return Object.keys(template.columns).every((kind) => found[kind as ColumnKind] !== undefined);
}

/** The built-in template whose columns the header row names, if any. */
export function detectTemplate(headerCells: readonly CellValue[]): StatementTemplate | undefined {
  return Object.values(STATEMENT_TEMPLATES).find((template) => headerMatchesTemplate(headerCells, template));
}

export function isBuiltInTemplateId(value: string): value is BuiltInTemplateId {
  return Object.hasOwn(STATEMENT_TEMPLATES, value);
}
