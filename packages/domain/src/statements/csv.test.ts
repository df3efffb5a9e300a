import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvChunkParser, detectDelimiter, detectNewline, parseCsv } from './csv';

describe('detectDelimiter', () => {
  it.each([
    ['Dato;Tekst;Beløp\n01.01.2025;Kiwi, Oslo;-1,50\n02.01.2025;Rema;2,00\n', ';'],
    ['Date,Text,Amount\n1/1/2025,"Kiwi; Oslo",-1.50\n2/1/2025,Rema,2.00\n', ','],
    ['Dato\tTekst\tBeløp\n01.01.2025\tKiwi, Oslo\t-1,50\n', '\t'],
    [
      'Konto;Kontonavn\n;\nInngående saldo;Utgående saldo\n123,22;89466,05\nDato;Tekst;Inn;Ut\n1;a;1,5;\n2;b;;-2,5\n3;c;1;\n',
      ';',
    ],
  ])('finds the delimiter of %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});

describe('detectNewline', () => {
  it('finds the line break outside quoted fields', () => {
    expect(detectNewline('a;"b\nc"\r\nd')).toBe('\r\n');
    expect(detectNewline('a;b\nc')).toBe('\n');
    expect(detectNewline('a;b\rc')).toBe('\r');
  });
});

describe('CsvChunkParser', () => {
  const text =
    'Dato;Tekst;Beløp\r\n"01.01.2025";"Kiwi ""Bjølsen""\r\nOslo";"-1,50"\r\n02.01.2025;Rema;2,00\r\n';

  it('reads quoted fields with quotes and line breaks inside', () => {
    expect(parseCsv(text).rows).toEqual([
      ['Dato', 'Tekst', 'Beløp'],
      ['01.01.2025', 'Kiwi "Bjølsen"\r\nOslo', '-1,50'],
      ['02.01.2025', 'Rema', '2,00'],
    ]);
  });

  it('gives the same records however the text is cut', () => {
    const expected = parseCsv(text).rows;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 40 }), (sizes) => {
        const parser = new CsvChunkParser({ sampleChars: 8 });
        const rows: string[][] = [];
        let offset = 0;
        for (const size of sizes) {
          rows.push(...parser.push(text.slice(offset, offset + size)));
          offset += size;
        }
        rows.push(...parser.end(text.slice(offset)));
        expect(rows).toEqual(expected);
      }),
    );
  });

  it('keeps a last line without a line break', () => {
    expect(parseCsv('a;b\nc;d').rows).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
