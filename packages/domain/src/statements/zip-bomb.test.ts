import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../errors';
import { buildXls, buildXlsx } from './__fixtures__/workbooks';
import { buildHandmadeXlsx, buildXlsxBomb } from './__fixtures__/zip-bombs';
import { collectStatement, previewStatement, readStatement } from './read-statement';
import { DEFAULT_MAX_XLS_BYTES, readXlsTable, readXlsxTable } from './workbook';
import { assertZipUnpacksWithin } from './zip-bound';

const MB = 1024 * 1024;
/** The bomb: a sheet of 300 MB that deflates to about 300 kB. */
const BOMB_SHEET_BYTES = 300 * MB;
/** Generous: reading the bomb whole took about 600 MB; a bounded refusal needs a few. */
const MAX_GROWTH_BYTES = 48 * MB;
const MAX_MILLISECONDS = 2000;

const header = ['Dato', 'Beløpet gjelder', 'Valuta', 'Kurs', 'Inn', 'Ut'];

interface Attempt {
  error: unknown;
  milliseconds: number;
  growth: number;
}

function maxRssBytes(): number {
  return process.resourceUsage().maxRSS * 1024;
}

/**
 * Reads the bytes and tells how long it took and how much the process grew: the larger of the growth of
 * the resident set and of its high-water mark, since a peak that is freed again still counts.
 */
async function attempt(read: () => Promise<unknown>): Promise<Attempt> {
  const rssBefore = process.memoryUsage().rss;
  const peakBefore = maxRssBytes();
  const started = performance.now();
  const error = await read().then(
    () => undefined,
    (reason: unknown) => reason,
  );
  const milliseconds = performance.now() - started;
  const growth = Math.max(process.memoryUsage().rss - rssBefore, maxRssBytes() - peakBefore);
  return { error, milliseconds, growth };
}

function expectRefusedQuickly(result: Attempt, code: string): void {
  expect(result.error).toBeInstanceOf(DomainError);
  expect(result.error).toMatchObject({ code });
  expect(result.milliseconds).toBeLessThan(MAX_MILLISECONDS);
  expect(result.growth).toBeLessThan(MAX_GROWTH_BYTES);
}

