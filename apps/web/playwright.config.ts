import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * The end-to-end suite against the real server, sandbox and built web app in Debian's Chromium.
 * Run it with `npm run e2e -w apps/web`. Environment: E2E_PORT (3210), E2E_SANDBOX_PORT (3211) and
 * E2E_SMTP_PORT (2626) move the server when those ports are taken; WEB_DIST_DIR serves another
 * build; E2E_REUSE_SERVER=1 runs against a server that is already up on E2E_PORT; E2E_TRACE=1 keeps a
 * trace of each failed test.
 */
const port = process.env.E2E_PORT ?? '3210';

/**
 * Debian's headless shell (package chromium-headless-shell) when it is installed: it renders the pages
 * as the full browser does without its window machinery, and takes a little over half the CPU, which
 * is what the suite on two cores is bound by. The full browser otherwise.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumExecutable = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A host name that is not a local host, so the client behaves as it does in production. */
const NON_LOCAL_HOST = 'bilag.test';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  // A test spends much of its time waiting on the server and the sandbox: three browsers on two
  // cores finish the suite in about four fifths of the time two take, with the same results.
  workers: 3,
  // A test that passes only on its second try is reported flaky in the list, and is then made steady;
  // one try more keeps a slow moment of a shared machine from failing the whole run.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // The JSON report lets the root test command add the end-to-end count to its total.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
    locale: 'en-GB',
    timezoneId: 'Europe/Oslo',
    viewport: { width: 1280, height: 800 },
    // The suite is bound by the two cores' CPU, and recording a trace of every test costs about a tenth
    // of it: E2E_TRACE=1 keeps one for each failed test when a failure needs its steps.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'local-host',
      testIgnore: /\.non-local\.spec\.ts$/,
    },
    {
      name: 'non-local-host',
      testMatch: /\.non-local\.spec\.ts$/,
      use: {
        baseURL: `http://${NON_LOCAL_HOST}:${port}`,
        // The server's CSP asks browsers to upgrade to HTTPS, which plain-HTTP test hosts cannot serve.
        bypassCSP: true,
        launchOptions: {
          executablePath: chromiumExecutable,
          args: [...chromiumArgs, `--host-resolver-rules=MAP ${NON_LOCAL_HOST} 127.0.0.1`],
        },
      },
    },
  ],
  webServer: {
    command: 'node e2e/server.mjs',
    url: `http://127.0.0.1:${port}/health/ready`,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the script stop the server and remove its database; the default is SIGKILL.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
