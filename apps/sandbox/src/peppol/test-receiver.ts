import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = { path: string; headers: IncomingHttpHeaders; body: string };

/**
 * A webhook endpoint for the tests, playing the product's inbound address: it keeps what it was
 * sent and answers with the statuses it is told to, one per request (the last one repeats).
 */
export async function givenReceiver(statuses: number[] = [200]) {
  const received: ReceivedRequest[] = [];
  const answers = [...statuses];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.statusCode = (answers.length > 1 ? answers.shift() : answers[0]) ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/inbound`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
