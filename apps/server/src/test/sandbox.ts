import type { AddressInfo } from 'node:net';
import { buildSandbox, type Sandbox, type SandboxOptions } from '@bilag/sandbox';
import { loadConfig, type ProviderSettings } from '../config';

export type RunningSandbox = {
  app: Sandbox;
  /** http://127.0.0.1:<port>, the base the parties answer under (/psd2/dnb, /signing, …). */
  url: string;
  /** The mail catcher's SMTP port. */
  smtpPort: number;
  /** The product's provider settings pointing at this sandbox, with the default credentials. */
  providers: ProviderSettings;
  close(): Promise<void>;
};

/**
 * The sandbox listening on a free port in this process, for the provider clients' contract tests:
 * the clients talk to it over real HTTP, exactly as they talk to a real party.
 */
export async function givenSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const app = await buildSandbox({ logger: false, scaTimeoutSeconds: 1, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const smtpPort = await app.mailCatcher.listen(0);
  const { providers } = loadConfig({ NODE_ENV: 'test', SANDBOX_URL: url, SMTP_PORT: String(smtpPort) });
  return { app, url, smtpPort, providers, close: () => app.close() };
}

/** Backoff without the wait, so retry tests take milliseconds. */
export const noWait = async () => {};