describe('xlsx zip bombs', () => {
  let honest: Uint8Array;
  let lying: Uint8Array;

  beforeAll(async () => {
    honest = await buildXlsxBomb(BOMB_SHEET_BYTES);
    lying = await buildXlsxBomb(BOMB_SHEET_BYTES, { lie: true });
    // Load the readers once, so their code does not count as growth in the first test.
    await readStatement(await buildXlsx([header, ['24.10.2025', 'REMA 1000', null, null, null, '150,50']]));
  }, 60_000);

  it('builds bombs that are small on disk', () => {
    expect(honest.length).toBeLessThan(BOMB_SHEET_BYTES / 200);
    expect(lying.length).toBeLessThan(BOMB_SHEET_BYTES / 200);
  });

  it('reads a workbook from the same hand-built writer, so the refusals below are for size alone', async () => {
    const bytes = await buildHandmadeXlsx([header, ['24.10.2025', 'REMA 1000', '', '', '', '150,50']]);
    const table = await readXlsxTable(bytes);
    // An empty inline string is an empty cell.
    expect(table.rows).toEqual([header, ['24.10.2025', 'REMA 1000', null, null, null, '150,50']]);
    const statement = await readStatement(bytes);
    expect(statement.rows).toMatchObject([{ date: '2025-10-24', text: 'REMA 1000', amount: -15050 }]);
  });

  it('refuses an honest bomb (sizes declared truly) quickly and without inflating it', async () => {
    expectRefusedQuickly(await attempt(() => readStatement(honest)), 'FILE_TOO_LARGE');
  });

  it('refuses a bomb whose headers understate its sizes once the inflated bytes pass the bound', async () => {
    expectRefusedQuickly(await attempt(() => readStatement(lying)), 'FILE_TOO_LARGE');
  });

  it('refuses the bombs on the preview and streaming paths as well', async () => {
    expectRefusedQuickly(await attempt(() => previewStatement(lying)), 'FILE_TOO_LARGE');
    async function* upload(): AsyncGenerator<Uint8Array> {
      yield lying.subarray(0, 1000);
      yield lying.subarray(1000);
    }
    expectRefusedQuickly(await attempt(() => collectStatement(upload())), 'FILE_TOO_LARGE');
  });

  it('refuses a smaller lie: a part that unpacks to more than its headers say, though within the bound', async () => {
    const small = await buildXlsxBomb(2 * MB, { lie: true });
    const result = await attempt(() => readXlsxTable(small));
    expect(result.error).toBeInstanceOf(DomainError);
    expect(result.error).toMatchObject({ code: 'UNSUPPORTED_FILE' });
  });

  it('takes a lower bound from the caller', async () => {
    const bytes = await buildXlsxBomb(2 * MB);
    await expect(readXlsxTable(bytes, { maxUnpackedBytes: MB })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
    await expect(readXlsxTable(bytes)).resolves.toMatchObject({ sheetName: 'Transaksjoner' });
  });
});

describe('the zip bound on damaged archives', () => {
  it('refuses damaged deflate data, a moved directory and a hidden extra part with DomainError', async () => {
    const bytes = await buildXlsxBomb(2 * MB);
    const damaged = bytes.slice();
    damaged.fill(0xff, 2000, 2100);
    await expect(readStatement(damaged)).rejects.toBeInstanceOf(DomainError);
    // Bytes before the archive: JSZip would shift every offset by them, so they are refused.
    const prefixed = new Uint8Array(bytes.length + 10);
    prefixed.set(bytes, 10);
    await expect(assertZipUnpacksWithin(prefixed, 4 * MB)).rejects.toMatchObject({
      code: 'UNSUPPORTED_FILE',
    });
    // An end record that counts fewer parts than the directory holds (JSZip reads them all).
    const undercounted = bytes.slice();
    const end = undercounted.length - 22;
    undercounted[end + 10] = (undercounted[end + 10] ?? 1) - 1;
    await expect(assertZipUnpacksWithin(undercounted, 4 * MB)).rejects.toMatchObject({
      code: 'UNSUPPORTED_FILE',
    });
  });
});

describe('the zip bound without node:zlib (as bundled for the browser)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('counts with DecompressionStream just the same', async () => {
    vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined);
    const honest = await buildXlsxBomb(2 * MB);
    await expect(assertZipUnpacksWithin(honest, 4 * MB)).resolves.toBeUndefined();
    await expect(assertZipUnpacksWithin(honest, MB)).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    const lying = await buildXlsxBomb(2 * MB, { lie: true });
    await expect(assertZipUnpacksWithin(lying, 4 * MB)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
    await expect(assertZipUnpacksWithin(lying, MB)).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    const damaged = honest.slice();
    damaged.fill(0xff, 2000, 2100);
    await expect(assertZipUnpacksWithin(damaged, 4 * MB)).rejects.toBeInstanceOf(DomainError);
    expect(process.getBuiltinModule).toHaveBeenCalled();
  });
});

describe('xls size bound', () => {
  const xls = buildXls([header, [45971, 'Skyldig beløp', null, null, null, 5000]]);

  it('refuses an xls workbook larger than the bound before SheetJS parses it', async () => {
    // BIFF is not compressed, so its size is what SheetJS will hold: the file's size is the bound to check.
    const padded = new Uint8Array(DEFAULT_MAX_XLS_BYTES + 1);
    padded.set(xls);
    const result = await attempt(() => readStatement(padded));
    expect(result.error).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(result.milliseconds).toBeLessThan(MAX_MILLISECONDS);
  });

  it('takes a lower bound from the caller and reads what fits', async () => {
    await expect(readXlsTable(xls, { maxXlsBytes: xls.length - 1 })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
    await expect(readXlsTable(xls, { maxXlsBytes: xls.length })).resolves.toMatchObject({
      rows: [header, [45971, 'Skyldig beløp', null, null, null, 5000]],
    });
  });
});
