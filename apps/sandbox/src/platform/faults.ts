import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxStore } from './store';

/**
 * Faults on demand, for the clients' contract tests and for trying the product on a bad day.
 * A caller asks for one with the `X-Sandbox-Fault` header, or plans one for the next requests to a
 * path with `POST /sandbox/faults` (for calls the product makes by itself, from a job).
 *
 *   X-Sandbox-Fault: rate-limit            429 with Retry-After: 1
 *   X-Sandbox-Fault: rate-limit;retry-after=2;times=1
 *   X-Sandbox-Fault: server-error;times=2  500 for the first two attempts of one X-Request-ID
 *   X-Sandbox-Fault: unavailable           503
 *   X-Sandbox-Fault: slow=1500             answers after 1.5 s
 *   X-Sandbox-Fault: slow-answer=1500      acts at once and answers after 1.5 s: the party has done
 *                                          what was asked even when the caller is gone by then
 *
 * `times` counts attempts per X-Request-ID, so a client retrying with the same id sees the fault
 * end. Party-specific faults (an expired consent, a declined card) are read by the party itself
 * with `requestedFault`.
 */
export const FAULT_HEADER = 'x-sandbox-fault';

export type Fault = { name: string; value?: string; times?: number; retryAfter?: number };

export function parseFault(header: string): Fault | undefined {
  const [head = '', ...options] = header.split(';').map((part) => part.trim());
  const [name = '', value] = head.split('=').map((part) => part.trim());
  if (name === '') return undefined;
  const fault: Fault = { name, ...(value === undefined ? {} : { value }) };
  for (const option of options) {
    const [key, optionValue] = option.split('=').map((part) => part.trim());
    const number = Number(optionValue);
    if (!Number.isInteger(number) || number < 0) continue;
    if (key === 'times') fault.times = number;
    if (key === 'retry-after') fault.retryAfter = number;
  }
  return fault;
}

const FaultPlanBody = z.object({
  /** The first part of the path the fault applies to, for example /psd2/dnb/v1/accounts. */
  pathPrefix: z.string().startsWith('/').max(500),
  fault: z.string().min(1).max(200),
  /** How many matching requests get the fault. */
  times: z.number().int().min(1).max(1000).default(1),
});

type PlannedFault = { pathPrefix: string; fault: Fault; remaining: number };

const MAX_SLOW_MS = 30_000;
const ATTEMPTS_KEPT = 10_000;

/** The fault the request asked for, planned or by header, if any. */
export function requestedFault(request: FastifyRequest): Fault | undefined {
  return (request as FastifyRequest & { sandboxFault?: Fault }).sandboxFault;
}

export function registerFaults(app: FastifyInstance, store: SandboxStore) {
  const plans = store.collection<PlannedFault>('faultPlans');
  const attempts = new Map<string, number>();

  app.post(
    '/sandbox/faults',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Plan a fault for the next requests to a path (one party or one call)',
        body: FaultPlanBody,
      },
    },
    async (request, reply) => {
      const body = request.body as z.infer<typeof FaultPlanBody>;
      const fault = parseFault(body.fault);
      if (!fault) return reply.code(400).send({ error: 'fault is empty' });
      const id = crypto.randomUUID();
      plans.set(id, { pathPrefix: body.pathPrefix, fault, remaining: body.times });
      store.changed();
      return reply.code(201).send({ id, ...body });
    },
  );
  app.delete(
    '/sandbox/faults',
    { schema: { tags: ['sandbox'], summary: 'Forget every planned fault' } },
    async () => {
      plans.clear();
      store.changed();
      return { cleared: true };
    },
  );

  function plannedFor(url: string): Fault | undefined {
    for (const [id, plan] of plans) {
      if (!url.startsWith(plan.pathPrefix)) continue;
      plan.remaining -= 1;
      if (plan.remaining <= 0) plans.delete(id);
      store.changed();
      return plan.fault;
    }
    return undefined;
  }

  /** Whether this attempt of the request still gets its fault (`times` counts per request id). */
  function stillApplies(request: FastifyRequest, fault: Fault): boolean {
    if (fault.times === undefined) return true;
    const requestId = request.headers['x-request-id'];
    const key = `${typeof requestId === 'string' ? requestId : request.id}|${fault.name}`;
    const seen = (attempts.get(key) ?? 0) + 1;
    if (attempts.size > ATTEMPTS_KEPT) attempts.clear();
    attempts.set(key, seen);
    return seen <= fault.times;
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/sandbox/')) return;
    const header = request.headers[FAULT_HEADER];
    const fault =
      (typeof header === 'string' ? parseFault(header) : undefined) ??
      plannedFor(request.url.split('?')[0] ?? '');
    if (!fault || !stillApplies(request, fault)) return;
    (request as FastifyRequest & { sandboxFault?: Fault }).sandboxFault = fault;
    switch (fault.name) {
      case 'rate-limit':
        return reply
          .code(429)
          .header('retry-after', String(fault.retryAfter ?? 1))
          .send({ error: 'rate limited (sandbox fault)' });
      case 'server-error':
        return reply.code(500).send({ error: 'internal error (sandbox fault)' });
      case 'unavailable':
        return reply.code(503).send({ error: 'service unavailable (sandbox fault)' });
      case 'slow':
        await waitFor(fault);
        return;
      default:
        return;
    }
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    const fault = requestedFault(request);
    if (fault?.name === 'slow-answer') await waitFor(fault);
    return payload;
  });
}

function waitFor(fault: Fault): Promise<void> {
  const delay = Math.min(Number(fault.value ?? 1000) || 0, MAX_SLOW_MS);
  return new Promise((resolve) => setTimeout(resolve, delay));
}
