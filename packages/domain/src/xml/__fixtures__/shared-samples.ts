import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Public sample files written by others live beside the repository in ../shared/samples and are read in
 * place, never copied into the project. A fresh clone may not have them; tests then skip and say why.
 */
export const SHARED_SAMPLES_DIR = fileURLToPath(
  new URL('../../../../../../shared/samples/', import.meta.url),
);

export const hasSharedSamples = existsSync(SHARED_SAMPLES_DIR);

export function sharedSamplesLabel(folder: string): string {
  return hasSharedSamples
    ? `public samples in ../shared/samples/${folder}`
    : `public samples in ../shared/samples/${folder} (skipped: folder not found at ${SHARED_SAMPLES_DIR})`;
}
