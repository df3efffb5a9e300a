import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';

/** Info-ZIP's unzip reads archives back: a reader that shares no code with the product's writer. */
export const hasUnzip = spawnSync('unzip', ['-v']).status === 0;

/** Keeps what is written; when slow, takes each chunk on a later turn, as a network peer does. */
export function memorySink(isSlow = false) {
  const chunks: Buffer[] = [];
  let largestBacklog = 0;
  const sink = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      largestBacklog = Math.max(largestBacklog, sink.writableLength);
      if (isSlow) setImmediate(done);
      else done();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks), largestBacklog: () => largestBacklog };
}

/** Runs a command in the folder (in UTC, so unzip shows the times as written) and answers its output. */
export function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, TZ: 'UTC' },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** An archive written to a file of its own in the folder, for the commands that read files. */
export function saved(folder: string, archive: Buffer): string {
  const file = path.join(folder, `${randomBytes(6).toString('hex')}.zip`);
  writeFileSync(file, archive);
  return file;
}

/** Unpacks into a fresh folder and answers every file under it, by its path inside the folder. */
export function unpacked(folder: string, archive: Buffer): { root: string; files: string[] } {
  const root = mkdtempSync(path.join(folder, 'unpacked-'));
  run('unzip', ['-q', saved(folder, archive), '-d', root], folder);
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  return { root, files };
}
