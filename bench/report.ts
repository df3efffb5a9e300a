import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import type { BenchResult } from './result';

const RESULTS_DIR = path.resolve(import.meta.dirname, 'results');

export type MachineFacts = {
  commit: string;
  node: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  freeMemoryGiB: number;
  /** The 1-minute load average when the run began and when it ended: a loaded machine skews the figures. */
  loadAtStart: number;
  loadAtEnd: number;
};

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const gibibytes = (bytes: number) => Math.round((bytes / 2 ** 30) * 10) / 10;

/** What the machine was when the run began; `finish` adds the load at its end. */
export function machineFactsAtStart() {
  const start = {
    commit: gitCommit(),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: gibibytes(totalmem()),
    freeMemoryGiB: gibibytes(freemem()),
    loadAtStart: loadavg()[0] ?? 0,
  };
  return { finish: (): MachineFacts => ({ ...start, loadAtEnd: loadavg()[0] ?? 0 }) };
}

function metText(result: BenchResult): string {
  if (result.met === undefined) return '';
  return result.met ? 'met' : 'not met';
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The run as markdown: one table of every figure, then the machine it ran on. */
export function markdownReport(results: readonly BenchResult[], machine: MachineFacts, when: Date): string {
  const lines = [
    `# Benchmarks of ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    'Each figure against a baseline measured in the same run; ratios, not absolute times, compare across machines.',
    '',
    '| Benchmark | Ours | Baseline | Ratio | Goal | Goal met |',
    '| --- | --- | --- | --- | --- | --- |',
    ...results.map((result) =>
      [
        '',
        cell(result.name),
        `${result.ours.toLocaleString('en')} ${cell(result.unit)}`,
        result.baseline.toLocaleString('en'),
        `${result.ratio.toFixed(2)}×`,
        cell(result.goal ?? ''),
        metText(result),
        '',
      ]
        .join(' | ')
        .trim(),
    ),
    '',
    '## Machine',
    '',
    `- Commit ${machine.commit}, Node ${machine.node}`,
    `- ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB memory (${machine.freeMemoryGiB} GiB free at the start)`,
    `- Load average (1 minute): ${machine.loadAtStart.toFixed(2)} at the start, ${machine.loadAtEnd.toFixed(2)} at the end`,
    '',
  ];
  return lines.join('\n');
}

/** Writes the report into bench/results/, named by its time and groups, and answers its path. */
export function writeReport(
  results: readonly BenchResult[],
  machine: MachineFacts,
  groups: readonly string[],
  when: Date = new Date(),
): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = when.toISOString().slice(0, 16).replace(':', '');
  const file = path.join(RESULTS_DIR, `${stamp}-${groups.join('-') || 'all'}.md`);
  writeFileSync(file, markdownReport(results, machine, when));
  return file;
}
