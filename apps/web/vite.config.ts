import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';

const apiServer = 'http://localhost:3000';

/**
 * React, React DOM and the router serve every screen and change less often than the app, so they get a
 * chunk of their own that browsers keep cached. The schema library gets one too: every screen beyond
 * sign-in needs it and the sign-in page does not, and Rollup's merging of small chunks would otherwise
 * fold it into a chunk the sign-in page loads. Every other library is left to Rollup, which puts each
 * module with the code that uses it: the first page loads only the Mantine components, icons and
 * helpers of the app's shell, and the editor, drag and drop, the charts and the regular-expression
 * engine load with the first screen that needs them.
 */
function vendorChunk(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
  if (/\/node_modules\/zod\//.test(id)) return 'zod';
  return undefined;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Every script, style sheet and image under assets/ written brotli- and gzip-compressed beside it, at
 * the highest levels, for the server to send as they are (its static files are served precompressed):
 * the server compresses nothing on the fly, and a first visit downloaded the scripts uncompressed,
 * about 1.1 MB where these are some 330 kB.
 */
function precompressedAssets() {
  return {
    name: 'bilag-precompressed-assets',
    apply: 'build' as const,
    async writeBundle(options: { dir?: string }, bundle: Record<string, unknown>) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => /^assets\/.+\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(path.join(outDir, file));
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipped(bytes, { level: 9 }),
          ]);
          await Promise.all([
            writeFile(path.join(outDir, `${file}.br`), br),
            writeFile(path.join(outDir, `${file}.gz`), gz),
          ]);
        }),
      );
    },
  };
}

/**
 * A plain object rather than defineConfig(): the React plugin is typed against the workspace root's
 * Vite while this app builds with its own, and the two Plugin types do not unify.
 */
export default {
  plugins: [react(), precompressedAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: { manualChunks: vendorChunk, experimentalMinChunkSize: 20_000 },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/health': apiServer,
    },
  },
};
