import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MISSING_SAMPLES_MESSAGE, samplePath } from '../__fixtures__/public-samples';
import { oreToDecimal } from '../money/decimal';
import { ore } from '../money/ore';
import { collectStatement, readStatement } from './read-statement';
import type { Statement, StatementReadOptions } from './types';

const bankDir = samplePath('bank-csv');
const hasBankSamples = existsSync(bankDir);

function read(name: string): Uint8Array {
  return readFileSync(samplePath('bank-csv', name));
}

function totals(statement: Statement): { moneyIn: string; moneyOut: string } {
  let moneyIn = 0;
  let moneyOut = 0;
  for (const row of statement.rows) {
    if (row.amount > 0) moneyIn += row.amount;
    else moneyOut += row.amount;
  }
  return { moneyIn: oreToDecimal(ore(moneyIn)), moneyOut: oreToDecimal(ore(moneyOut)) };
}

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

describe.skipIf(!hasBankSamples)(
  `public bank exports (${hasBankSamples ? bankDir : MISSING_SAMPLES_MESSAGE})`,
  () => {
    it('reads the SpareBank 1 export: 15 rows, in 33437.34, out -29476.69', async () => {
      const statement = await readStatement(read('sparebank1__sb1.csv'));
      expect(statement).toMatchObject({
        template: 'sparebank1',
        encoding: 'utf-8',
        delimiter: ';',
        refused: [],
      });
      expect(statement.rows).toHaveLength(15);
      expect(totals(statement)).toEqual({ moneyIn: '33437.34', moneyOut: '-29476.69' });
      expect(statement.rows[0]).toMatchObject({
        date: '2025-02-28',
        text: 'KIWI MAJORSTUEN',
        amount: -34856,
      });
      expect(statement.rows.at(-1)?.date).toBe('2025-01-30');
      expect(statement.rows.map((row) => row.text)).toContain('RUTER MÅNEDSKORT');
    });

    it('reads the DNB (Tripletex) export below its preamble: 5 rows that reconcile the balances', async () => {
      const statement = await readStatement(read('dnb-format-tripletex__test_expected.csv'));
      expect(statement).toMatchObject({ template: 'dnb', headerRowIndex: 4, refused: [] });
      expect(statement.rows).toHaveLength(5);
      expect(totals(statement)).toEqual({ moneyIn: '90708.00', moneyOut: '-1365.17' });
      const closing = 12322 + statement.rows.reduce((sum, row) => sum + row.amount, 0);
      expect(oreToDecimal(ore(closing))).toBe('89466.05');
      expect(statement.rows[3]?.text).toContain('Overførsel Fra Leverandør 12 Støtte');
    });

    it('reads the Jæren Sparebank export (ISO-8859-1, CRLF, no header) with a column mapping', async () => {
      const options: StatementReadOptions = { mapping: { columns: { date: 1, text: 2, amount: 3 } } };
      const statement = await readStatement(read('jaeren-sparebank__iso-8859-1-dos-crlf.csv'), options);
      expect(statement).toMatchObject({
        encoding: 'windows-1252',
        headerRowIndex: null,
        dateFormat: 'DD-MM-YYYY',
      });
      expect(statement.rows.map(({ date, text, amount }) => ({ date, text, amount }))).toEqual([
        { date: '2015-09-02', text: 'Overførsel - Melding - Foo Betalingsdato: 02.09.2015', amount: 30000 },
        { date: '2015-09-01', text: 'Overførsel - Melding - Bar Betalingsdato: 01.09.2015', amount: 30000 },
      ]);
    });

    it('reads the Bank Norwegian export by its column names, dates D/M/YYYY and decimal point', async () => {
      const statement = await readStatement(read('banknorwegian__banknorwegian.csv'));
      expect(statement).toMatchObject({
        template: 'generic',
        delimiter: ',',
        dateFormat: 'D/M/YYYY',
        decimal: '.',
      });
      expect(statement.rows).toHaveLength(7);
      expect(statement.rows[0]).toMatchObject({
        date: '2022-01-01',
        text: 'HELLO GOLFKLUBB',
        amount: -10000,
      });
      expect(statement.rows[2]).toMatchObject({ date: '2022-03-02', text: 'VOISCOOTERS', amount: -2378 });
      expect(statement.rows[5]?.amount).toBe(4111100);
    });

    it('reads the DNB Mastercard workbook: 9 rows with serial dates', async () => {
      const statement = await readStatement(read('dnb-mastercard__sample_statement.xlsx'));
      expect(statement).toMatchObject({ format: 'xlsx', template: 'dnb', refused: [] });
      expect(statement.rows.map(({ date, text, amount }) => [date, text, oreToDecimal(amount)])).toEqual([
        ['2025-11-10', 'Skyldig beløp fra forrige faktura', '-5000.00'],
        ['2025-10-25', 'Innbetaling', '5000.00'],
        ['2025-10-24', 'REMA 1000 OSLO, Oslo', '-150.50'],
        ['2025-10-25', 'SPOTIFY AB, Stockholm', '-119.00'],
        ['2025-10-26', 'Tesla Inc., OSLO', '-238.06'],
        ['2025-10-27', 'VINMONOPOLET AS, Oslo', '-742.00'],
        ['2025-10-28', 'GITHUB INC, San Francisco', '-44.00'],
        ['2025-10-29', 'Refund - SPOTIFY AB', '119.00'],
        ['2025-10-30', 'AMAZON EU, Luxembourg', '-148.13'],
      ]);
    });

    it('streams every CSV sample to the same result as reading it whole', async () => {
      const mappings: Record<string, StatementReadOptions> = {
        'jaeren-sparebank__iso-8859-1-dos-crlf.csv': {
          mapping: { columns: { date: 1, text: 2, amount: 3 } },
        },
      };
      for (const name of [
        'sparebank1__sb1.csv',
        'dnb-format-tripletex__test_expected.csv',
        'jaeren-sparebank__iso-8859-1-dos-crlf.csv',
        'banknorwegian__banknorwegian.csv',
      ]) {
        const bytes = read(name);
        const options = mappings[name] ?? {};
        const whole = await readStatement(bytes, options);
        expect(await collectStatement(chunked(bytes, 17), options), name).toEqual(whole);
      }
    });
  },
);
