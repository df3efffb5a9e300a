import react from '@vitejs/plugin-react';

const apiServer = 'http://localhost:3000';

const RICH_TEXT_EDITOR =
  /\/node_modules\/(@tiptap|@mantine\/tiptap|prosemirror-[a-z-]+|linkifyjs|orderedmap|rope-sequence|w3c-keyname|fast-equals)\//;

/** Parts of Mantine that only the editor's toolbar and content use (its colour controls, its typography). */
const EDITOR_ONLY_MANTINE =
  /\/node_modules\/@mantine\/(core\/esm\/components\/(ColorPicker|Typography)|hooks\/esm\/(use-move|use-input-state))\//;

/** @mantine/charts, recharts and what recharts alone brings. */
const CHARTS =
  /\/node_modules\/(@mantine\/charts|recharts|d3-[a-z-]+|victory-vendor|decimal\.js-light|internmap|es-toolkit|immer|@reduxjs|redux|redux-thunk|reselect|react-redux|use-sync-external-store|eventemitter3|tiny-invariant)\//;

/** Libraries change less often than the app, so they get chunks of their own that browsers keep cached. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  // Only the rules screen checks regular expressions: the engine loads with it.
  if (id.includes('/node_modules/re2js/')) return undefined;
  // The rich-text editor and drag and drop serve the task screens only, and load with the first of them.
  if (RICH_TEXT_EDITOR.test(id) || EDITOR_ONLY_MANTINE.test(id)) return 'editor';
  if (id.includes('/node_modules/@dnd-kit/')) return 'dnd-kit';
  // The charts serve the statistics pages only: left to Rollup, they load with the first of them.
  if (CHARTS.test(id)) return undefined;
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
