import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './result';

/** The goal: at most this much gzipped JavaScript before the sign-in page is interactive. */
const GOAL_KB = 200;
const WEB_ROOT = path.resolve(import.meta.dirname, '../apps/web');
/** The language a first visit shows, whose texts the entry waits for before the first screen. */
const FIRST_LANGUAGE_TEXTS = 'src/i18n/en.json';

type Manifest = Record<string, { file: string }>;

const kilobytes = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * What a first visit downloads before the sign-in page runs: the entry and every chunk index.html
 * preloads, and the texts of the first language, each gzipped at level 9 as a server would send them.
 * The web app is built from the working tree into a folder of its own; each chunk's size is printed.
 */
export async function benchFirstLoad(): Promise<BenchResult[]> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bilag-first-load-'));
  try {
    const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--manifest', 'manifest.json'], {
      cwd: WEB_ROOT,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`the web app did not build:\n${build.stderr}`);
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    const texts = manifest[FIRST_LANGUAGE_TEXTS]?.file;
    if (!texts) throw new Error(`the build has no chunk for ${FIRST_LANGUAGE_TEXTS}`);
    const files = [
      ...[...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? ''),
      texts,
    ];
    const sizes = files.map((file) => ({
      file,
      gzipped: gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length,
    }));
    const script = sizes.filter((size) => size.file.endsWith('.js'));
    const style = sizes.filter((size) => size.file.endsWith('.css'));
    const sum = (list: typeof sizes) => list.reduce((total, size) => total + size.gzipped, 0);
    process.stderr.write(`  first load: ${script.length} scripts, ${style.length} style sheets\n`);
    for (const size of [...sizes].sort((a, b) => b.gzipped - a.gzipped)) {
      process.stderr.write(`    ${String(kilobytes(size.gzipped)).padStart(6)} kB  ${size.file}\n`);
    }
    const javascriptKb = kilobytes(sum(script));
    return [
      {
        name: `first load of the web app: gzipped JavaScript before the sign-in page runs (${script.length} files; CSS ${kilobytes(sum(style))} kB more), against the goal`,
        ours: javascriptKb,
        baseline: GOAL_KB,
        unit: 'kB (lower is better)',
        ratio: javascriptKb / GOAL_KB,
        goal: `≤ ${GOAL_KB} kB`,
        met: javascriptKb <= GOAL_KB,
      },
    ];
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
