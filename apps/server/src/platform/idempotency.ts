import { createHash } from 'node:crypto';
import { ErrorCode } from '@bilag/contracts';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError, Errors } from './errors';
import { idempotencyKeys } from './idempotency.table';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key is remembered: a client retrying later than this is making a new request. */
const KEY_LIFETIME_HOURS = 24;
/**
 * A request that has not finished after this long was lost with its process; its key may be taken up
 * again so the person is not locked out for a day.
 */
const ABANDONED_AFTER_SECONDS = 120;
const KEY_FORMAT = /^[\x21-\x7e]{8,255}$/;

export type IdempotencyStart =
  | { kind: 'first' }
  | { kind: 'replay'; statusCode: number; reply: unknown }
  | { kind: 'busy' }
  | { kind: 'mismatch' };

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: IdempotencyStore;
  }
}

function hashValue(value: unknown): string {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify(value ?? null, (_key, item) =>
      item instanceof Uint8Array ? `sha256:${createHash('sha256').update(item).digest('hex')}` : item,
    ),
  );
  return hash.digest('hex');
}

/** What makes two requests the same: the call, its path and query, and its body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return `${method} ${url} ${hashValue(body)}`;
}

export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !KEY_FORMAT.test(key))
    throw new AppError(ErrorCode.VALIDATION_FAILED, 'idempotencyKeyInvalid');
  return key;
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

export function createIdempotencyStore(db: Db) {
  return {
    /** Claims the key for this request, or says what became of the request that claimed it first. */
    async start(userId: number, key: string, fingerprint: string): Promise<IdempotencyStart> {
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEY_LIFETIME_HOURS})`),
          ),
        );
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ userId, key, fingerprint })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length > 0) return { kind: 'first' };

      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!existing) return this.start(userId, key, fingerprint);
      if (existing.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (existing.completedAt)
        return { kind: 'replay', statusCode: existing.statusCode ?? 200, reply: existing.reply };
      const takenOver = await db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now()` })
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.completedAt),
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      return takenOver.length > 0 ? { kind: 'first' } : { kind: 'busy' };
    },

    async complete(userId: number, key: string, statusCode: number, reply: unknown): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ statusCode, reply, completedAt: sql`now()` })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },

    /** A failed request changed nothing, so the key is freed for the retry. */
    async release(userId: number, key: string): Promise<void> {
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.completedAt),
          ),
        );
    },
  };
}

export const idempotencyPlugin = fp(async (app: FastifyInstance, options: { db: Db }) => {
  app.decorate('idempotency', createIdempotencyStore(options.db));
});

/**
 * Runs a call that moves money at most once per Idempotency-Key: the first request acts, a repeat gets
 * the first answer again (marked Idempotent-Replayed), a repeat while the first still runs gets a 409,
 * and the key with another request a 422. Without the header the call runs as it is; its own rules
 * (row locks, unique keys) still keep a repeat from acting twice.
 */
export async function runIdempotently<Result>(
  store: IdempotencyStore,
  request: { userId: number; header: string | string[] | undefined; fingerprint: string },
  setReplayed: () => void,
  run: () => Promise<Result>,
): Promise<Result> {
  const key = readIdempotencyKey(request.header);
  if (key === undefined) return run();
  const start = await store.start(request.userId, key, request.fingerprint);
  if (start.kind === 'mismatch') throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED, 'idempotencyKeyReused');
  if (start.kind === 'busy') throw Errors.conflict('idempotencyKeyInUse');
  if (start.kind === 'replay') {
    setReplayed();
    return start.reply as Result;
  }
  try {
    const result = await run();
    await store.complete(request.userId, key, 200, result);
    return result;
  } catch (error) {
    await store.release(request.userId, key);
    throw error;
  }
}
