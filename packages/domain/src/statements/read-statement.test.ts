import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import {
  DNB_NETBANK_CSV,
  DNB_WITH_BAD_ROWS,
  dnbNetbankBytes,
  GENERIC_CSV,
  HEADERLESS_CSV,
  SPAREBANK1_CSV,
} from './__fixtures__/bank-files';
import { buildXls, buildXlsx } from './__fixtures__/workbooks';
import { previewStatement, readStatement } from './read-statement';
import type { StatementTemplate } from './types';

const utf8 = (text: string) => new TextEncoder().encode(text);
const transactions = (rows: { date: string; text: string; text2: string; amount: number }[]) =>
  rows.map(({ date, text, text2, amount }) => ({ date, text, text2, amount }));

describe('readStatement with bank templates', () => {
  it('reads a DNB netbank export in ISO-8859-1, money out negative, æøå intact', async () => {
    const statement = await readStatement(dnbNetbankBytes());
    expect(statement).toMatchObject({
      format: 'csv',
      template: 'dnb',
      encoding: 'windows-1252',
      delimiter: ';',
      headerRowIndex: 0,
      dateFormat: 'DD.MM.YYYY',
      decimal: ',',
      refused: [],
    });
    expect(transactions(statement.rows)).toEqual([
      { date: '2025-01-02', text: 'Varekjøp Rema 1000 Bjølsen Dato 31.12', text2: '', amount: -123450 },
      { date: '2025-01-03', text: 'Lønn fra Ærlig Åsheim AS', text2: '', amount: 4500000 },
      { date: '2025-01-06', text: 'Giro 1234.56.78903 Strøm januar', text2: '', amount: -89900 },
    ]);
    expect(statement.rows.map((row) => row.rowIndex)).toEqual([1, 2, 3]);
  });

  it('names the columns and flags which hold amounts', async () => {
    const { columns } = await readStatement(dnbNetbankBytes());
    expect(columns).toEqual([
      { index: 0, name: 'Dato', kind: 'date', isAmount: false },
      { index: 1, name: 'Forklaring', kind: 'text', isAmount: false },
      { index: 2, name: 'Rentedato', kind: 'valueDate', isAmount: false },
      { index: 3, name: 'Ut fra konto', kind: 'amountOut', isAmount: true },
      { index: 4, name: 'Inn på konto', kind: 'amountIn', isAmount: true },
    ]);
  });

  it('reads DNB’s Rentedato as the value date of each row', async () => {
    const { rows } = await readStatement(dnbNetbankBytes());
    expect(rows.map(({ date, valueDate }) => [date, valueDate])).toEqual([
      ['2025-01-02', '2024-12-31'],
      ['2025-01-03', '2025-01-03'],
      ['2025-01-06', '2025-01-06'],
    ]);
  });

  it('recognises the DNB layouts without a Rentedato column, with no value date', async () => {
    const statement = await readStatement(
      utf8('Bokført dato;Forklarende tekst;Inn;Ut\n02.01.2025;Husleie;;9 500,00\n'),
    );
    expect(statement.template).toBe('dnb');
    expect(statement.rows[0]).toMatchObject({ date: '2025-01-02', valueDate: null, amount: -950000 });
  });

  it('reads a SpareBank 1 export whose money out is already negative', async () => {
    const statement = await readStatement(utf8(SPAREBANK1_CSV));
    expect(statement.template).toBe('sparebank1');
    expect(transactions(statement.rows)).toEqual([
      { date: '2025-02-14', text: 'Overføring fra Kari', text2: '', amount: 250000 },
      { date: '2025-02-15', text: 'Vipps*Kaffebrenneriet', text2: '', amount: -5900 },
    ]);
  });

  it('reads the SpareBank 1 layout as SpareBank 1 Nord-Norge when that template is chosen', async () => {
    const statement = await readStatement(utf8(SPAREBANK1_CSV), { template: 'nordnorge' });
    expect(statement.template).toBe('nordnorge');
    expect(statement.rows).toHaveLength(2);
  });

  it('refuses a chosen template whose columns the file does not have', async () => {
    await expect(readStatement(utf8(SPAREBANK1_CSV), { template: 'dnb' })).rejects.toMatchObject({
      code: 'INVALID_STATEMENT',
    });
  });

  it('refuses an unknown template id', async () => {
    await expect(
      readStatement(utf8(SPAREBANK1_CSV), { template: 'nordea' as unknown as 'dnb' }),
    ).rejects.toMatchObject({ code: 'UNKNOWN_TEMPLATE' });
  });

  it('accepts a template of the caller’s own', async () => {
    const template: StatementTemplate = {
      id: 'my-bank',
      name: 'My bank',
      columns: { date: ['Bokført'], text: ['Tekst'], amount: ['Beløp'], text2: ['KID'] },
      dateFormat: 'YYYY-MM-DD',
      decimal: '.',
    };
    const statement = await readStatement(
      utf8('Bokført;Tekst;KID;Beløp\n2025-04-01;Strøm;0000531;-1,250.75\n'),
      {
        template,
      },
    );
    expect(statement.template).toBe('my-bank');
    expect(transactions(statement.rows)).toEqual([
      { date: '2025-04-01', text: 'Strøm', text2: '0000531', amount: -125075 },
    ]);
  });

  it('finds the header below lines of account information', async () => {
    const csv = `Kontonummer;1234.56.78903\nPeriode;01.01.2025 - 31.01.2025\n\n${DNB_NETBANK_CSV}`;
    const statement = await readStatement(utf8(csv));
    expect(statement.headerRowIndex).toBe(3);
    expect(statement.rows).toHaveLength(3);
    expect(statement.refused).toEqual([]);
  });
});

