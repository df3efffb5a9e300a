import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { ImportJob } from '@bilag/contracts';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { serverNodeFlags } from '../apps/server/node-flags.mjs';
import { givenAccountNumber } from '../apps/server/src/test/fixtures';
import { readStatement } from '../packages/domain/src/statements/read-statement';
import { EXTRA_SERVER_FLAGS, residentMegabytes } from './built-server';
import type { BenchResult } from './result';

const execFileAsync = promisify(execFile);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_BUILD = path.join(REPOSITORY_ROOT, 'apps/server/build.mjs');
/** The server runs as `npm start` runs it: the built bundle, without a TypeScript loader. */
const SERVER_ENTRY = path.join(REPOSITORY_ROOT, 'apps/server/dist/main.mjs');
const DEMO_LOGIN = { email: 'regnskap@demo.no', password: 'demo1234' };

const CSV_ROWS = 1_000_000;
const XLSX_ROWS = 100_000;
const EMBEDDED_ROWS = 1_000_000;
const MEMORY_GOAL_MB = 300;
/** The embedded database's engine runs inside the server's process, so its goal is its own. */
const EMBEDDED_MEMORY_GOAL_MB = 400;
const COPY_ROUNDS = 2;
const POLL_MS = 100;
/** Rows written to disk at a time while the statement is generated. */
const WRITE_LINES = 20_000;
/** Every this many rows repeats the row before it: two real, identical payments on the same day. */
const REPEAT_EVERY = 50;

const SHOPS = [
  'Kiwi Bjølsen',
  'Rema 1000 Sagene',
  'Coop Extra Åsane',
  'Meny Tromsø',
  'Vinmonopolet Storo',
  'Circle K Førde',
  'Elkjøp Lørenskog',
  'Apotek 1 Bodø',
  'Narvesen Gardermoen',
  'Clas Ohlson Strømmen',
];
const PAYEES = [
  'Fjordkraft AS',
  'Telenor Norge AS',
  'Skatteetaten',
  'Gjensidige Forsikring',
  'Sparebank 1 Østlandet',
  'Bodø Kommune',
  'Ålesund Rørleggerservice',
  'Hagen & Søn Regnskap',
];
const PAYERS = ['Nordlys Eiendom AS', 'Kari Nordmann', 'Ola Hansen', 'Bjørk & Bær AS', 'Havbruk Vest AS'];

type GeneratedRow = { date: Date; text: string; amountOre: number };

/** A small, seeded generator, so every run imports the same statement. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(list: readonly T[], next: () => number): T {
  return list[Math.floor(next() * list.length)] as T;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * A year of transactions of a business account, dates ascending: card purchases, giro payments, transfers
 * and incoming payments, with money out about four times as often as money in.
 */
function* statementRows(count: number): Generator<GeneratedRow> {
  const next = random(20_250_101);
  let previous: GeneratedRow | undefined;
  for (let index = 0; index < count; index += 1) {
    if (previous && index % REPEAT_EVERY === REPEAT_EVERY - 1) {
      yield previous;
      continue;
    }
    const date = new Date(Date.UTC(2025, 0, 1 + Math.floor((index * 365) / count)));
    const day = `${twoDigits(date.getUTCDate())}.${twoDigits(date.getUTCMonth() + 1)}`;
    const kind = next();
    let text: string;
    let amountOre: number;
    if (kind < 0.55) {
      const time = `${twoDigits(Math.floor(next() * 24))}.${twoDigits(Math.floor(next() * 60))}`;
      text = `Varekjøp ${pick(SHOPS, next)} Dato ${day} kl. ${time}`;
      amountOre = -(100 + Math.floor(next() * 250_000));
    } else if (kind < 0.7) {
      text = `Giro ${pick(PAYEES, next)} KID ${Math.floor(next() * 1e10)}`;
      amountOre = -(10_000 + Math.floor(next() * 5_000_000));
    } else if (kind < 0.8) {
      text = `Nettgiro til: ${pick(PAYEES, next)} Betalt: ${day}.25`;
      amountOre = -(5_000 + Math.floor(next() * 2_000_000));
    } else if (kind < 0.85) {
      text = `Vipps*${pick(SHOPS, next)}`;
      amountOre = -(2_000 + Math.floor(next() * 100_000));
    } else {
      text = `Overføring Innland ${pick(PAYERS, next)} Fakturanr ${1000 + Math.floor(next() * 90_000)}`;
      amountOre = 10_000 + Math.floor(next() * 12_000_000);
    }
    previous = { date, text, amountOre };
    yield previous;
  }
}

