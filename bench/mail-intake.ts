import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { serverNodeFlags } from '../apps/server/node-flags.mjs';
import type { Db } from '../apps/server/src/db/client';
import { vouchers } from '../apps/server/src/db/schema';
import { BENCH_LOGIN, seedBenchCompanies, withBenchPostgres } from './bench-database';
import {
  freePort,
  logTail,
  memoryShape,
  resetPeakMemory,
  residentMegabytes,
  round,
  type ServerProcess,
  sampleMemory,
  startSandbox,
  startServer,
  stopSandbox,
  stopServer,
} from './built-server';
import type { BenchResult } from './result';

/**
 * Receipts forwarded by e-mail, as a company's people send them: 10,000 mails with a 200 kB PDF each
 * through SMTP (nodemailer, a few connections) to the built server's listener, until every one is a
 * voucher. The floor is a bare smtp-server in a process of its own that only counts the bytes, fed the
 * same mails by the same client in the same run. The server's resident size is sampled while it works.
 *
 * `BENCH_SCALE=0.01 npm run bench -- mail-intake` sends a hundredth of the mails.
 */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const MAILS = Math.max(10, Math.round(10_000 * SCALE));
const PDF_BYTES = 200 * 1024;
const CONNECTIONS = 4;
/** Mails handed to the client at once; more would only queue in its memory. */
const IN_FLIGHT = 16;
const MAIL_DOMAIN = 'bilag.bench';
const MEMORY_GOAL_MB = 300;
const POLL_MS = 250;
/** How long the bench waits for the last voucher after the last mail was taken. */
const SETTLE_TIMEOUT_MS = 10 * 60_000;
/** A transient refusal (4xx) is tried again after this wait, as a mail server's queue would. */
const RETRY_AFTER_MS = 500;
const MAX_TRIES = 20;
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..');
/** The hostile mail: twice the listener's 25 MB limit, refused with 552 while it streams past. */
const OVERSIZED_MAIL_MB = 50;

/** A small seeded generator, so every run sends the same scans. */
function seededBytes(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0;
  for (let index = 0; index < length; index += 1) {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

/**
 * A receipt as a phone's scanner app makes one: a page with the scan as a greyscale image, which is
 * most of its 200 kB, and the receipt's number as text, so no two receipts are the same file.
 */
function receiptPdf(scan: Buffer, width: number, height: number, number: number): Buffer {
  const content = `q 500 0 0 700 48 80 cm /Scan Do Q\nBT /F1 14 Tf 48 800 Td (Kvittering ${number}) Tj ET`;
  const parts: (string | Buffer)[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: string | Buffer) => {
    parts.push(part);
    length += typeof part === 'string' ? Buffer.byteLength(part, 'latin1') : part.length;
  };
  const object = (body: (string | Buffer)[]) => {
    offsets.push(length);
    push(`${offsets.length} 0 obj\n`);
    for (const part of body) push(part);
    push('\nendobj\n');
  };
  push('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n');
  object(['<< /Type /Catalog /Pages 2 0 R >>']);
  object(['<< /Type /Pages /Kids [3 0 R] /Count 1 >>']);
  object([
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> /XObject << /Scan 5 0 R >> >> /Contents 6 0 R >>',
  ]);
  object(['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>']);
  object([
    `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${scan.length} >>\nstream\n`,
    scan,
    '\nendstream',
  ]);
  object([`<< /Length ${content.length} >>\nstream\n${content}\nendstream`]);
  const xref = length;
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : part)));
}

/** The mails, made one at a time as the client asks for them, so only those in flight are in memory. */
function mailMaker(to: string) {
  const width = 500;
  const height = Math.floor((PDF_BYTES - 1024) / width);
  const scan = seededBytes(width * height, 18);
  return (number: number) => ({
    from: `Bench <${BENCH_LOGIN.email}>`,
    to,
    subject: `Kvittering ${number}`,
    text: `Kvittering ${number} fra bench.`,
    attachments: [
      {
        filename: `kvittering-${number}.pdf`,
        content: receiptPdf(scan, width, height, number),
        contentType: 'application/pdf',
      },
    ],
  });
}

type Mail = ReturnType<ReturnType<typeof mailMaker>>;

/**
 * Sends every mail over a pool of connections, a few in flight at once; a mail refused for now (4xx) is
 * sent again after a short wait. Answers the seconds until the last was taken, and the retries.
 */
