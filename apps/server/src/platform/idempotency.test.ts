import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { AppError } from './errors';
import {
  createIdempotencyStore,
  type IdempotencyStore,
  readIdempotencyKey,
  requestFingerprint,
  runIdempotently,
} from './idempotency';

describe('idempotency keys', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let store: IdempotencyStore;

  beforeAll(async () => {
    database = await openTestDatabase();
    store = createIdempotencyStore(database.db);
  });
  afterAll(() => database.dispose());

  const fingerprint = requestFingerprint('POST', '/api/main/pay', { amount: 100 });

  function run(userId: number, key: string | undefined, body: unknown, act: () => Promise<unknown>) {
    let replayed = false;
    return runIdempotently(
      store,
      { userId, header: key, fingerprint: requestFingerprint('POST', '/api/main/pay', body) },
      () => {
        replayed = true;
      },
      act,
    ).then((result) => ({ result, replayed }));
  }

  it('refuses keys that are too short, too long or not visible ASCII', () => {
    expect(() => readIdempotencyKey('short')).toThrow(AppError);
    expect(() => readIdempotencyKey('x'.repeat(256))).toThrow(AppError);
    expect(() => readIdempotencyKey('has a space in it')).toThrow(AppError);
    expect(readIdempotencyKey(undefined)).toBeUndefined();
    expect(readIdempotencyKey('4f1c2a9e-0b7d-4c55-9e3a-8d2f6b1a7c90')).toBe(
      '4f1c2a9e-0b7d-4c55-9e3a-8d2f6b1a7c90',
    );
  });

  it('acts once for a key and answers a repeat with the first answer', async () => {
    let acted = 0;
    const act = async () => ({ paymentId: ++acted });
    const first = await run(1, 'key-once-0001', { amount: 100 }, act);
    const second = await run(1, 'key-once-0001', { amount: 100 }, act);
    expect(acted).toBe(1);
    expect(first).toEqual({ result: { paymentId: 1 }, replayed: false });
    expect(second).toEqual({ result: { paymentId: 1 }, replayed: true });
  });

  it('keeps keys per person', async () => {
    let acted = 0;
    const act = async () => ++acted;
    await run(1, 'key-shared-0001', { amount: 100 }, act);
    await run(2, 'key-shared-0001', { amount: 100 }, act);
    expect(acted).toBe(2);
  });

  it('refuses the same key with another request (422)', async () => {
    await run(1, 'key-mismatch-01', { amount: 100 }, async () => 'first');
    await expect(run(1, 'key-mismatch-01', { amount: 200 }, async () => 'second')).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      statusCode: 422,
    });
  });

  it('answers 409 to a repeat while the first is still running, and acts once under concurrency', async () => {
    let acted = 0;
    let finish: () => void = () => {};
    const slow = () =>
      new Promise<number>((resolve) => {
        acted += 1;
        finish = () => resolve(acted);
      });
    const first = run(1, 'key-concurrent1', { amount: 100 }, slow);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const repeats = await Promise.allSettled(
      Array.from({ length: 10 }, () => run(1, 'key-concurrent1', { amount: 100 }, slow)),
    );
    finish();
    await first;
    expect(acted).toBe(1);
    for (const repeat of repeats)
      expect(repeat).toMatchObject({ status: 'rejected', reason: { statusCode: 409 } });
  });

  it('frees the key when the request fails, so the retry acts', async () => {
    await expect(
      run(1, 'key-failure-001', { amount: 100 }, async () => {
        throw new Error('bank down');
      }),
    ).rejects.toThrow('bank down');
    const retry = await run(1, 'key-failure-001', { amount: 100 }, async () => 'paid');
    expect(retry).toEqual({ result: 'paid', replayed: false });
  });

  it('lets a request lost with its process be taken up again', async () => {
    expect(await store.start(3, 'key-abandoned1', fingerprint)).toEqual({ kind: 'first' });
    expect(await store.start(3, 'key-abandoned1', fingerprint)).toEqual({ kind: 'busy' });
    await database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '10 minutes' where user_id = 3`,
    );
    expect(await store.start(3, 'key-abandoned1', fingerprint)).toEqual({ kind: 'first' });
  });

  it('forgets keys after a day', async () => {
    await run(4, 'key-old-000001', { amount: 100 }, async () => 'first');
    await database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where user_id = 4`,
    );
    const later = await run(4, 'key-old-000001', { amount: 100 }, async () => 'again');
    expect(later).toEqual({ result: 'again', replayed: false });
  });

  it('runs without a key as the call itself', async () => {
    let acted = 0;
    await run(5, undefined, {}, async () => ++acted);
    await run(5, undefined, {}, async () => ++acted);
    expect(acted).toBe(2);
  });
});