function norwegianDate(date: Date): string {
  return `${twoDigits(date.getUTCDate())}.${twoDigits(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

/** 123456 øre as DNB writes it: "1 234,56". */
function norwegianAmount(ore: number): string {
  const kroner = String(Math.floor(ore / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${kroner},${twoDigits(ore % 100)}`;
}

/** A DNB netbank export as the bank writes it: ISO-8859-1, quoted fields separated by ";", CRLF. */
function* dnbCsvChunks(rows: number): Generator<Buffer> {
  let lines = ['"Dato";"Forklaring";"Rentedato";"Ut fra konto";"Inn på konto"'];
  for (const row of statementRows(rows)) {
    const date = norwegianDate(row.date);
    const amount = norwegianAmount(Math.abs(row.amountOre));
    const [outOf, into] = row.amountOre < 0 ? [amount, ''] : ['', amount];
    lines.push(`"${date}";"${row.text}";"${date}";"${outOf}";"${into}"`);
    if (lines.length >= WRITE_LINES) {
      yield iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252');
      lines = [];
    }
  }
  if (lines.length > 0) yield iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252');
}

/** Written to disk a slice at a time, never whole in memory. */
export async function writeDnbCsv(file: string, rows: number): Promise<void> {
  await pipeline(Readable.from(dnbCsvChunks(rows)), createWriteStream(file));
}

