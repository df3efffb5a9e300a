import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { streamStatement } from '../packages/domain/src/statements/read-statement';
import type { BenchResult } from './result';

const ROW_COUNT = 1_000_000;
const CHUNK_BYTES = 64 * 1024;
const ROUNDS = 3;

const SHOPS = [
  'Kiwi Bjølsen',
  'Rema 1000 Sagene',
  'Coop Extra Åsane',
  'Vinmonopolet Storo',
  'Ruter Månedskort',
];

/**
 * A DNB netbank export as the bank writes it: ISO-8859-1, quoted fields separated by ";", CRLF, dates
 * DD.MM.YYYY and amounts with a decimal comma, money out and in in separate columns.
 */
export function dnbStatementCsv(rows: number): Uint8Array {
  const lines = ['"Dato";"Forklaring";"Rentedato";"Ut fra konto";"Inn på konto"'];
  for (let index = 0; index < rows; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    const month = String((index % 12) + 1).padStart(2, '0');
    const date = `${day}.${month}.2025`;
    const amount = `${(index * 7919) % 100_000},${String(index % 100).padStart(2, '0')}`;
    const shop = SHOPS[index % SHOPS.length] ?? '';
    const [out, into] = index % 4 === 0 ? ['', amount] : [amount, ''];
    lines.push(
      `"${date}";"Varekjøp ${shop} Dato ${day}.${month} kl. 12.${index % 60}";"${date}";"${out}";"${into}"`,
    );
  }
  return new Uint8Array(iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252'));
}

async function* inChunks(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    yield bytes.subarray(offset, offset + CHUNK_BYTES);
  }
}

/** Our reader: decode, detect the layout, parse, and read every date and amount into a transaction. */
async function readWithStreamStatement(bytes: Uint8Array): Promise<number> {
  let rows = 0;
  for await (const batch of streamStatement(inChunks(bytes))) {
    if (batch.refused.length > 0) throw new Error(`Refused rows: ${JSON.stringify(batch.refused[0])}`);
    rows += batch.rows.length;
  }
  return rows;
}

/** Baseline: the same bytes decoded at once and split into records by papaparse, nothing more. */
function readWithPapaparse(bytes: Uint8Array): number {
  const text = new TextDecoder('windows-1252').decode(bytes);
  const result = Papa.parse<string[]>(text, { delimiter: ';', newline: '\r\n', skipEmptyLines: true });
  return result.data.length - 1;
}

/** Baseline: papaparse's own streaming API over the same chunks, decoded by iconv-lite's stream. */
async function readWithPapaparseStream(bytes: Uint8Array): Promise<number> {
  const records = Readable.from(inChunks(bytes))
    .pipe(iconv.decodeStream('win1252'))
    .pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: ';', newline: '\r\n', skipEmptyLines: true }));
  let count = 0;
  for await (const _record of records) count += 1;
  return count - 1;
}

async function seconds(run: () => Promise<number> | number, expectedRows: number): Promise<number> {
  const start = performance.now();
  const rows = await run();
  const elapsed = (performance.now() - start) / 1000;
  if (rows !== expectedRows) throw new Error(`Read ${rows} rows, expected ${expectedRows}`);
  return elapsed;
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

type Reader = () => Promise<number> | number;

/** Best time of each reader over several rounds, in a rotating order so none always runs first. */
async function bestSeconds(readers: readonly Reader[], expectedRows: number): Promise<number[]> {
  const best = readers.map(() => Number.POSITIVE_INFINITY);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let step = 0; step < readers.length; step += 1) {
      const index = (round + step) % readers.length;
      const reader = readers[index];
      if (reader)
        best[index] = Math.min(best[index] ?? Number.POSITIVE_INFINITY, await seconds(reader, expectedRows));
    }
  }
  return best;
}

/**
 * Rows per second of our streaming statement reader (decode, layout detection, parse, date and amount
 * validation into øre) against papaparse alone on the same 1,000,000-row file, whole and streaming.
 */
export async function benchStatements(): Promise<BenchResult[]> {
  const bytes = dnbStatementCsv(ROW_COUNT);
  const megabytes = round(bytes.length / 1024 / 1024, 1);
  const [ours = 0, whole = 0, streaming = 0] = await bestSeconds(
    [
      () => readWithStreamStatement(bytes),
      () => readWithPapaparse(bytes),
      () => readWithPapaparseStream(bytes),
    ],
    ROW_COUNT,
  );
  const result = (baselineName: string, baselineSeconds: number): BenchResult => ({
    name: `bank statement CSV, ${ROW_COUNT.toLocaleString('en')} DNB rows (${megabytes} MB): streamStatement vs ${baselineName}`,
    ours: Math.round(ROW_COUNT / ours),
    baseline: Math.round(ROW_COUNT / baselineSeconds),
    unit: 'rows/s',
    ratio: round(baselineSeconds / ours),
    goal: '≥ 0.7×',
    met: baselineSeconds / ours >= 0.7,
  });
  return [
    result('Papa.parse on the decoded text', whole),
    result('papaparse stream (NODE_STREAM_INPUT)', streaming),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchStatements());
}
