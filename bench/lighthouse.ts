import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright';
import {
  freePort,
  type SandboxProcess,
  type ServerProcess,
  startSandbox,
  startServer,
  stopSandbox,
  stopServer,
} from './built-server';
import type { BenchResult } from './result';

/**
 * Lighthouse (pinned in package.json to 12.8.2, the last line that runs on Node 20) on the sign-in page,
 * the voucher list and the bank list of the built app, served by the built server on the embedded
 * database with the demo data, as `npm start` serves them. Desktop settings: the app is used at a desk;
 * Lighthouse's desktop preset still throttles the network and the processor a little. The lists are
 * measured signed in as the demo accountant: the browser keeps the session Lighthouse is not to reset.
 */
const PERFORMANCE_GOAL = 95;
const ACCESSIBILITY_GOAL = 100;
const DEMO_LOGIN = { email: 'regnskap@demo.no', password: 'demo1234' };
const DEMO_COMPANY = 'nordlys-bakeri';
const CHROMIUM = '/usr/bin/chromium';
/** `LIGHTHOUSE_REPORTS=folder` keeps each page's whole report there as JSON, to look into. */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;
const WEB_ROOT = path.resolve(import.meta.dirname, '../apps/web');

type Page = { name: string; path: string; signedIn: boolean };

const PAGES: readonly Page[] = [
  { name: 'sign-in', path: '/login', signedIn: false },
  { name: 'voucher list', path: `/${DEMO_COMPANY}/voucher`, signedIn: true },
  { name: 'bank list', path: `/${DEMO_COMPANY}/bank`, signedIn: true },
];

type Scores = {
  performance: number;
  accessibility: number;
  failedAccessibilityAudits: string[];
  /** The performance audits' figures as Lighthouse shows them (first contentful paint and the others). */
  metrics: string;
};

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['speed-index', 'SI'],
  ['cumulative-layout-shift', 'CLS'],
] as const;

async function audit(url: string, port: number, name: string): Promise<Scores> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (REPORTS_DIR) {
    await mkdir(REPORTS_DIR, { recursive: true });
    await writeFile(path.join(REPORTS_DIR, `${name.replaceAll(' ', '-')}.json`), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const accessibilityAudits = categories.accessibility?.auditRefs.map((ref) => ref.id) ?? [];
  return {
    metrics: METRICS.map(([id, label]) => `${label} ${audits[id]?.displayValue ?? '?'}`).join(', '),
    performance: score('performance'),
    accessibility: score('accessibility'),
    failedAccessibilityAudits: accessibilityAudits.filter((id) => {
      const found = audits[id];
      return found !== undefined && found.score !== null && found.score < 1;
    }),
  };
}

export async function benchLighthouse(): Promise<BenchResult[]> {
  const build = spawnSync('npm', ['run', 'build'], { cwd: WEB_ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the web app did not build:\n${build.stderr}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bilag-bench-lighthouse-'));
  let sandbox: SandboxProcess | undefined;
  let server: ServerProcess | undefined;
  const port = await freePort();
  const browser = await chromium.launchPersistentContext(path.join(dataDir, 'browser'), {
    executablePath: CHROMIUM,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox'],
  });
  try {
    sandbox = await startSandbox(dataDir);
    server = await startServer({ sandbox, dataDir, env: { SEED_DEMO_DATA: '1' } });
    const measured: { page: Page; scores: Scores }[] = [];
    for (const page of PAGES) {
      if (page.signedIn && measured.every((entry) => !entry.page.signedIn)) {
        const tab = browser.pages()[0] ?? (await browser.newPage());
        await tab.goto(`${server.url}/login`);
        await tab.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_LOGIN.email);
        await tab.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_LOGIN.password);
        await tab.getByRole('button', { name: 'Sign in', exact: true }).click();
        await tab.waitForURL((url) => !url.pathname.startsWith('/login'));
      }
      process.stderr.write(`  lighthouse: ${page.name}…\n`);
      const scores = await audit(`${server.url}${page.path}`, port, page.name);
      process.stderr.write(
        `    performance ${scores.performance} (${scores.metrics}), accessibility ${scores.accessibility}` +
          (scores.failedAccessibilityAudits.length > 0
            ? ` (failed: ${scores.failedAccessibilityAudits.join(', ')})`
            : '') +
          '\n',
      );
      measured.push({ page, scores });
    }
    return measured.flatMap(({ page, scores }) => [
      {
        name: `Lighthouse 12.8.2 (desktop), ${page.name}: performance score (${scores.metrics}), against the goal`,
        ours: scores.performance,
        baseline: PERFORMANCE_GOAL,
        unit: 'points (higher is better)',
        ratio: scores.performance / PERFORMANCE_GOAL,
        goal: `≥ ${PERFORMANCE_GOAL}`,
        met: scores.performance >= PERFORMANCE_GOAL,
      },
      {
        name: `Lighthouse 12.8.2 (desktop), ${page.name}: accessibility score, against the goal${
          scores.failedAccessibilityAudits.length > 0
            ? ` (failed audits: ${scores.failedAccessibilityAudits.join(', ')})`
            : ''
        }`,
        ours: scores.accessibility,
        baseline: ACCESSIBILITY_GOAL,
        unit: 'points (higher is better)',
        ratio: scores.accessibility / ACCESSIBILITY_GOAL,
        goal: `${ACCESSIBILITY_GOAL}`,
        met: scores.accessibility >= ACCESSIBILITY_GOAL,
      },
    ]);
  } finally {
    await browser.close();
    if (server) await stopServer(server);
    if (sandbox) await stopSandbox(sandbox);
    await rm(dataDir, { recursive: true, force: true });
  }
}