/** The same statement as a DNB xlsx export: date cells and numbers, written by exceljs's streaming writer. */
async function writeDnbXlsx(file: string, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Transaksjoner');
  sheet.addRow(['Dato', 'Forklaring', 'Rentedato', 'Ut fra konto', 'Inn på konto']).commit();
  for (const row of statementRows(rows)) {
    const amount = Math.abs(row.amountOre) / 100;
    sheet
      .addRow([
        row.date,
        row.text,
        row.date,
        row.amountOre < 0 ? amount : null,
        row.amountOre < 0 ? null : amount,
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * The same statement's rows as `bank_transactions` stores them, in COPY's text format: dates as ISO
 * dates, signed øre, and the fingerprint and occurrence that tell repeated rows apart, all worked out
 * beforehand, so that the load does nothing but store.
 */
function* transactionCopyChunks(rows: number): Generator<string> {
  const occurrences = new Map<string, number>();
  let lines: string[] = [];
  for (const row of statementRows(rows)) {
    const date = row.date.toISOString().slice(0, 10);
    const fingerprint = createHash('md5').update(`${date}|${row.amountOre}|${row.text}|`).digest('hex');
    const occurrence = (occurrences.get(fingerprint) ?? 0) + 1;
    occurrences.set(fingerprint, occurrence);
    lines.push(
      `1\t1\t${date}\t${date}\t${row.text}\t\t${row.amountOre}\tNOK\t${fingerprint}\t${occurrence}\n`,
    );
    if (lines.length >= WRITE_LINES) {
      yield lines.join('');
      lines = [];
    }
  }
  if (lines.length > 0) yield lines.join('');
}

async function writeTransactionCopy(file: string, rows: number): Promise<void> {
  await pipeline(Readable.from(transactionCopyChunks(rows)), createWriteStream(file));
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('No free port');
  return address.port;
}

type ServerProcess = { url: string; child: ChildProcess; logFile: string };

/** The server as it is run: its own node process on its own database, started the way `main.ts` is. */
async function startServer(options: { databaseUrl?: string; dataDir: string }): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _inherited, ...environment } = process.env;
  await mkdir(options.dataDir, { recursive: true });
  const logFile = path.join(options.dataDir, 'server.log');
  const log = createWriteStream(logFile);
  await execFileAsync(process.execPath, [SERVER_BUILD]);
  const child = spawn(
    process.execPath,
    [...serverNodeFlags({ embedded: !options.databaseUrl }), ...EXTRA_SERVER_FLAGS, SERVER_ENTRY],
    {
      cwd: REPOSITORY_ROOT,
      env: {
        ...environment,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: options.dataDir,
        SEED_DEMO_DATA: '1',
        LOG_LEVEL: 'warn',
        START_SANDBOX: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const server = { url: `http://127.0.0.1:${port}`, child, logFile };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped at start-up:\n${await logTail(server)}`);
    const ready = await fetch(`${server.url}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return server;
    await sleep(200);
  }
  await stopServer(server);
  throw new Error(`The server was not ready within 120 s:\n${await logTail(server)}`);
}

async function logTail(server: ServerProcess): Promise<string> {
  const text = await readFile(server.logFile, 'utf8').catch(() => '');
  return text.slice(-4000);
}

async function stopServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const stopped = await Promise.race([
    exited.then(() => true),
    sleep(15_000, undefined, { ref: false }).then(() => false),
  ]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** The most memory the process has held at once since it started (VmHWM), in MB. */
async function peakMegabytes(pid: number | undefined): Promise<number> {
  return round(await residentMegabytes(pid, 'VmHWM'), 1);
}

type Envelope<T> = { isSuccess: boolean; data: T; message?: string };

class Api {
  constructor(
    private readonly url: string,
    private token = '',
  ) {}

  async call<T>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.url}${route}`, {
      method,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 500)}`);
    return (JSON.parse(text) as Envelope<T>).data;
  }

  async signIn(): Promise<void> {
    const login = await this.call<{ AccessToken: string }>('POST', '/api/account/check-login', DEMO_LOGIN);
    this.token = login.AccessToken;
  }
}

/** Signs in as the demo accountant and adds a DNB account to the first of their companies. */
async function givenDnbAccount(
  api: Api,
  seed: number,
): Promise<{ companyId: number; companyBankId: number }> {
  const companies = await api.call<{ rows: { Id: number }[] }>('GET', '/api/main/companies');
  const companyId = companies.rows[0]?.Id;
  if (companyId === undefined) throw new Error('The demo accountant has no company');
  const account = await api.call<{ Id: number }>('POST', '/api/main/company-banks/add', {
    companyId,
    accountNumber: givenAccountNumber('1503', seed),
  });
  return { companyId, companyBankId: account.Id };
}

type Imported = { seconds: number; job: ImportJob };

/** Upload (streamed from disk), start, and poll until the job ends: what a person's browser does. */
async function importOverHttp(
  api: Api,
  account: { companyId: number; companyBankId: number },
  file: string,
): Promise<Imported> {
  const form = new FormData();
  form.append('companyId', String(account.companyId));
  form.append('companyBankId', String(account.companyBankId));
  form.append('file', await openAsBlob(file), path.basename(file));
  const start = performance.now();
  const uploaded = await api.call<ImportJob>('POST', '/api/main/transactions/v2/import-file-upload', form);
  await api.call<ImportJob>('POST', '/api/main/transactions/v2/import-data-upload', {
    companyId: account.companyId,
    jobId: uploaded.Id,
  });
  for (;;) {
    // An embedded database answers the poll only once the import's transaction has ended.
    const job = await api.call<ImportJob>(
      'GET',
      `/api/main/transactions/v2/import-job/${uploaded.Id}?companyId=${account.companyId}`,
    );
    if (job.Status === 'completed') return { seconds: (performance.now() - start) / 1000, job };
    if (job.Status === 'failed') throw new Error(`The import of ${path.basename(file)} failed: ${job.Error}`);
    await sleep(POLL_MS);
  }
}

function expectJob(job: ImportJob, expected: { imported: number; duplicates: number }, label: string) {
  if (job.Imported !== expected.imported || job.Duplicates !== expected.duplicates || job.Refused !== 0) {
    throw new Error(
      `${label}: imported ${job.Imported}, duplicates ${job.Duplicates}, refused ${job.Refused}; expected ${expected.imported} imported and ${expected.duplicates} duplicates`,
    );
  }
}

/** Baseline: PostgreSQL's own bulk load of the same file into a table of text columns, best of a few. */
async function copySeconds(databaseUrl: string, file: string, rows: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < COPY_ROUNDS; round += 1) {
      await client.query(
        'create table bench_copy (dato text, forklaring text, rentedato text, ut_fra_konto text, inn_paa_konto text)',
      );
      const start = performance.now();
      const copy = client.query(
        copyFrom(`copy bench_copy from stdin (format csv, delimiter ';', header, encoding 'WIN1252')`),
      );
      await pipeline(createReadStream(file, { highWaterMark: 256 * 1024 }), copy);
      best = Math.min(best, (performance.now() - start) / 1000);
      if (copy.rowCount !== rows) throw new Error(`COPY loaded ${copy.rowCount} rows, expected ${rows}`);
      await client.query('drop table bench_copy');
    }
    return best;
  } finally {
    await client.end();
  }
}

