import { DomainError } from '../errors';

/**
 * Guards a ZIP package (an .xlsx workbook) before a reader inflates it.
 *
 * A small archive can unpack to hundreds of megabytes, and its headers can lie. So the archive is first
 * read here from its central directory (the end record, the directory, each part's local header and
 * compressed range, as JSZip reads them), each part is inflated as a stream whose output is counted and
 * dropped, and reading stops as soon as the total passes the bound. Whatever this walk cannot read exactly
 * (ZIP64, data before the archive, encryption, other compression methods) is refused rather than guessed
 * at: statement workbooks need none of it. The reader is then handed {@link repackZip}'s copy of the parts
 * measured here, so it cannot meet a part the directory does not list.
 */

const LOCAL_FILE_HEADER = 0x04034b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;
/** A workbook has a dozen parts, a few hundred with many images; more is no statement. */
const MAX_ENTRIES = 10_000;
/** Compressed bytes handed to the inflater at a time, so it never holds much of the input or output. */
const INPUT_PIECE_BYTES = 64 * 1024;

function readUint16(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function readUint32(bytes: Uint8Array, at: number): number {
  return (readUint16(bytes, at) | (readUint16(bytes, at + 2) << 16)) >>> 0;
}

function corrupt(reason: string): DomainError {
  return new DomainError('UNSUPPORTED_FILE', `The xlsx workbook could not be read: ${reason}`, {
    format: 'xlsx',
  });
}

function tooLarge(limit: number, declared?: number): DomainError {
  const size = declared === undefined ? 'more than' : `${declared} bytes, more than`;
  return new DomainError('FILE_TOO_LARGE', `The workbook unpacks to ${size} ${limit} bytes`, {
    limit,
    ...(declared === undefined ? {} : { unpacked: declared }),
  });
}

interface CentralEntry {
  name: string;
  nameBytes: Uint8Array;
  flags: number;
  crc32: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** The end record JSZip uses: the last signature in the file, searched from the very end as it does. */
function endRecordOffset(bytes: Uint8Array): number {
  for (let at = bytes.length - 4; at >= 0; at -= 1) {
    if (readUint32(bytes, at) === END_OF_CENTRAL_DIRECTORY) {
      if (at + 22 > bytes.length) throw corrupt('its end record is cut short');
      return at;
    }
  }
  throw corrupt('it has no ZIP end record');
}

const latin1 = new TextDecoder('latin1');

/**
 * The central directory's entries, read as JSZip reads them: one after another while the signature
 * matches, whatever count the end record gives (so the count must agree, or a part could hide).
 */
function centralEntries(bytes: Uint8Array): CentralEntry[] {
  const end = endRecordOffset(bytes);
  const fields16 = [4, 6, 8, 10].map((offset) => readUint16(bytes, end + offset));
  const directorySize = readUint32(bytes, end + 12);
  const directoryOffset = readUint32(bytes, end + 16);
  if (fields16.includes(MAX_16) || directorySize === MAX_32 || directoryOffset === MAX_32) {
    throw corrupt('ZIP64 archives are not read');
  }
  // JSZip shifts every offset by any bytes found before the archive; refusing them keeps offsets equal.
  if (directoryOffset + directorySize !== end) throw corrupt('its central directory is not where it says');
  const declaredCount = fields16[3] ?? 0;
  const entries: CentralEntry[] = [];
  let at = directoryOffset;
  while (at + 46 <= bytes.length && readUint32(bytes, at) === CENTRAL_DIRECTORY_HEADER) {
    if (entries.length >= MAX_ENTRIES) throw corrupt(`it has more than ${MAX_ENTRIES} parts`);
    const nameLength = readUint16(bytes, at + 28);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    entries.push({
      name: latin1.decode(nameBytes),
      nameBytes,
      flags: readUint16(bytes, at + 8),
      crc32: readUint32(bytes, at + 16),
      method: readUint16(bytes, at + 10),
      compressedSize: readUint32(bytes, at + 20),
      uncompressedSize: readUint32(bytes, at + 24),
      localHeaderOffset: readUint32(bytes, at + 42),
    });
    at += 46 + nameLength + readUint16(bytes, at + 30) + readUint16(bytes, at + 32);
  }
  if (entries.length !== declaredCount) {
    throw corrupt(`its directory lists ${entries.length} parts where its end record says ${declaredCount}`);
  }
  return entries;
}

/** The compressed bytes of an entry: after its local header, as long as the central directory says. */
function compressedData(bytes: Uint8Array, entry: CentralEntry): Uint8Array {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || readUint32(bytes, at) !== LOCAL_FILE_HEADER) {
    throw corrupt(`part ${entry.name} has no local header`);
  }
  const start = at + 30 + readUint16(bytes, at + 26) + readUint16(bytes, at + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw corrupt(`part ${entry.name} is cut short`);
  return bytes.subarray(start, end);
}

/** Output handed back by the inflater at a time: large enough to keep the per-chunk cost low. */
const OUTPUT_CHUNK_BYTES = 256 * 1024;

type Zlib = typeof import('node:zlib');

/**
 * node:zlib when running on Node, found at run time rather than imported: the domain package is also
 * bundled for the browser, where the web DecompressionStream does the same, only more slowly.
 */
function nodeZlib(): Zlib | undefined {
  const runtime: { process?: { getBuiltinModule?: (id: string) => unknown } } = globalThis;
  const zlib = runtime.process?.getBuiltinModule?.('node:zlib');
  return typeof zlib === 'object' && zlib !== null && 'createInflateRaw' in zlib ? (zlib as Zlib) : undefined;
}

/** Output chunks of raw-deflated data, pulled one at a time so no more than a chunk or two is held. */
function inflatedChunks(data: Uint8Array): AsyncIterable<Uint8Array> & { stop: () => Promise<void> } {
  const zlib = nodeZlib();
  if (zlib !== undefined) {
    const inflater = zlib.createInflateRaw({ chunkSize: OUTPUT_CHUNK_BYTES });
    // The inflater stops when its output is not read (backpressure), so the whole input may go in at once.
    inflater.end(data);
    return Object.assign(inflater as AsyncIterable<Uint8Array>, {
      stop: async () => {
        inflater.destroy();
      },
    });
  }
  let offset = 0;
  const input = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= data.length) {
        controller.close();
        return;
      }
      controller.enqueue(data.slice(offset, offset + INPUT_PIECE_BYTES));
      offset += INPUT_PIECE_BYTES;
    },
  });
  const reader = input.pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    },
    // Cancelling a stream that failed rejects again; the failure itself has been reported already.
    stop: () => reader.cancel().catch(() => undefined),
  };
}

