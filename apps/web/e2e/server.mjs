// Starts the product for the end-to-end suite: builds the web app when it has not been built, then
// runs the server on a fresh, empty database (it migrates, seeds the demo data and starts the
// sandbox) and waits until it answers ready. Playwright's webServer runs this and stops it after.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const webRoot = path.resolve(import.meta.dirname, '..');
const repositoryRoot = path.resolve(webRoot, '../..');
const port = process.env.E2E_PORT ?? '3210';
const sandboxPort = process.env.E2E_SANDBOX_PORT ?? '3211';
// The product, and the sandbox it starts beside it: a test may reach a party in its first second.
const readyUrls = [`http://127.0.0.1:${port}/health/ready`, `http://127.0.0.1:${sandboxPort}/health`];
const READY_TIMEOUT_MS = 150_000;

// WEB_DIST_DIR names a build made elsewhere, which this script does not make.
const hasWebApp = process.env.WEB_DIST_DIR || existsSync(path.join(webRoot, 'dist/index.html'));
if (!hasWebApp) {
  console.log('[e2e] building the web app');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bilag-e2e-'));
const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
  cwd: repositoryRoot,
  stdio: 'inherit',
  // A process group of its own: npx does not pass SIGTERM on, so the whole group is signalled.
  detached: true,
  env: {
    ...process.env,
    PORT: port,
    // The address the browser is on: a party's return page then shares the test's signed-in session.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SANDBOX_PORT: sandboxPort,
    SMTP_PORT: process.env.E2E_SMTP_PORT ?? '2626',
    // The product's own listener for forwarded receipts, beside the sandbox's outgoing mail catcher.
    MAIL_INTAKE_PORT: process.env.E2E_MAIL_INTAKE_PORT ?? String(Number(port) + 3),
    MAIL_INTAKE_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ACCESS_TOKEN_TTL_SECONDS: process.env.ACCESS_TOKEN_TTL_SECONDS ?? '900',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Every test signs in from the same address; the per-email lock is still tested on the server.
    LOGIN_REQUESTS_PER_MINUTE_PER_IP: '1000',
    TUTORIAL_PASSWORD_ATTEMPTS_PER_MINUTE: '1000',
    START_SANDBOX: '1',
    // Long enough to look at the waiting pages, short enough that a test of a timeout stays quick.
    SANDBOX_SCA_TIMEOUT_SECONDS: '15',
  },
});

const STOP_GRACE_MS = 5_000;
let isStopping = false;

/** The database lives in the data directory, so it is removed only after the server has closed it. */
async function stop(exitCode) {
  if (isStopping) return;
  isStopping = true;
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS))]);
  }
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0));
server.on('exit', (code) => {
  if (!isStopping) {
    console.error(`[e2e] the server stopped with code ${code}`);
    void stop(code ?? 1);
  }
});

const startedAt = Date.now();
while (Date.now() - startedAt < READY_TIMEOUT_MS) {
  const answers = await Promise.all(
    readyUrls.map((url) =>
      fetch(url)
        .then((response) => response.ok)
        .catch(() => false),
    ),
  );
  const isReady = answers.every(Boolean);
  if (isReady) {
    console.log(
      `[e2e] server ready at http://127.0.0.1:${port} after ${Math.round((Date.now() - startedAt) / 1000)} s`,
    );
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
if (Date.now() - startedAt >= READY_TIMEOUT_MS) {
  console.error(`[e2e] the server or the sandbox did not answer ${readyUrls.join(' and ')} in time`);
  await stop(1);
}
