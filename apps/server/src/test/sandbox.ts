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

async function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) {
    throw new Error(`The sandbox did not ${what}: ${response.status} ${await response.text()}`);
  }
}

/** The sandbox's clock moved by whole days from the real time (0 puts it back). */
export async function moveClock(sandbox: RunningSandbox, offsetDays: number) {
  const response = await fetch(`${sandbox.url}/sandbox/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetDays }),
  });
  await expectStatus(response, 200, 'move its clock');
}

/** A fault for the next `times` requests under a path, for calls whose headers the test cannot set. */
export async function planFault(sandbox: RunningSandbox, pathPrefix: string, fault: string, times = 1) {
  const response = await fetch(`${sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pathPrefix, fault, times }),
  });
  await expectStatus(response, 201, 'plan the fault');
}

export async function forgetFaults(sandbox: RunningSandbox) {
  await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
}