/**
 * How many bytes raw-deflated data inflates to, counted as it streams and dropped; reading stops as soon
 * as the count passes `budget` (the answer is then only known to be larger).
 */
async function inflatedLength(data: Uint8Array, budget: number, name: string): Promise<number> {
  const chunks = inflatedChunks(data);
  let length = 0;
  try {
    for await (const chunk of chunks) {
      length += chunk.length;
      if (length > budget) break;
    }
  } catch {
    throw corrupt(`part ${name} is not valid deflate data`);
  } finally {
    await chunks.stop();
  }
  return length;
}

/**
 * Refuses a ZIP package whose parts would unpack to more than `limit` bytes in all, by the sizes its
 * headers declare (at once) and by the bytes they really inflate to (counted while streaming, so a lying
 * header costs at most `limit` bytes of inflation and no more than a few chunks of memory). A part that
 * inflates to another size than declared is refused too: JSZip would refuse it after inflating it whole.
 */
export async function assertZipUnpacksWithin(bytes: Uint8Array, limit: number): Promise<void> {
  const entries = centralEntries(bytes);
  const declared = entries.reduce((total, entry) => total + entry.uncompressedSize, 0);
  if (declared > limit) throw tooLarge(limit, declared);
  let inflated = 0;
  for (const entry of entries) {
    if ((entry.flags & 0x01) !== 0) throw corrupt(`part ${entry.name} is encrypted`);
    const data = compressedData(bytes, entry);
    let length: number;
    if (entry.method === STORED) length = data.length;
    else if (entry.method === DEFLATED) length = await inflatedLength(data, limit - inflated, entry.name);
    else throw corrupt(`part ${entry.name} uses compression method ${entry.method}`);
    inflated += length;
    if (inflated > limit) throw tooLarge(limit);
    if (length !== entry.uncompressedSize) {
      throw corrupt(
        `part ${entry.name} unpacks to ${length} bytes where its header says ${entry.uncompressedSize}`,
      );
    }
  }
}

