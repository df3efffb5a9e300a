import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { percentile } from './stats';

/**
 * The load generator runs in its own process so it does not share an event loop with the server
 * under test. It reads its task from argv as JSON and prints the summary as JSON.
 *
 * Without a rate it finds the maximum throughput with autocannon (closed loop: each connection
 * sends its next request when the last one is answered). With a rate it sends requests at even
 * intervals whatever the server does (open loop), because autocannon's overallRate sends each
 * second's quota as one burst at the start of the second, so its latency would measure that burst
 * queueing up rather than the latency at the rate.
 */
type LoadTask = {
  url: string;
  /** `{name}` is replaced by the name's value in the next of `substitutions`, or by the next company id. */
  pathTemplate: string;
  companyIds: number[];
  /** Values taken in turns, one set per request, for calls that name more than a company. */
  substitutions?: Record<string, string | number>[];
  method?: 'GET' | 'PUT' | 'POST';
  /** A JSON body, with the same `{name}` placeholders as the path; `{n}` is the request's number. */
  bodyTemplate?: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
  /** Requests per second, evenly paced; absent: as fast as the server answers. */
  rate?: number;
};

export type LoadSummary = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
  /** Every answered request's latency in ms, ascending; only when paced. */
  latencies?: number[];
  /** Per minute of a paced run: the p99 of its answered requests and its failures. */
  minutes?: { p99: number; errors: number }[];
  /** The failures by their HTTP status, or `socket` for a connection that failed. */
  errorsByStatus?: Record<string, number>;
};

const task: LoadTask = JSON.parse(process.argv[2] ?? '{}');
const substitutions = task.substitutions ?? task.companyIds.map((companyId) => ({ companyId }));
const method = task.method ?? 'GET';
let next = 0;

/** The path and body of the next request, its placeholders filled in. */
function nextRequest(): { path: string; body: string | undefined } {
  const number = next++;
  const values: Record<string, string | number> = {
    companyId: 1,
    ...substitutions[number % substitutions.length],
    n: number,
  };
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (placeholder, name: string) => String(values[name] ?? placeholder));
  return {
    path: fill(task.pathTemplate),
    body: task.bodyTemplate === undefined ? undefined : fill(task.bodyTemplate),
  };
}
const headers =
  task.bodyTemplate === undefined ? task.headers : { ...task.headers, 'content-type': 'application/json' };

async function maximumThroughput(): Promise<LoadSummary> {
  const result = await autocannon({
    url: task.url,
    connections: task.connections,
    duration: task.seconds,
    headers,
    method,
    requests: [
      {
        setupRequest: (request) => {
          const { path, body } = nextRequest();
          return { ...request, path, ...(body === undefined ? {} : { body }) };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    total: result.requests.total,
  };
}

/**
 * Each request's latency counts from the moment it was scheduled, not from when a socket took it,
 * so a server that falls behind is charged for the requests waiting on it (no coordinated omission).
 */
async function pacedLatency(rate: number): Promise<LoadSummary> {
  const agent = new Agent({ keepAlive: true, maxSockets: task.connections });
  const target = new URL(task.url);
  const intervalMs = 1000 / rate;
  const count = Math.max(1, Math.round(rate * task.seconds));
  const latencies: number[] = [];
  let errors = 0;
  let settled = 0;
  const minutes: { latencies: number[]; errors: number }[] = [];
  const errorsByStatus: Record<string, number> = {};
  const minuteOf = (scheduledAt: number) => {
    const index = Math.max(0, Math.floor((scheduledAt - start) / 60_000));
    minutes[index] ??= { latencies: [], errors: 0 };
    return minutes[index];
  };

  const send = (scheduledAt: number) =>
    new Promise<void>((resolve) => {
      let isFinished = false;
      // A socket can still report an error after its response ended; the request counts once.
      const finish = (status: number | 'socket') => {
        if (isFinished) return;
        isFinished = true;
        const minute = minuteOf(scheduledAt);
        if (status === 200) {
          const latency = performance.now() - scheduledAt;
          latencies.push(latency);
          minute.latencies.push(latency);
        } else {
          errors++;
          minute.errors++;
          errorsByStatus[status] = (errorsByStatus[status] ?? 0) + 1;
        }
        settled++;
        resolve();
      };
      const { path, body } = nextRequest();
      const outgoing = request(
        { agent, host: target.hostname, port: target.port, path, method, headers },
        (response) => {
          response.resume();
          response.on('end', () => finish(response.statusCode ?? 'socket'));
          response.on('error', () => finish('socket'));
        },
      );
      outgoing.on('error', () => finish('socket'));
      outgoing.end(body);
    });

  const start = performance.now() + intervalMs;
  const inFlight: Promise<void>[] = [];
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < count && start + sent * intervalMs <= now) {
        inFlight.push(send(start + sent * intervalMs));
        sent++;
      }
      if (sent === count) resolve();
      else setTimeout(tick, Math.max(0, start + sent * intervalMs - performance.now()));
    };
    setTimeout(tick, intervalMs);
  });
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - start) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    requestsPerSecond: settled / elapsedSeconds,
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    errors,
    total: settled,
    latencies: latencies.map(round),
    minutes: minutes.map((minute) => ({
      p99: round(
        percentile(
          minute.latencies.sort((a, b) => a - b),
          0.99,
        ),
      ),
      errors: minute.errors,
    })),
    errorsByStatus,
  };
}

const summary = task.rate ? await pacedLatency(task.rate) : await maximumThroughput();
process.stdout.write(JSON.stringify(summary));
