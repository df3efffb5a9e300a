import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Public sample files written by others live beside the repository, never inside it. Tests that use them
 * skip, saying so, where the folder is absent (a fresh clone).
 */
export const SAMPLES_DIR = resolve(repositoryRoot, '../shared/samples');
export const HAS_SAMPLES = existsSync(SAMPLES_DIR);
export const MISSING_SAMPLES_MESSAGE = `public samples not found at ${SAMPLES_DIR}; skipping`;

export function samplePath(...parts: string[]): string {
  return resolve(SAMPLES_DIR, ...parts);
}
