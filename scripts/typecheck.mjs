// The TypeScript checks of every workspace and of the benchmarks, as many at once as the machine has
// cores: each check runs in one thread, so one after another they left all but one core idle. A check's
// output is printed whole when it ends, and the command fails when any check fails.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const tsc = path.join(root, 'node_modules/.bin/tsc');

/** Each workspace with a typecheck script, by its own script, and the benchmarks' project. */
const checks = [
  ...workspaces
    .filter((workspace) => {
      const manifest = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
      return manifest.scripts?.typecheck !== undefined;
    })
    .map((workspace) => ({
      name: workspace,
      command: 'npm',
      args: ['run', '-s', 'typecheck', '-w', workspace],
    })),
  { name: 'bench', command: tsc, args: ['-p', 'bench'] },
];
// The largest programs first, so that no core is left with one of them alone at the end.
const LARGEST_FIRST = ['apps/web', 'apps/server', 'bench'];
checks.sort((left, right) => rank(left.name) - rank(right.name));

function rank(name) {
  const index = LARGEST_FIRST.indexOf(name);
  return index < 0 ? LARGEST_FIRST.length : index;
}

function runCheck({ name, command, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✔' : '✖'} tsc ${name} (${seconds}s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...checks];
let failed = false;
async function lane() {
  for (let check = queue.shift(); check; check = queue.shift()) {
    if (!(await runCheck(check))) failed = true;
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), checks.length) }, lane));
process.exit(failed ? 1 : 0);
