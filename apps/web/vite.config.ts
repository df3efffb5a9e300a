import react from '@vitejs/plugin-react';

const apiServer = 'http://localhost:3000';

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
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/health': apiServer,
    },
  },
};
