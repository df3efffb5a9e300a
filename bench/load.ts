import autocannon from 'autocannon';

/**
 * The load generator runs in its own process so it does not share an event loop with the server
 * under test. It reads its task from argv as JSON and prints the summary as JSON.
 */
type LoadTask = {
  url: string;
  pathTemplate: string;
  companyIds: number[];
  headers: Record<string, string>;
  seconds: number;
  connections: number;
  overallRate?: number;
};

const task: LoadTask = JSON.parse(process.argv[2] ?? '{}');
let next = 0;

const result = await autocannon({
  url: task.url,
  connections: task.connections,
  duration: task.seconds,
  ...(task.overallRate ? { overallRate: task.overallRate } : {}),
  headers: task.headers,
  requests: [
    {
      setupRequest: (request) => {
        const companyId = task.companyIds[next++ % task.companyIds.length] ?? 1;
        return { ...request, path: task.pathTemplate.replace('{companyId}', String(companyId)) };
      },
    },
  ],
});

process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    total: result.requests.total,
  }),
);