async function sendAll(port: number, mails: number, makeMail: (number: number) => Mail) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: CONNECTIONS,
    maxMessages: Number.POSITIVE_INFINITY,
  });
  let next = 1;
  let retries = 0;
  const started = performance.now();
  const worker = async () => {
    for (let number = next++; number <= mails; number = next++) {
      const mail = makeMail(number);
      for (let tries = 1; ; tries += 1) {
        try {
          await transport.sendMail(mail);
          break;
        } catch (error) {
          const code = (error as { responseCode?: number }).responseCode ?? 0;
          if (tries >= MAX_TRIES || (code >= 500 && code < 600)) throw error;
          retries += 1;
          await sleep(RETRY_AFTER_MS);
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  } finally {
    transport.close();
  }
  return { seconds: (performance.now() - started) / 1000, retries };
}

type BareCount = { messages: number; bytes: number };

/** The floor in its own process: a bare smtp-server that counts the bytes. */
async function startBareServer(): Promise<{
  child: ChildProcess;
  port: number;
  count(): Promise<BareCount>;
}> {
  const child = spawn(
    process.execPath,
    [...serverNodeFlags({ embedded: false }), '--import', 'tsx', 'bench/bare-smtp-server.ts'],
    {
      cwd: REPOSITORY_ROOT,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', () => reject(new Error('the bare smtp-server stopped')));
  });
  return {
    child,
    port,
    count: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message as BareCount));
        child.send('count');
      }),
  };
}

/**
 * Sends one mail of OVERSIZED_MAIL_MB and answers the SMTP code it got. The attachment is made as
 * it is sent, so the client never holds it either.
 */
async function sendOversizedMail(port: number, to: string): Promise<number | undefined> {
  const chunk = Buffer.alloc(1024 * 1024, 0x41);
  const content = Readable.from(
    (function* () {
      for (let index = 0; index < OVERSIZED_MAIL_MB; index += 1) yield chunk;
    })(),
  );
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, ignoreTLS: true });
  try {
    await transport.sendMail({
      from: BENCH_LOGIN.email,
      to,
      subject: 'huge',
      text: 'x',
      attachments: [{ filename: 'huge.pdf', content }],
    });
    return 250;
  } catch (error) {
    return (error as { responseCode?: number }).responseCode;
  } finally {
    transport.close();
  }
}

async function voucherCount(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ vouchers: count() })
    .from(vouchers)
    .where(eq(vouchers.companyId, companyId));
  return row?.vouchers ?? 0;
}

/** Polls until the company has the vouchers, failing early if the server stops; answers when it did. */
async function awaitVouchers(db: Db, server: ServerProcess, companyId: number, expected: number) {
  let seen = 0;
  for (const deadline = Date.now() + SETTLE_TIMEOUT_MS; Date.now() < deadline; await sleep(POLL_MS)) {
    if (server.child.exitCode !== null) throw new Error(`the server stopped:\n${await logTail(server)}`);
    seen = await voucherCount(db, companyId);
    if (seen >= expected) return performance.now();
  }
  throw new Error(
    `${seen} of ${expected} mails became vouchers within ${SETTLE_TIMEOUT_MS / 60_000} minutes`,
  );
}

