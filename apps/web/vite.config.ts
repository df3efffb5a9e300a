import react from '@vitejs/plugin-react';

const apiServer = 'http://localhost:3000';

/** Libraries change less often than the app, so they get chunks of their own that browsers keep cached. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  // Only the rules screen checks regular expressions: the engine loads with it.
  if (id.includes('/node_modules/re2js/')) return undefined;
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
  if (/\/node_modules\/(@mantine|@floating-ui)\//.test(id)) return 'mantine';
  return 'vendor';
}

/**
 * A plain object rather than defineConfig(): the React plugin is typed against the workspace root's
 * Vite while this app builds with its own, and the two Plugin types do not unify.
 */
export default {
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/health': apiServer,
    },
  },
};