describe('readStatement without a template', () => {
  it('recognises common column names and reads the date and number format from the rows', async () => {
    const statement = await readStatement(utf8(GENERIC_CSV));
    expect(statement).toMatchObject({
      template: 'generic',
      delimiter: ',',
      dateFormat: 'D/M/YYYY',
      decimal: '.',
    });
    expect(transactions(statement.rows)).toEqual([
      { date: '2025-02-01', text: 'Coffee', text2: '', amount: -4550 },
      { date: '2025-02-15', text: 'Refund', text2: '', amount: 10000 },
    ]);
  });

  it('refuses amounts it cannot read unambiguously rather than guessing', async () => {
    const statement = await readStatement(
      utf8('Dato;Tekst;Beløp\n01.03.2025;A;1.000\n02.03.2025;B;-3.000\n'),
    );
    expect(statement.decimal).toBeNull();
    expect(statement.rows).toEqual([]);
    expect(statement.refused.map((row) => row.reason)).toEqual(['AMBIGUOUS_AMOUNT', 'AMBIGUOUS_AMOUNT']);
  });

  it('reads "1.000" by the convention the other rows of the file show', async () => {
    const statement = await readStatement(
      utf8('Dato;Tekst;Beløp\n01.03.2025;A;1.000\n02.03.2025;B;-12,50\n'),
    );
    expect(statement.decimal).toBe(',');
    expect(statement.rows.map((row) => row.amount)).toEqual([100000, -1250]);
  });

  it('says which columns it could not recognise instead of guessing', async () => {
    await expect(readStatement(utf8(HEADERLESS_CSV))).rejects.toMatchObject({ code: 'UNKNOWN_LAYOUT' });
  });

  it('reads a tab-separated UTF-16 export', async () => {
    const text =
      'Dato\tForklaring\tRentedato\tUt fra konto\tInn på konto\r\n07.01.2025\tSjø\t07.01.2025\t10,00\t\r\n';
    const bytes = new Uint8Array([0xff, 0xfe, ...iconv.encode(text, 'utf16le')]);
    const statement = await readStatement(bytes);
    expect(statement).toMatchObject({ template: 'dnb', encoding: 'utf-16le', delimiter: '\t' });
    expect(transactions(statement.rows)).toEqual([
      { date: '2025-01-07', text: 'Sjø', text2: '', amount: -1000 },
    ]);
  });
});

