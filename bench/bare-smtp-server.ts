import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The mail bench's floor, run as a process of its own like the server it is compared with: an
 * smtp-server that takes every message and only counts its bytes. It tells its parent its port, and
 * answers a `count` message with what it has taken.
 */

const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
let messages = 0;
let bytes = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  disableReverseLookup: true,
  logger: false,
  size: MAX_MESSAGE_BYTES,
  onData(stream, _session, callback) {
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    stream.once('end', () => {
      messages += 1;
      callback();
    });
  },
});
server.on('error', () => undefined);

server.listen(0, '127.0.0.1', () => {
  const { port } = server.server.address() as AddressInfo;
  process.send?.({ port });
});

process.on('message', (message) => {
  if (message === 'count') process.send?.({ messages, bytes });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
