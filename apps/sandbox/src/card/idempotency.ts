import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../platform/context';
import { type CardAnswer, CardApiFailure, invalidRequest } from './protocol';

/**
 * Idempotency-Key on POSTs: a repeat with the same key and the same parameters gets the first
 * answer again (marked `Idempotent-Replayed: true`) without acting twice; the same key with other
 * parameters is refused with 409. As with the provider, only calls that ran are remembered: a
 * success or a card refusal, not a request refused for its parameters.
 */
type RememberedAnswer = CardAnswer & { fingerprint: string; createdAt: string };

const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const KEYS_KEPT = 5000;
const MAX_KEY_LENGTH = 255;

export function createIdempotency(context: SandboxContext) {
  const remembered = context.store.collection<RememberedAnswer>('cardIdempotencyKeys');

  function forgetOld() {
    const oldest = context.clock.now().getTime() - KEY_LIFETIME_MS;
    for (const [key, answer] of remembered) {
      if (Date.parse(answer.createdAt) < oldest || remembered.size > KEYS_KEPT) remembered.delete(key);
    }
  }

  return function idempotent(
    request: FastifyRequest,
    reply: FastifyReply,
    run: () => CardAnswer,
  ): CardAnswer {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return run();
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > MAX_KEY_LENGTH) {
      throw invalidRequest({
        param: 'Idempotency-Key',
        message: `The Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters.`,
      });
    }
    const fingerprint = JSON.stringify([
      request.method,
      request.url.split('?')[0],
      Object.entries((request.body as Record<string, unknown> | undefined) ?? {}).sort(([a], [b]) =>
        a < b ? -1 : a > b ? 1 : 0,
      ),
    ]);
    forgetOld();
    const earlier = remembered.get(key);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        throw new CardApiFailure(409, {
          type: 'idempotency_error',
          message:
            'This Idempotency-Key was used before with other parameters; a key can only repeat the same request.',
        });
      }
      reply.header('idempotent-replayed', 'true');
      return { status: earlier.status, body: earlier.body };
    }
    let answer: CardAnswer;
    try {
      answer = run();
    } catch (error) {
      if (!(error instanceof CardApiFailure) || error.body.type !== 'card_error') throw error;
      answer = { status: error.status, body: { error: error.body } };
    }
    remembered.set(key, { ...answer, fingerprint, createdAt: context.clock.now().toISOString() });
    context.store.changed();
    return answer;
  };
}