describe('readStatement with the user’s column mapping', () => {
  it('reads a headerless file by column numbers, detecting its date format', async () => {
    const statement = await readStatement(utf8(HEADERLESS_CSV), {
      mapping: { columns: { date: 0, text: 2, amount: 3 } },
    });
    expect(statement).toMatchObject({ template: 'custom', headerRowIndex: null, dateFormat: 'DD-MM-YYYY' });
    expect(statement.columns.map((column) => column.name)).toEqual([
      'Column 1',
      'Column 2',
      'Column 3',
      'Column 4',
      'Column 5',
    ]);
    expect(transactions(statement.rows)).toEqual([
      { date: '2025-03-05', text: 'Kjøp', text2: '', amount: -10000 },
      { date: '2025-03-06', text: 'Innskudd', text2: '', amount: 25050 },
    ]);
  });

  it('reads columns chosen by header name, including a second text column', async () => {
    const statement = await readStatement(utf8(SPAREBANK1_CSV), {
      mapping: {
        columns: { date: 'Dato', text: 'Beskrivelse', text2: 'Fra konto', amountIn: 'Inn', amountOut: 'Ut' },
      },
    });
    expect(statement.headerRowIndex).toBe(0);
    expect(statement.rows[0]).toMatchObject({ text2: '86011117947', amount: 250000 });
  });

  it('follows the stated date format and decimal separator', async () => {
    const statement = await readStatement(utf8('03/04/2025;1.000\n'), {
      mapping: {
        columns: { date: 0, amount: 1 },
        dateFormat: 'DD/MM/YYYY',
        decimal: ',',
        headerRowIndex: null,
      },
    });
    expect(transactions(statement.rows)).toEqual([
      { date: '2025-04-03', text: '', text2: '', amount: 100000 },
    ]);
  });

  it.each([
    [{ columns: { text: 1, amount: 2 } }, 'date'],
    [{ columns: { date: 0, text: 1 } }, 'amount'],
    [{ columns: { date: 'Bokført', amount: 2 } }, 'Bokført'],
    [{ columns: { date: -1, amount: 2 } }, 'index'],
  ])('refuses an unusable mapping %j', async (mapping, mentioned) => {
    const error = await readStatement(utf8(SPAREBANK1_CSV), { mapping }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'INVALID_MAPPING', message: expect.stringContaining(mentioned) });
  });
});

describe('rows that cannot be read', () => {
  it('are refused with a reason, while blank lines and repeated headers are passed over', async () => {
    const statement = await readStatement(utf8(DNB_WITH_BAD_ROWS));
    expect(transactions(statement.rows)).toEqual([
      { date: '2025-03-03', text: 'Kjøp', text2: '', amount: -1000 },
    ]);
    expect(statement.refused.map(({ rowIndex, reason }) => ({ rowIndex, reason }))).toEqual([
      { rowIndex: 1, reason: 'INVALID_DATE' },
      { rowIndex: 2, reason: 'MISSING_AMOUNT' },
      { rowIndex: 4, reason: 'INVALID_DATE' },
      { rowIndex: 5, reason: 'INVALID_AMOUNT' },
    ]);
    expect(statement.refused[0]?.message).toContain('31.02.2025');
  });

  it('sum money in and out given on the same row', async () => {
    const statement = await readStatement(
      utf8('Dato;Forklaring;Rentedato;Ut fra konto;Inn på konto\n01.01.2025;Retur;;20,00;50,00\n'),
    );
    expect(statement.rows[0]?.amount).toBe(3000);
  });
});