/**
 * Baseline: PostgreSQL's own bulk load of the same rows, already in their stored form, into a table made
 * like `bank_transactions` with its keys and indexes (the server has created the schema); best of a few.
 */
async function copyIntoTransactionsSeconds(databaseUrl: string, file: string, rows: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < COPY_ROUNDS; round += 1) {
      await client.query('create table bench_copy_transactions (like bank_transactions including all)');
      const start = performance.now();
      const copy = client.query(
        copyFrom(`copy bench_copy_transactions (company_id, company_bank_id, booking_date, value_date, text,
          text2, amount_ore, currency, fingerprint, occurrence) from stdin`),
      );
      await pipeline(createReadStream(file, { highWaterMark: 256 * 1024 }), copy);
      best = Math.min(best, (performance.now() - start) / 1000);
      if (copy.rowCount !== rows) throw new Error(`COPY loaded ${copy.rowCount} rows, expected ${rows}`);
      await client.query('drop table bench_copy_transactions');
    }
    return best;
  } finally {
    await client.end();
  }
}

/** Baseline: the domain's reader alone on the same workbook bytes, in this process; best of a few. */
async function readStatementSeconds(file: string, rows: number): Promise<number> {
  const bytes = new Uint8Array(await readFile(file));
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 2; round += 1) {
    const start = performance.now();
    const statement = await readStatement(bytes);
    best = Math.min(best, (performance.now() - start) / 1000);
    if (statement.rows.length !== rows || statement.refused.length > 0)
      throw new Error(
        `readStatement read ${statement.rows.length} rows, refused ${statement.refused.length}`,
      );
  }
  return best;
}

function rowsName(rows: number): string {
  return rows.toLocaleString('en');
}

function throughput(
  name: string,
  rows: number,
  ours: number,
  baseline: number,
  /** The goal's words and the least ratio that meets it. */
  goal: { text: string; minRatio: number } | undefined,
): BenchResult {
  return {
    name,
    ours: Math.round(rows / ours),
    baseline: Math.round(rows / baseline),
    unit: 'rows/s',
    ratio: round(baseline / ours),
    ...(goal === undefined ? {} : { goal: goal.text, met: baseline / ours >= goal.minRatio }),
  };
}

/** Peak memory against the goal's limit. */
function memory(name: string, megabytes: number, goalMb: number): BenchResult {
  return {
    name,
    ours: megabytes,
    baseline: goalMb,
    unit: 'MB peak RSS (lower is better)',
    ratio: round(megabytes / goalMb),
    goal: `< ${goalMb} MB`,
    met: megabytes < goalMb,
  };
}

/**
 * A DNB CSV statement and an xlsx statement imported end to end through the HTTP API of a server running
 * on PostgreSQL as its own process, against a bare COPY of the same file and the bare statement reader.
 */
