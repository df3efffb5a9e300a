import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The public EHF samples others wrote, kept beside the repository in ../shared/samples/ehf and read
 * in place, never copied in. A user's clone has no such folder; the page then offers none.
 */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const PUBLIC_SAMPLES_DIR = path.resolve(REPOSITORY_ROOT, '../shared/samples/ehf');

/** The XML files there, by name; re-read on each call so samples added while running appear. */
export function listPublicSamples(directory = PUBLIC_SAMPLES_DIR): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.xml'))
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b));
}

/** A sample by one of the listed names only, so no name from a form reaches another file. */
export function readPublicSample(name: string, directory = PUBLIC_SAMPLES_DIR): string | undefined {
  if (!listPublicSamples(directory).includes(name)) return undefined;
  return readFileSync(path.join(directory, name), 'utf8');
}
