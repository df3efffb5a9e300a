// Bundles the server into one file for running in production: the workspace packages are compiled in,
// the npm packages are loaded from node_modules. Running the bundle needs no TypeScript loader, which
// starts faster and keeps some 90 MB of memory free.
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = import.meta.dirname;
const packages = path.resolve(serverRoot, '../../packages');

await build({
  entryPoints: [path.join(serverRoot, 'src/main.ts')],
  outfile: path.join(serverRoot, 'dist/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: {
    '@bilag/contracts': path.join(packages, 'contracts/src/index.ts'),
    '@bilag/domain': path.join(packages, 'domain/src/index.ts'),
  },
  sourcemap: 'linked',
  logLevel: 'warning',
});