describe('readStatement with workbooks', () => {
  const header = ['Dato', 'Beløpet gjelder', 'Valuta', 'Kurs', 'Inn', 'Ut'];

  it('reads an xlsx workbook with real dates and numbers, never losing an øre to floating point', async () => {
    const bytes = await buildXlsx([
      header,
      [new Date(Date.UTC(2025, 10, 10)), 'Skyldig beløp', null, null, null, 5000],
      [new Date(Date.UTC(2025, 9, 25)), 'Innbetaling', null, null, 0.29, null],
      [new Date(Date.UTC(2025, 9, 30)), 'AMAZON EU', '12.50 EUR', 11.85, null, 148.13],
    ]);
    const statement = await readStatement(bytes);
    expect(statement).toMatchObject({ format: 'xlsx', template: 'dnb', encoding: null, delimiter: null });
    expect(transactions(statement.rows)).toEqual([
      { date: '2025-11-10', text: 'Skyldig beløp', text2: '', amount: -500000 },
      { date: '2025-10-25', text: 'Innbetaling', text2: '', amount: 29 },
      { date: '2025-10-30', text: 'AMAZON EU', text2: '', amount: -14813 },
    ]);
  });

  it('reads dates written as text in a workbook by the template’s format', async () => {
    const statement = await readStatement(
      await buildXlsx([header, ['24.10.2025', 'REMA 1000', null, null, null, '150,50']]),
    );
    expect(transactions(statement.rows)).toEqual([
      { date: '2025-10-24', text: 'REMA 1000', text2: '', amount: -15050 },
    ]);
  });

  it('reads a legacy xls workbook whose dates are serial numbers', async () => {
    const statement = await readStatement(
      buildXls([header, [45971, 'Skyldig beløp', null, null, null, 5000]]),
    );
    expect(statement).toMatchObject({ format: 'xls', template: 'dnb' });
    expect(transactions(statement.rows)).toEqual([
      { date: '2025-11-10', text: 'Skyldig beløp', text2: '', amount: -500000 },
    ]);
  });

  it('reads another sheet when asked and refuses one that does not exist', async () => {
    const bytes = await buildXlsx([header]);
    await expect(readStatement(bytes, { sheet: 3 })).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
  });
});

describe('files that are not statements', () => {
  it.each([
    ['a PDF', new TextEncoder().encode('%PDF-1.4\n')],
    ['a PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['XML', new TextEncoder().encode('<?xml version="1.0"?><Document/>')],
    ['an empty file', new Uint8Array(0)],
  ])('refuses %s with UNSUPPORTED_FILE', async (_, bytes) => {
    await expect(readStatement(bytes)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
  });

  it('throws nothing but DomainError on random bytes or text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          fc.string({ maxLength: 300 }).map((text) => new TextEncoder().encode(text)),
          fc
            .array(
              fc.array(fc.constantFrom('Dato', '01.02.2025', '1,5', '-3.000', 'x', '', '"'), {
                maxLength: 6,
              }),
              {
                maxLength: 8,
              },
            )
            .map((rows) => new TextEncoder().encode(rows.map((row) => row.join(';')).join('\n'))),
        ),
        async (bytes) => {
          try {
            await readStatement(bytes);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('previewStatement', () => {
  it('shows the first rows as text, marks the header row and the amount columns', async () => {
    const preview = await previewStatement(dnbNetbankBytes(), { maxRows: 2 });
    expect(preview).toMatchObject({
      format: 'csv',
      template: 'dnb',
      encoding: 'windows-1252',
      headerRowIndex: 0,
    });
    expect(preview.rows).toEqual([
      {
        rowIndex: 0,
        cells: ['Dato', 'Forklaring', 'Rentedato', 'Ut fra konto', 'Inn på konto'],
        isHeader: true,
      },
      {
        rowIndex: 1,
        cells: ['02.01.2025', 'Varekjøp Rema 1000 Bjølsen Dato 31.12', '31.12.2024', '1.234,50', ''],
        isHeader: false,
      },
    ]);
    expect(preview.columns.filter((column) => column.isAmount).map((column) => column.name)).toEqual([
      'Ut fra konto',
      'Inn på konto',
    ]);
  });

  it('still previews a file whose columns it does not recognise, so a person can map them', async () => {
    const preview = await previewStatement(utf8(HEADERLESS_CSV));
    expect(preview.template).toBeNull();
    expect(preview.headerRowIndex).toBeNull();
    expect(preview.columns).toHaveLength(5);
    expect(preview.rows.every((row) => !row.isHeader)).toBe(true);
  });
});

describe('previewStatement on a large file', () => {
  it('reads only the start of a large CSV file', async () => {
    const line = '01.03.2025;Kjøp;01.03.2025;10,00;\n';
    const bytes = utf8(`Dato;Forklaring;Rentedato;Ut fra konto;Inn på konto\n${line.repeat(100_000)}`);
    const preview = await previewStatement(bytes, { maxRows: 3 });
    expect(preview.template).toBe('dnb');
    expect(preview.rows.map((row) => row.cells[1])).toEqual(['Forklaring', 'Kjøp', 'Kjøp']);
  });
});
