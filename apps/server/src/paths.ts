import path from 'node:path';

/**
 * The server package's folder. This file sits one level below it both as a source (src/) and inside
 * the built bundle (dist/main.mjs), so the same step up finds it either way.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');
