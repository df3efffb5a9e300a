import react from '@vitejs/plugin-react';

const apiServer = 'http://localhost:3000';

/**
 * React, React DOM and the router serve every screen and change less often than the app, so they get a
 * chunk of their own that browsers keep cached. Every other library is left to Rollup, which puts each
 * module with the code that uses it: the first page loads only the Mantine components, icons and
 * helpers of the app's shell, and the editor, drag and drop, the charts and the regular-expression
 * engine load with the first screen that needs them.
 */
function vendorChunk(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
  return undefined;
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