/** The flag bits a repacked part keeps: UTF-8 names. Its sizes are in its local header, never after it. */
const KEPT_FLAGS = 0x0800;

function writeUint16(target: Uint8Array, at: number, value: number): void {
  target[at] = value & 0xff;
  target[at + 1] = (value >>> 8) & 0xff;
}

function writeUint32(target: Uint8Array, at: number, value: number): void {
  writeUint16(target, at, value & 0xffff);
  writeUint16(target, at + 2, value >>> 16);
}

/**
 * The fields a local header and a central directory record share, in the same order (version needed,
 * flags, method, time and date left zero, CRC, sizes, name length), written from `at`.
 */
function writeSharedHeaderFields(target: Uint8Array, at: number, entry: CentralEntry): void {
  writeUint16(target, at, 20);
  writeUint16(target, at + 2, entry.flags & KEPT_FLAGS);
  writeUint16(target, at + 4, entry.method);
  writeUint32(target, at + 10, entry.crc32);
  writeUint32(target, at + 14, entry.compressedSize);
  writeUint32(target, at + 18, entry.uncompressedSize);
  writeUint16(target, at + 22, entry.nameBytes.length);
}

/**
 * A new archive of the parts `choose` picks from the names the central directory lists, in the order it
 * gives them, each with a local header stating its sizes. A reader that walks local headers one after
 * another (a streaming unzip) then sees exactly the parts and bytes the central directory lists, which
 * {@link assertZipUnpacksWithin} measured, and sees them in the order it needs them; parts the directory
 * does not list, or lists twice, never reach it. Call it on an archive that check has passed.
 */
export function repackZip(
  bytes: Uint8Array,
  choose: (names: readonly string[]) => readonly string[],
): Uint8Array {
  const entries = centralEntries(bytes);
  const byName = new Map<string, CentralEntry>();
  for (const entry of entries) if (!byName.has(entry.name)) byName.set(entry.name, entry);
  const parts = choose([...byName.keys()]).map((name) => {
    const entry = byName.get(name);
    if (entry === undefined) throw corrupt(`it has no part ${name}`);
    return { entry, data: compressedData(bytes, entry) };
  });
  const localSize = parts.reduce(
    (total, part) => total + 30 + part.entry.nameBytes.length + part.data.length,
    0,
  );
  const directorySize = parts.reduce((total, part) => total + 46 + part.entry.nameBytes.length, 0);
  const archive = new Uint8Array(localSize + directorySize + 22);
  let at = 0;
  const offsets: number[] = [];
  for (const { entry, data } of parts) {
    offsets.push(at);
    writeUint32(archive, at, LOCAL_FILE_HEADER);
    writeSharedHeaderFields(archive, at + 4, entry);
    archive.set(entry.nameBytes, at + 30);
    archive.set(data, at + 30 + entry.nameBytes.length);
    at += 30 + entry.nameBytes.length + data.length;
  }
  parts.forEach(({ entry }, index) => {
    writeUint32(archive, at, CENTRAL_DIRECTORY_HEADER);
    writeUint16(archive, at + 4, 20);
    writeSharedHeaderFields(archive, at + 6, entry);
    writeUint32(archive, at + 42, offsets[index] ?? 0);
    archive.set(entry.nameBytes, at + 46);
    at += 46 + entry.nameBytes.length;
  });
  writeUint32(archive, at, END_OF_CENTRAL_DIRECTORY);
  writeUint16(archive, at + 8, parts.length);
  writeUint16(archive, at + 10, parts.length);
  writeUint32(archive, at + 12, directorySize);
  writeUint32(archive, at + 16, localSize);
  return archive;
}
