import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './result';

/** The goal: at most this much gzipped JavaScript before the sign-in page is interactive. */
const GOAL_KB = 200;
const WEB_ROOT = path.resolve(import.meta.dirname, '../apps/web');
const kilobytes = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const BLANK_APP_FILES: Record<string, string> = {
  'index.html':
    '<!doctype html><html lang="en"><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>',
  'main.tsx': `import '@mantine/core/styles.css';
import { Button, MantineProvider, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root') as HTMLElement).render(
  <MantineProvider>
    <Stack maw={360} m="auto">
      <Title>Sign in</Title>
      <TextInput label="Email" />
      <PasswordInput label="Password" />
      <Button>Sign in</Button>
    </Stack>
  </MantineProvider>,
);
`,
  'vite.config.mjs': `import react from '@vitejs/plugin-react';
export default { plugins: [react()] };
`,
};

/**
 * The baseline: the gzipped JavaScript of a blank Vite + React + Mantine app showing a sign-in form, built
 * with the web app's own Vite, React and Mantine. Its sources are written inside apps/web so they resolve
 * the same packages, and removed afterwards.
 */
function blankAppJavaScript(): number {
  const sourceDir = mkdtempSync(path.join(WEB_ROOT, '.bench-blank-app-'));
  const outDir = mkdtempSync(path.join(tmpdir(), 'bilag-blank-app-'));
  try {
    for (const [name, text] of Object.entries(BLANK_APP_FILES))
      writeFileSync(path.join(sourceDir, name), text);
    mkdirSync(outDir, { recursive: true });
    const build = spawnSync('npx', ['vite', 'build', sourceDir, '--outDir', outDir, '--emptyOutDir'], {
      cwd: WEB_ROOT,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`the blank app did not build:\n${build.stderr}`);
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    return [...html.matchAll(/src="\/(assets\/[^"]+\.js)"/g)]
      .map((match) => gzipSync(readFileSync(path.join(outDir, match[1] ?? '')), { level: 9 }).length)
      .reduce((total, size) => total + size, 0);
  } finally {
    rmSync(sourceDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * What a first visit downloads before the sign-in page runs: the entry and every chunk index.html
 * preloads (the entry carries the sign-in page's texts; a language's whole texts load with the first
 * screen beyond it), each gzipped at level 9 as a server would send them. The web app is built from the
 * working tree into a folder of its own; each chunk's size is printed.
 */
export async function benchFirstLoad(): Promise<BenchResult[]> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bilag-first-load-'));
  try {
    const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir], {
      cwd: WEB_ROOT,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`the web app did not build:\n${build.stderr}`);
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1] ?? '',
    );
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
    const blankKb = kilobytes(blankAppJavaScript());
    process.stderr.write(`  a blank Vite + React + Mantine sign-in form: ${blankKb} kB\n`);
    return [
      {
        name: `first load of the web app: gzipped JavaScript before the sign-in page runs (${script.length} files; CSS ${kilobytes(sum(style))} kB more), against a blank Vite + React + Mantine app with a sign-in form built in the same run`,
        ours: javascriptKb,
        baseline: blankKb,
        unit: 'kB (lower is better)',
        ratio: javascriptKb / blankKb,
        goal: `≤ ${GOAL_KB} kB`,
        met: javascriptKb <= GOAL_KB,
      },
    ];
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
