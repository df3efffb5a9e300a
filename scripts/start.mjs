// Starts the whole product on one port: builds the web app when it has not been built, bundles the server
// when its sources changed, and runs it (it applies migrations, seeds demo data into an empty database and
// starts the sandbox).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { serverNodeFlags } from '../apps/server/node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');

if (!existsSync(webIndex)) {
  console.log('Building the web app (first start only)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverBundle = path.join(root, 'apps/server/dist/main.mjs');
/** What the server's bundle is made from: its sources, the workspace packages' and the bundling script. */
const serverSources = [
  'apps/server/src',
  'apps/server/build.mjs',
  'packages/contracts/src',
  'packages/domain/src',
].map((source) => path.join(root, source));

function newestChange(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(file).map((entry) => newestChange(path.join(file, entry))));
}

// The server is bundled whenever a source is newer than the bundle, so it always runs the current sources.
const bundleIsCurrent =
  existsSync(serverBundle) && statSync(serverBundle).mtimeMs > Math.max(...serverSources.map(newestChange));
if (!bundleIsCurrent) {
  const serverBuild = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (serverBuild.status !== 0) process.exit(serverBuild.status ?? 1);
}

const serverEnvironment = { START_SANDBOX: '1', NODE_ENV: 'production', ...process.env };
const server = spawn(
  process.execPath,
  [...serverNodeFlags({ embedded: !serverEnvironment.DATABASE_URL }), serverBundle],
  {
    cwd: root,
    stdio: 'inherit',
    env: serverEnvironment,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
