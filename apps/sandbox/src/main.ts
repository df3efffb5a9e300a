import path from 'node:path';
import { buildSandbox } from './app';

const port = Number(process.env.SANDBOX_PORT ?? 3001);
const smtpPort = Number(process.env.SMTP_PORT ?? 2525);
const dataDir = process.env.DATA_DIR ?? './data';
const scaTimeoutSeconds = Number(process.env.SANDBOX_SCA_TIMEOUT_SECONDS ?? 20);
const app = await buildSandbox({
  dataFile: path.resolve(dataDir, 'sandbox', 'state.json'),
  scaTimeoutSeconds,
});
await app.listen({ port, host: '127.0.0.1' });
await app.mailCatcher.listen(smtpPort);

async function shutdown() {
  await app.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
