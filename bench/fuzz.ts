import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchResult } from './result';

/**
 * The long run of the contract fuzz: the suite's test with FUZZ_RUNS requests per call (1,000 unless
 * set) on the embedded database. The figure is the share of its tests (two per call: generated requests,
 * and hostile values field by field) in which every request was answered below 500 with a clear
 * refusal; a failure prints the call and the seed to replay it.
 */
export async function benchFuzz(): Promise<BenchResult[]> {
  const runs = Number(process.env.FUZZ_RUNS ?? 1000);
  const reports = mkdtempSync(path.join(tmpdir(), 'bilag-bench-fuzz-'));
  const report = path.join(reports, 'fuzz.json');
  try {
    const started = Date.now();
    spawnSync(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'server:pglite',
        'apps/server/src/test/contract-fuzz.test.ts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, FUZZ_RUNS: String(runs) },
      },
    );
    const { numPassedTests, numFailedTests } = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    const tests = numPassedTests + numFailedTests;
    const minutes = Math.round((Date.now() - started) / 6_000) / 10;
    return [
      {
        name: `contract fuzz, ${runs} requests per call (${minutes} min): tests with every answer below 500`,
        ours: numPassedTests,
        baseline: tests,
        unit: 'tests',
        ratio: tests === 0 ? 0 : numPassedTests / tests,
        goal: '1.00× (a failure prints its call and seed)',
      },
    ];
  } finally {
    rmSync(reports, { recursive: true, force: true });
  }
}
