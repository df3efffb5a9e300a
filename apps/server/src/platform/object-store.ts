import { constants, createReadStream } from 'node:fs';
import { copyFile, mkdir, opendir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Local disk under the data folder by default; an S3-compatible store
 * implements the same calls (its listing with last-modified times), so servers behind a load balancer
 * can share one.
 */
export type ObjectStore = {
  put: (key: string, bytes: Buffer) => Promise<void>;
  /** Stores a file from local disk without reading it into memory. */
  putFile: (key: string, sourcePath: string) => Promise<void>;
  get: (key: string) => Promise<Buffer>;
  /** Reads an object piece by piece, for files too large to hold in memory. */
  openRead: (key: string) => Readable;
  delete: (key: string) => Promise<void>;
  /** The keys under the prefix whose object was last written before the moment, one by one. */
  listWrittenBefore: (prefix: string, before: Date) => AsyncIterable<string>;
};

const safeKey = /^[a-z0-9][a-z0-9/_.-]*$/i;
/**
 * Files are read in pieces that, decoded to text, stay below the size V8 keeps in its young generation;
 * larger strings go straight to the old generation and pile up there until a full collection.
 */
const READ_CHUNK_BYTES = 64 * 1024;

function assertSafeKey(key: string) {
  if (!safeKey.test(key) || key.includes('..')) throw new Error(`Unsafe object key: ${key}`);
}

/**
 * Writes, making the file's folder only where it is missing: nearly every key goes into a folder written
 * to before, and making it first cost each write another call to the file system.
 */
async function writeMakingFolder(target: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(path.dirname(target), { recursive: true });
    await write();
  }
}

export function createLocalDiskStore(root: string): ObjectStore {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    put: async (key, bytes) => {
      const target = resolve(key);
      await writeMakingFolder(target, () => writeFile(target, bytes, { flag: 'wx' }));
    },
    putFile: async (key, sourcePath) => {
      const target = resolve(key);
      await writeMakingFolder(target, () => copyFile(sourcePath, target, constants.COPYFILE_EXCL));
    },
    get: (key) => readFile(resolve(key)),
    openRead: (key) => createReadStream(resolve(key), { highWaterMark: READ_CHUNK_BYTES }),
    delete: (key) => rm(resolve(key), { force: true }),
    listWrittenBefore: (prefix, before) => filesWrittenBefore(root, prefix, before),
  };
}

async function* filesWrittenBefore(root: string, prefix: string, before: Date): AsyncGenerator<string> {
  assertSafeKey(prefix);
  const folder = path.join(root, prefix);
  const entries = await opendir(folder).catch(() => undefined);
  if (!entries) return;
  for await (const entry of entries) {
    const key = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) yield* filesWrittenBefore(root, `${key}/`, before);
    else if (entry.isFile()) {
      const written = await stat(path.join(root, key)).then(
        (info) => info.mtimeMs,
        () => undefined,
      );
      if (written !== undefined && written < before.getTime()) yield key;
    }
  }
}
