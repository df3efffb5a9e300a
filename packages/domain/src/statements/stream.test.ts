import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { DNB_NETBANK_CSV, DNB_WITH_BAD_ROWS, GENERIC_CSV, SPAREBANK1_CSV } from './__fixtures__/bank-files';
import { buildXlsx } from './__fixtures__/workbooks';
import { collectStatement, readStatement, streamStatement } from './read-statement';

const utf8 = (text: string) => new TextEncoder().encode(text);

async function* chunked(bytes: Uint8Array, sizes: readonly number[]): AsyncGenerator<Uint8Array> {
  let offset = 0;
  for (const size of sizes) {
    if (offset >= bytes.length) return;
    yield bytes.subarray(offset, offset + size);
    offset += size;
  }
  if (offset < bytes.length) yield bytes.subarray(offset);
}

function readable(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) controller.close();
      else {
        controller.enqueue(bytes.slice(offset, offset + size));
        offset += size;
      }
    },
  });
}

function dnbRows(count: number): string {
  const lines = ['"Dato";"Forklaring";"Rentedato";"Ut fra konto";"Inn på konto"'];
  for (let index = 0; index < count; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    const amount = `${index % 5000},${String(index % 100).padStart(2, '0')}`;
    const [out, into] = index % 3 === 0 ? ['', amount] : [amount, ''];
    lines.push(`"${day}.01.2025";"Kjøp nr. ${index} på Kiwi Bjølsen";"${day}.01.2025";"${out}";"${into}"`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('streamStatement', () => {
  it('gives the same statement as readStatement, however the bytes are cut', async () => {
    const files = [
      new Uint8Array(iconv.encode(DNB_NETBANK_CSV, 'win1252')),
      utf8(SPAREBANK1_CSV),
      utf8(GENERIC_CSV),
      utf8(DNB_WITH_BAD_ROWS),
      utf8(dnbRows(300)),
    ];
    const sizes = fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 60 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...files), sizes, async (bytes, chunkSizes) => {
        expect(await collectStatement(chunked(bytes, chunkSizes))).toEqual(await readStatement(bytes));
      }),
      { numRuns: 60 },
    );
  });

  it('reads from a web ReadableStream', async () => {
    const statement = await collectStatement(readable(utf8(SPAREBANK1_CSV), 10));
    expect(statement.template).toBe('sparebank1');
    expect(statement.rows).toHaveLength(2);
  });

  it('hands out rows while the file is still arriving', async () => {
    const bytes = utf8(dnbRows(50_000));
    let chunksRead = 0;
    async function* counted(): AsyncGenerator<Uint8Array> {
      for await (const chunk of chunked(bytes, Array(10_000).fill(16 * 1024))) {
        chunksRead += 1;
        yield chunk;
      }
    }
    const totalChunks = Math.ceil(bytes.length / (16 * 1024));
    let chunksReadAtFirstBatch = 0;
    let rows = 0;
    let batches = 0;
    for await (const batch of streamStatement(counted())) {
      if (batches === 0) chunksReadAtFirstBatch = chunksRead;
      batches += 1;
      rows += batch.rows.length;
      expect(batch.refused).toEqual([]);
    }
    expect(rows).toBe(50_000);
    expect(batches).toBeGreaterThan(totalChunks / 2);
    expect(chunksReadAtFirstBatch).toBeLessThan(totalChunks / 10);
  });

  it('refines the encoding once a late Windows-1252 character shows up', async () => {
    const asciiHead = `Dato;Forklaring;Rentedato;Ut fra konto;Inn\n${'01.01.2025;Kiwi;01.01.2025;1,00;\n'.repeat(5000)}`;
    const text = `${asciiHead}02.01.2025;Bjølsen;02.01.2025;2,00;\n`;
    const bytes = new Uint8Array(iconv.encode(text, 'win1252'));
    const statement = await collectStatement(chunked(bytes, Array(1000).fill(4096)));
    expect(statement.template).toBe('dnb');
    expect(statement.encoding).toBe('windows-1252');
    expect(statement.rows.at(-1)?.text).toBe('Bjølsen');
  });

  it('tells the layout of a file with a header and no transactions', async () => {
    const statement = await collectStatement(chunked(utf8('Dato;Beskrivelse;Rentedato;Inn;Ut\n'), [5]));
    expect(statement).toMatchObject({ template: 'sparebank1', rows: [], refused: [] });
  });

  it('reads workbooks from a stream too', async () => {
    const bytes = await buildXlsx([
      ['Dato', 'Beløpet gjelder', 'Inn', 'Ut'],
      [new Date(Date.UTC(2025, 0, 2)), 'Kiwi', null, 12.5],
    ]);
    const statement = await collectStatement(chunked(bytes, Array(100).fill(512)));
    expect(statement.format).toBe('xlsx');
    expect(statement.rows).toMatchObject([{ date: '2025-01-02', text: 'Kiwi', amount: -1250 }]);
  });

  it("hands out a workbook's rows batch by batch, numbered as in the sheet", async () => {
    const bytes = await buildXlsx([
      ['Dato', 'Beløpet gjelder', 'Inn', 'Ut'],
      ...Array.from({ length: 7 }, (_, index) => [
        new Date(Date.UTC(2025, 0, index + 1)),
        `Kjøp ${index}`,
        null,
        10,
      ]),
      ['not a date', 'Kjøp 7', null, 10],
    ]);
    const batches = [];
    for await (const batch of streamStatement(chunked(bytes, [bytes.length]), { batchSize: 3 }))
      batches.push(batch);
    expect(batches.length).toBeGreaterThan(2);
    const rows = batches.flatMap((batch) => batch.rows);
    expect(rows.map((row) => row.rowIndex)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rows[6]).toMatchObject({ date: '2025-01-07', text: 'Kjøp 6', amount: -1000 });
    expect(batches.flatMap((batch) => batch.refused)).toMatchObject([{ rowIndex: 8 }]);
  });

  it('refuses a workbook larger than the limit without reading it all into memory', async () => {
    const bytes = await buildXlsx([['Dato', 'Beløpet gjelder', 'Inn', 'Ut']]);
    await expect(
      collectStatement(chunked(bytes, [4096, 4096]), { maxWorkbookBytes: 100 }),
    ).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
  });

  it('refuses a stream that is not a spreadsheet', async () => {
    await expect(collectStatement(chunked(utf8('%PDF-1.4\n%...'), [3]))).rejects.toMatchObject({
      code: 'UNSUPPORTED_FILE',
    });
    await expect(collectStatement(chunked(new Uint8Array(0), [1]))).rejects.toMatchObject({
      code: 'UNSUPPORTED_FILE',
    });
  });

  it('refuses a record that never ends instead of holding the whole file', async () => {
    const text = `Dato;Forklaring;Rentedato;Ut fra konto;Inn på konto\n01.01.2025;"${'x'.repeat(2 * 1024 * 1024)}`;
    await expect(collectStatement(chunked(utf8(text), Array(100).fill(64 * 1024)))).rejects.toMatchObject({
      code: 'INVALID_STATEMENT',
    });
  });
});
