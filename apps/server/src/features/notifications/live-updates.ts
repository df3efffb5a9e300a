import { type LiveEvent, LiveTopic, openLiveUpdates } from '@bilag/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { DatabaseHandle, Db } from '../../db/client';
import type { Principal } from '../../platform/auth';
import { registerRoute } from '../../platform/route';
import { requireCompanyAccess } from '../companies';

/** The PostgreSQL channel every server process listens on. */
const LIVE_CHANNEL = 'bilag_live';
/** Proxies and load balancers drop a connection silent for a minute or so; a comment line keeps it open. */
const HEARTBEAT_MS = 20_000;
/** Streams one person may hold open in one process (tabs, devices); the oldest ends for a new one. */
export const MAX_STREAMS_PER_PERSON = 5;

/** A change that open streams are told of: everyone in the company, or one person when `userId` is set. */
export type LiveChange = { topic: LiveTopic; companyId: number; userId?: number };

const LiveChangePayload = z.object({
  topic: LiveTopic,
  companyId: z.number().int(),
  userId: z.number().int().optional(),
});

/**
 * Tells every server process's open streams of a change. Sent with NOTIFY on the handle it is given,
 * so inside a transaction PostgreSQL delivers it on commit and never for a rollback.
 */
export async function announceLiveChange(db: Db, change: LiveChange): Promise<void> {
  await db.execute(sql`select ${liveChangeNotice(change)}`);
}

/**
 * The NOTIFY of a change as an expression, for a statement that writes the change to carry (in its
 * `returning`), which spares the transaction a round trip of its own for it.
 */
export function liveChangeNotice(change: LiveChange): SQL {
  return sql`pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(change)})`;
}

type LiveStream = {
  userId: number;
  companyId: number;
  reply: FastifyReply;
  lifetime: NodeJS.Timeout;
};

/**
 * The open streams of this process and its one LISTEN connection, started with the first stream. When
 * that connection drops every stream is ended: the clients reconnect and read afresh, so a notification
 * missed in between is never silently lost.
 */
function createLiveHub(database: Pick<DatabaseHandle, 'listen'>, maxStreamSeconds: number) {
  const streams = new Set<LiveStream>();
  let listening: Promise<() => Promise<void>> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const write = (stream: LiveStream, text: string) => {
    if (!stream.reply.raw.writableEnded) stream.reply.raw.write(text);
  };

  function end(stream: LiveStream) {
    if (!streams.delete(stream)) return;
    clearTimeout(stream.lifetime);
    stream.reply.raw.end();
    if (streams.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  function deliver(payload: string) {
    let change: LiveChange;
    try {
      const parsed = LiveChangePayload.safeParse(JSON.parse(payload));
      if (!parsed.success) return;
      change = parsed.data;
    } catch {
      return;
    }
    const event: LiveEvent = { topic: change.topic, companyId: change.companyId };
    const text = `data: ${JSON.stringify(event)}\n\n`;
    for (const stream of streams)
      if (
        stream.companyId === change.companyId &&
        (change.userId === undefined || change.userId === stream.userId)
      )
        write(stream, text);
  }

  function onLost() {
    listening = undefined;
    for (const stream of [...streams]) end(stream);
  }

  function startListening() {
    listening ??= database.listen(LIVE_CHANNEL, deliver, onLost).catch((error: unknown) => {
      listening = undefined;
      throw error;
    });
    return listening;
  }

  async function open(principal: Principal, companyId: number, reply: FastifyReply) {
    await startListening();
    const own = [...streams].filter((stream) => stream.userId === principal.userId);
    for (const stream of own.slice(0, Math.max(0, own.length - MAX_STREAMS_PER_PERSON + 1))) end(stream);

    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const stream: LiveStream = {
      userId: principal.userId,
      companyId,
      reply,
      // A stream lives no longer than an access token: the client reconnects with its current token, so
      // an ended session or a lost membership stops the events within that time.
      lifetime: setTimeout(() => end(stream), maxStreamSeconds * 1000),
    };
    streams.add(stream);
    reply.raw.once('close', () => end(stream));
    // Keeps idle connections open through proxies; it runs only while a stream is open, and no work rides on it.
    heartbeat ??= setInterval(() => {
      for (const open of streams) write(open, ': heartbeat\n\n');
    }, HEARTBEAT_MS);
    write(stream, ': open\n\n');
    return reply;
  }

  async function close() {
    for (const stream of [...streams]) end(stream);
    const stopping = listening;
    listening = undefined;
    if (stopping) await (await stopping.catch(() => async () => undefined))();
  }

  return { open, close };
}

/** The live stream of a person in a company: its route, its hub, and the hub's end when the app closes. */
export async function liveUpdateRoutes(
  app: FastifyInstance,
  options: { database: DatabaseHandle; maxStreamSeconds: number },
) {
  const { db } = options.database;
  const hub = createLiveHub(options.database, options.maxStreamSeconds);
  // Before the server stops taking connections: open streams would otherwise keep it from closing.
  app.addHook('preClose', hub.close);
  registerRoute(app, openLiveUpdates, async ({ query }, { principal, reply }) => {
    const company = await requireCompanyAccess(db, principal.userId, query.companyId);
    return hub.open(principal, company.Id, reply);
  });
}
