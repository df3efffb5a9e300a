import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiPrefix } from '@bilag/contracts';
import { parseEhf, todayIsoDate } from '@bilag/domain';
import { count, eq } from 'drizzle-orm';
import { EXAMPLE_DOCUMENTS } from '../apps/sandbox/src/peppol/documents';
import { writeEnvelope } from '../apps/sandbox/src/peppol/envelope';
import { participantValue } from '../apps/sandbox/src/peppol/identifiers';
import { checkDocument } from '../apps/sandbox/src/peppol/outbox';
import { listPublicSamples, readPublicSample } from '../apps/sandbox/src/peppol/public-samples';
import { DEFAULT_CREDENTIALS } from '../apps/sandbox/src/platform/context';
import { SIGNATURE_HEADER, signatureHeader } from '../apps/sandbox/src/platform/webhooks';
import type { Db } from '../apps/server/src/db/client';
import { vouchers } from '../apps/server/src/db/schema';
import { seedBenchCompanies, withBenchPostgres } from './bench-database';
import {
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
 * EHF invoices arriving from the PEPPOL network: 10,000 invoices posted to the built server's webhook as
 * the access point posts them (each in its SBDH envelope, signed with the webhook secret), until every one
 * is a voucher. They are varied: the public samples beside the repository (where there are any) and the
 * sandbox's own example invoices, each with a number of its own, and only those the access point would
 * take on and that pass the checks. The floor is the bare parser, parseEhf, reading the same documents in one process.
 *
 * `BENCH_SCALE=0.01 npm run bench -- ehf-intake` posts a hundredth of the invoices.
 */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const INVOICES = Math.max(10, Math.round(10_000 * SCALE));
/** Deliveries posted at once, as an access point with a few workers sends them. */
const CONCURRENT_DELIVERIES = 4;
const ORGANISATION_NUMBER = '923456783';
const COMPANY_NAME = 'Company 1';
const MEMORY_GOAL_MB = 300;
const POLL_MS = 250;
const SETTLE_TIMEOUT_MS = 10 * 60_000;
/** A delivery the webhook answers 429 or 5xx is sent again after this wait, as the access point would. */
const RETRY_AFTER_MS = 250;
const MAX_TRIES = 20;
const WEBHOOK_PATH = `${ApiPrefix.ehf}/webhook/peppol`;

type Template = { name: string; write(number: number): string };

/** The document with its invoice number (the first cbc:ID, the document's own) made this one's. */
function withNumber(document: string, number: string): string {
  return document.replace(/<cbc:ID>[^<]*<\/cbc:ID>/, `<cbc:ID>${number}</cbc:ID>`);
}

/**
 * The documents the invoices are made from: each public sample invoice, and each of the sandbox's example
 * invoices written for the company. A template is kept only when the invoice it writes is one the access
 * point takes on and its number is the one given.
 */
function invoiceTemplates(): Template[] {
  const today = todayIsoDate('Europe/Oslo');
  const receiver = { organisationNumber: ORGANISATION_NUMBER, name: COMPANY_NAME };
  const candidates: Template[] = [
    ...listPublicSamples().flatMap((name) => {
      const sample = readPublicSample(name);
      return sample ? [{ name, write: (number: number) => withNumber(sample, `BENCH-${number}`) }] : [];
    }),
    ...EXAMPLE_DOCUMENTS.filter((example) => example.kind === 'invoice').map((example) => ({
      name: `example:${example.id}`,
      write: (number: number) => example.write({ receiver, today, sequence: number, sent: [] }),
    })),
  ];
  return candidates.filter((template) => {
    const document = template.write(7);
    const checked = checkDocument(document);
    return (
      !('refusal' in checked) &&
      checked.kind === 'invoice' &&
      checked.documentId.endsWith('7') &&
      !parseEhf(document).problems.some((problem) => problem.severity === 'fatal')
    );
  });
}

type Delivery = { envelope: string; messageId: string };

function deliveryOf(document: string, number: number): Delivery {
  const checked = checkDocument(document);
  if ('refusal' in checked) throw new Error(`invoice ${number} was refused: ${checked.refusal.message}`);
  const messageId = crypto.randomUUID();
  return {
    messageId,
    envelope: writeEnvelope({
      sender: checked.sender,
      receiver: participantValue(ORGANISATION_NUMBER),
      kind: checked.kind,
      customizationId: checked.customizationId,
      processId: checked.processId,
      messageId,
      createdAt: new Date().toISOString(),
      document,
      senderCountry: checked.senderCountry,
    }),
  };
}

/** Posts one delivery signed as the access point signs it; 429 and 5xx are tried again, as it would. */
async function deliver(server: ServerProcess, delivery: Delivery): Promise<number> {
  for (let tries = 1; ; tries += 1) {
    const answer = await fetch(`${server.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/xml',
        [SIGNATURE_HEADER]: signatureHeader(
          DEFAULT_CREDENTIALS.peppolWebhookSecret,
          delivery.envelope,
          Math.floor(Date.now() / 1000),
        ),
        'x-peppol-message-id': delivery.messageId,
      },
      body: delivery.envelope,
    });
    const text = await answer.text();
    if (answer.ok) return tries - 1;
    if ((answer.status !== 429 && answer.status < 500) || tries >= MAX_TRIES) {
      throw new Error(`the webhook answered ${answer.status}: ${text.slice(0, 500)}`);
    }
    await sleep(RETRY_AFTER_MS);
  }
}

async function voucherCount(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ vouchers: count() })
    .from(vouchers)
    .where(eq(vouchers.companyId, companyId));
  return row?.vouchers ?? 0;
}

async function awaitVouchers(db: Db, server: ServerProcess, companyId: number, expected: number) {
  let seen = 0;
  for (const deadline = Date.now() + SETTLE_TIMEOUT_MS; Date.now() < deadline; await sleep(POLL_MS)) {
    if (server.child.exitCode !== null) throw new Error(`the server stopped:\n${await logTail(server)}`);
    seen = await voucherCount(db, companyId);
    if (seen >= expected) return performance.now();
  }
  throw new Error(
    `${seen} of ${expected} invoices became vouchers within ${SETTLE_TIMEOUT_MS / 60_000} minutes`,
  );
}

export async function benchEhfIntake(): Promise<BenchResult[]> {
  const templates = invoiceTemplates();
  if (templates.length === 0) throw new Error('no invoice to send');
  const documents = Array.from({ length: INVOICES }, (_, index) =>
    (templates[index % templates.length] as Template).write(index + 1),
  );

  const parseStarted = performance.now();
  for (const document of documents) parseEhf(document);
  const parseSeconds = (performance.now() - parseStarted) / 1000;

  const dataDir = await mkdtemp(path.join(tmpdir(), 'bilag-bench-ehf-intake-'));
  const sandbox = await startSandbox(dataDir);
  try {
    return await withBenchPostgres(async (database, barePool) => {
      await database.migrate();
      await seedBenchCompanies(database, 1);
      const companyId = 1;
      const databaseUrl = barePool.options.connectionString;
      if (!databaseUrl) throw new Error('the bench database has no URL');
      const server = await startServer({ databaseUrl, sandbox, dataDir });
      try {
        await sleep(2_000);
        const idleMb = await residentMegabytes(server.child.pid, 'VmRSS');
        await resetPeakMemory(server.child.pid);
        const memory = sampleMemory(server.child.pid);
        const started = performance.now();
        let next = 0;
        let retries = 0;
        const worker = async () => {
          for (let index = next++; index < documents.length; index = next++) {
            retries += await deliver(server, deliveryOf(documents[index] as string, index + 1));
          }
        };
        await Promise.all(Array.from({ length: CONCURRENT_DELIVERIES }, worker));
        const postedSeconds = (performance.now() - started) / 1000;
        const done = await awaitVouchers(database.db, server, companyId, INVOICES);
        const samples = memory.stop();
        const peakMb = await residentMegabytes(server.child.pid, 'VmHWM');
        const seconds = (done - started) / 1000;
        const shape = memoryShape(samples);

        const perSecond = INVOICES / seconds;
        const parsedPerSecond = INVOICES / parseSeconds;
        process.stderr.write(
          [
            `EHF intake, ${INVOICES.toLocaleString('en')} invoices from ${templates.length} templates (${templates.map((template) => template.name).join(', ')})`,
            `  all vouchers after ${round(seconds, 1)} s (all delivered after ${round(postedSeconds, 1)} s, ${retries} retried): ${round(perSecond, 1)} invoices/s`,
            `  parseEhf alone ${round(parsedPerSecond, 1)} invoices/s (${round(parseSeconds, 1)} s): ${(perSecond / parsedPerSecond).toFixed(2)}× (goal ≥ 0.5×)`,
            `  server RSS ${round(idleMb, 1)} MB idle before; ${round(shape.start)} → ${round(shape.middle)} → ${round(shape.end)} MB sampled; peak ${round(peakMb, 1)} MB`,
            '',
          ].join('\n'),
        );
        const label = `${INVOICES.toLocaleString('en')} invoices from ${templates.length} templates, ${CONCURRENT_DELIVERIES} deliveries at once, built server on PostgreSQL`;
        return [
          {
            name: `EHF intake through the signed webhook, ${label}: invoices made vouchers per second against parseEhf alone`,
            ours: round(perSecond, 1),
            baseline: round(parsedPerSecond, 1),
            unit: 'invoices/s (higher is better)',
            ratio: perSecond / parsedPerSecond,
            goal: '≥ 0.5× the bare parser',
            met: perSecond / parsedPerSecond >= 0.5,
          },
          {
            name: `EHF intake, ${label}: server peak memory while receiving (${round(idleMb, 1)} MB idle before; ${round(shape.start)} → ${round(shape.middle)} → ${round(shape.end)} MB sampled)`,
            ours: round(peakMb, 1),
            baseline: MEMORY_GOAL_MB,
            unit: 'MB peak RSS (lower is better)',
            ratio: peakMb / MEMORY_GOAL_MB,
            goal: `< ${MEMORY_GOAL_MB} MB`,
            met: peakMb < MEMORY_GOAL_MB,
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