export async function benchMailIntake(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bilag-bench-mail-intake-'));
  const sandbox = await startSandbox(dataDir);
  try {
    return await withBenchPostgres(async (database, barePool) => {
      await database.migrate();
      await seedBenchCompanies(database, 1);
      const companyId = 1;
      const makeMail = mailMaker(`company-${companyId}@${MAIL_DOMAIN}`);

      const bare = await startBareServer();
      let floor: { seconds: number; retries: number };
      let taken: BareCount;
      try {
        floor = await sendAll(bare.port, MAILS, makeMail);
        taken = await bare.count();
      } finally {
        bare.child.disconnect();
      }
      if (taken.messages !== MAILS)
        throw new Error(`the bare server took ${taken.messages} of ${MAILS} mails`);

      const databaseUrl = barePool.options.connectionString;
      if (!databaseUrl) throw new Error('the bench database has no URL');
      const intakePort = await freePort();
      const server = await startServer({
        databaseUrl,
        sandbox,
        dataDir,
        env: { MAIL_INTAKE_PORT: String(intakePort), MAIL_DOMAIN },
      });
      try {
        // The jobs a server runs when it starts have run by now; what is left is the server at rest.
        await sleep(2_000);
        const idleMb = await residentMegabytes(server.child.pid, 'VmRSS');
        await resetPeakMemory(server.child.pid);
        const memory = sampleMemory(server.child.pid);
        const started = performance.now();
        const sent = await sendAll(intakePort, MAILS, makeMail);
        const done = await awaitVouchers(database.db, server, companyId, MAILS);
        const samples = memory.stop();
        const peakMb = await residentMegabytes(server.child.pid, 'VmHWM');
        const seconds = (done - started) / 1000;
        const shape = memoryShape(samples);

        await sleep(2_000);
        const beforeOversizedMb = await residentMegabytes(server.child.pid, 'VmRSS');
        await resetPeakMemory(server.child.pid);
        const oversizedCode = await sendOversizedMail(intakePort, `company-${companyId}@${MAIL_DOMAIN}`);
        if (oversizedCode !== 552)
          throw new Error(`a ${OVERSIZED_MAIL_MB} MB mail was answered ${oversizedCode}, not 552`);
        const oversizedPeakMb = await residentMegabytes(server.child.pid, 'VmHWM');

        const perSecond = MAILS / seconds;
        const floorPerSecond = MAILS / floor.seconds;
        const megabytes = taken.bytes / 1024 / 1024;
        process.stderr.write(
          [
            `mail intake, ${MAILS.toLocaleString('en')} mails of ${round(megabytes / MAILS, 2)} MB: all vouchers after ${round(seconds, 1)} s (SMTP taken after ${round(sent.seconds, 1)} s, ${sent.retries} retried)`,
            `  ${round(perSecond, 1)} mails/s; the bare smtp-server ${round(floorPerSecond, 1)} mails/s (${round(floor.seconds, 1)} s, ${round(megabytes / floor.seconds, 1)} MB/s): ${(perSecond / floorPerSecond).toFixed(2)}× (goal ≥ 0.5×)`,
            `  server RSS ${round(idleMb, 1)} MB idle before; while receiving ${round(shape.start)} MB in the first tenth, ${round(shape.middle)} MB in the middle, ${round(shape.end)} MB in the last; peak ${round(peakMb, 1)} MB (goal < ${MEMORY_GOAL_MB} MB)`,
            `  a ${OVERSIZED_MAIL_MB} MB mail, refused with 552: RSS ${round(beforeOversizedMb, 1)} MB before, peak ${round(oversizedPeakMb, 1)} MB while it arrived (+${round(oversizedPeakMb - beforeOversizedMb, 1)} MB)`,
            '',
          ].join('\n'),
        );
        const label = `${MAILS.toLocaleString('en')} mails with a 200 kB PDF, ${CONNECTIONS} SMTP connections, built server on PostgreSQL`;
        return [
          {
            name: `mail intake, ${label}: mails made vouchers per second against a bare smtp-server counting bytes`,
            ours: round(perSecond, 1),
            baseline: round(floorPerSecond, 1),
            unit: 'mails/s (higher is better)',
            ratio: perSecond / floorPerSecond,
            goal: '≥ 0.5× the bare smtp-server',
            met: perSecond / floorPerSecond >= 0.5,
          },
          {
            name: `mail intake, ${label}: server peak memory while receiving (${round(idleMb, 1)} MB idle before; ${round(shape.start)} → ${round(shape.middle)} → ${round(shape.end)} MB sampled)`,
            ours: round(peakMb, 1),
            baseline: MEMORY_GOAL_MB,
            unit: 'MB peak RSS (lower is better)',
            ratio: peakMb / MEMORY_GOAL_MB,
            goal: `< ${MEMORY_GOAL_MB} MB, flat`,
          },
          {
            name: `mail intake: server peak memory while a ${OVERSIZED_MAIL_MB} MB mail arrives and is refused with 552, against its resident size just before (${round(beforeOversizedMb, 1)} MB)`,
            ours: round(oversizedPeakMb, 1),
            baseline: round(beforeOversizedMb, 1),
            unit: 'MB peak RSS (lower is better)',
            ratio: oversizedPeakMb / beforeOversizedMb,
            goal: `grows by far less than the ${OVERSIZED_MAIL_MB} MB the mail holds`,
          },
        ];
      } finally {
        await stopServer(server);
      }
    });
  } finally {
    await stopSandbox(sandbox);
    await rm(dataDir, { recursive: true, force: true });
  }
}