export async function benchImportsPostgres(
  options: { csvRows?: number; xlsxRows?: number } = {},
): Promise<BenchResult[]> {
  const csvRows = options.csvRows ?? CSV_ROWS;
  const xlsxRows = options.xlsxRows ?? XLSX_ROWS;
  const directory = await mkdtemp(path.join(tmpdir(), 'bilag-bench-imports-'));
  const database = `bilag_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  let server: ServerProcess | undefined;
  try {
    await admin.query(`create database ${database}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    const csvFile = path.join(directory, 'dnb-statement.csv');
    const xlsxFile = path.join(directory, 'dnb-statement.xlsx');
    const storedFile = path.join(directory, 'dnb-statement.copy');
    await writeDnbCsv(csvFile, csvRows);
    await writeTransactionCopy(storedFile, csvRows);
    await writeDnbXlsx(xlsxFile, xlsxRows);
    const megabytes = round((await openAsBlob(csvFile)).size / 1024 / 1024, 1);

    const copy = await copySeconds(url.toString(), csvFile, csvRows);
    server = await startServer({ databaseUrl: url.toString(), dataDir: path.join(directory, 'server') });
    const copyStored = await copyIntoTransactionsSeconds(url.toString(), storedFile, csvRows);
    const api = new Api(server.url);
    await api.signIn();
    const account = await givenDnbAccount(api, 0);
    const first = await importOverHttp(api, account, csvFile);
    expectJob(first.job, { imported: csvRows, duplicates: 0 }, 'CSV import');
    const peak = await peakMegabytes(server.child.pid);
    const again = await importOverHttp(api, account, csvFile);
    expectJob(again.job, { imported: 0, duplicates: csvRows }, 'CSV re-import');

    const workbookAccount = await givenDnbAccount(api, 1000);
    const workbook = await importOverHttp(api, workbookAccount, xlsxFile);
    expectJob(workbook.job, { imported: xlsxRows, duplicates: 0 }, 'xlsx import');
    const reader = await readStatementSeconds(xlsxFile, xlsxRows);

    const csvName = `${rowsName(csvRows)}-row DNB CSV (${megabytes} MB)`;
    return [
      throughput(
        `statement import over HTTP, PostgreSQL, ${csvName}: upload to completed vs bare COPY of the same rows, parsed beforehand, into a table like bank_transactions with its indexes`,
        csvRows,
        first.seconds,
        copyStored,
        { text: '≥ 0.5× COPY rows/s', minRatio: 0.5 },
      ),
      throughput(
        `statement import over HTTP, PostgreSQL, ${csvName}: upload to completed vs bare COPY of the file into a table of five text columns and no index`,
        csvRows,
        first.seconds,
        copy,
        undefined,
      ),
      memory(
        `statement import over HTTP, PostgreSQL, ${csvName}: server peak memory (VmHWM)`,
        peak,
        MEMORY_GOAL_MB,
      ),
      throughput(
        `statement re-import (all duplicates), PostgreSQL, ${csvName} vs bare COPY of the file`,
        csvRows,
        again.seconds,
        copy,
        undefined,
      ),
      throughput(
        `statement import over HTTP, PostgreSQL, ${rowsName(xlsxRows)}-row DNB xlsx vs readStatement in process`,
        xlsxRows,
        workbook.seconds,
        reader,
        { text: '≥ 0.8× the reader', minRatio: 0.8 },
      ),
    ];
  } finally {
    if (server) await stopServer(server);
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    await rm(directory, { recursive: true, force: true });
  }
}

/** The same CSV import on the embedded database (no DATABASE_URL: PGlite in the data folder). */
export async function benchImportsEmbedded(options: { rows?: number } = {}): Promise<BenchResult[]> {
  const rows = options.rows ?? EMBEDDED_ROWS;
  const directory = await mkdtemp(path.join(tmpdir(), 'bilag-bench-imports-'));
  const database = `bilag_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  let server: ServerProcess | undefined;
  try {
    const csvFile = path.join(directory, 'dnb-statement.csv');
    await writeDnbCsv(csvFile, rows);
    const megabytes = round((await openAsBlob(csvFile)).size / 1024 / 1024, 1);
    await admin.query(`create database ${database}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    const copy = await copySeconds(url.toString(), csvFile, rows);

    server = await startServer({ dataDir: path.join(directory, 'server') });
    const api = new Api(server.url);
    await api.signIn();
    const account = await givenDnbAccount(api, 0);
    const imported = await importOverHttp(api, account, csvFile);
    expectJob(imported.job, { imported: rows, duplicates: 0 }, 'CSV import on PGlite');
    const peak = await peakMegabytes(server.child.pid);

    const csvName = `${rowsName(rows)}-row DNB CSV (${megabytes} MB)`;
    return [
      throughput(
        `statement import over HTTP, embedded PGlite, ${csvName}: upload to completed vs bare COPY into PostgreSQL`,
        rows,
        imported.seconds,
        copy,
        undefined,
      ),
      memory(
        `statement import over HTTP, embedded PGlite, ${csvName}: server peak memory (VmHWM)`,
        peak,
        EMBEDDED_MEMORY_GOAL_MB,
      ),
    ];
  } finally {
    if (server) await stopServer(server);
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    await rm(directory, { recursive: true, force: true });
  }
}

export async function benchImports(): Promise<BenchResult[]> {
  return [...(await benchImportsPostgres()), ...(await benchImportsEmbedded())];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const small = process.argv.includes('--small');
  console.table([
    ...(await benchImportsPostgres(small ? { csvRows: 20_000, xlsxRows: 5_000 } : {})),
    ...(await benchImportsEmbedded(small ? { rows: 20_000 } : {})),
  ]);
}
