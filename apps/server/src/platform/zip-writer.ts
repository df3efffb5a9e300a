import { promisify } from 'node:util';
import { crc32, deflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Writes a ZIP archive (PKWARE APPNOTE 6.3) to a stream, one entry at a time: each entry is deflated whole,
 * written, and only its central directory record (a few dozen bytes) is kept until `finish`. Every entry
 * carries the same timestamp and attributes, so the same entries in the same order give the same bytes.
 * Past 65,535 entries or 4 GiB of archive it writes the ZIP64 records; a single entry stays below 4 GiB.
 */
export type ZipWriter = {
  /** Refuses a name that could land outside the folder it is unpacked in, or one already written. */
  addEntry(name: string, bytes: Buffer): Promise<void>;
  /** Writes the central directory and the end records; the output is left open for the caller to end. */
  finish(): Promise<void>;
};

export type ZipWriterOptions = {
  /** The modification time of every entry. */
  modifiedAt: Date;
};

export class ZipWriterError extends Error {}

const SIGNATURE = {
  localHeader: 0x04034b50,
  centralHeader: 0x02014b50,
  zip64End: 0x06064b50,
  zip64Locator: 0x07064b50,
  end: 0x06054b50,
} as const;
const METHOD = { stored: 0, deflated: 8 } as const;
const VERSION = { deflate: 20, zip64: 45 } as const;
/** The high byte of "version made by": the external attributes are Unix modes. */
const MADE_ON_UNIX = 3 << 8;
const UTF8_NAMES = 1 << 11;
/** A regular file readable by all, writable by its owner. */
const FILE_ATTRIBUTES = 0o100644 * 0x10000;
const EXTRA = { zip64: 0x0001, extendedTime: 0x5455 } as const;
/** The extended timestamp's flag for "modification time present". */
const HAS_MODIFICATION_TIME = 1;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;

const deflateInThreadPool = promisify(deflateRaw);
/**
 * A large entry is deflated off the event loop so the server keeps answering meanwhile; a small one in
 * place, where handing it to the thread pool would cost more than the work.
 */
const DEFLATE_IN_PLACE_BELOW = 64 * 1024;

export function createZipWriter(output: NodeJS.WritableStream, options: ZipWriterOptions): ZipWriter {
  const time = timestampOf(options.modifiedAt);
  const extendedTime = Buffer.alloc(9);
  extendedTime.writeUInt16LE(EXTRA.extendedTime, 0);
  extendedTime.writeUInt16LE(5, 2);
  extendedTime.writeUInt8(HAS_MODIFICATION_TIME, 4);
  extendedTime.writeUInt32LE(time.unixSeconds, 5);

  const names = new Set<string>();
  const centralRecords: Buffer[] = [];
  let offset = 0;
  let state: 'open' | 'writing' | 'finished' | 'failed' = 'open';
  let outputError: Error | undefined;

  async function emit(chunk: Buffer) {
    if (outputError) throw outputError;
    offset += chunk.length;
    const isReady = output.write(chunk, (error) => {
      outputError ??= error ?? undefined;
    });
    if (!isReady) await drained(output);
  }

  function requireOpen() {
    if (state === 'writing') throw new ZipWriterError('Wait for one entry to be written before the next.');
    if (state !== 'open') throw new ZipWriterError(`The archive is ${state}; nothing more can be added.`);
  }

  /** A failure half-way leaves a broken archive behind, so the writer refuses everything after it. */
  async function run(work: () => Promise<void>, next: 'open' | 'finished') {
    state = 'writing';
    try {
      await work();
      state = next;
    } catch (error) {
      state = 'failed';
      throw error;
    }
  }

  return {
    async addEntry(name, bytes) {
      requireOpen();
      requireSafeName(name);
      if (names.has(name)) throw new ZipWriterError(`The archive already holds ${name}.`);
      if (bytes.length >= MAX_32)
        throw new ZipWriterError(`${name} is 4 GiB or more; entries must be smaller.`);
      names.add(name);
      await run(async () => {
        const nameBytes = Buffer.from(name, 'utf8');
        const deflated =
          bytes.length < DEFLATE_IN_PLACE_BELOW ? deflateRawSync(bytes) : await deflateInThreadPool(bytes);
        const isDeflated = deflated.length < bytes.length;
        const data = isDeflated ? deflated : bytes;
        const entry: EntryFields = {
          method: isDeflated ? METHOD.deflated : METHOD.stored,
          crc: crc32(bytes),
          compressedSize: data.length,
          size: bytes.length,
        };
        const localHeaderOffset = offset;
        await emit(localHeader(entry, time, nameBytes, extendedTime));
        await emit(data);
        centralRecords.push(centralHeader(entry, time, nameBytes, extendedTime, localHeaderOffset));
      }, 'open');
    },

    async finish() {
      requireOpen();
      await run(async () => {
        const directoryOffset = offset;
        for (const record of centralRecords) await emit(record);
        const directorySize = offset - directoryOffset;
        const count = centralRecords.length;
        // 0xFFFF and 0xFFFFFFFF in the end record mean "read the ZIP64 record", so they need it too.
        if (count >= MAX_16 || directorySize >= MAX_32 || directoryOffset >= MAX_32) {
          const zip64EndOffset = offset;
          await emit(zip64End(count, directorySize, directoryOffset));
          await emit(zip64Locator(zip64EndOffset));
        }
        await emit(end(count, directorySize, directoryOffset));
      }, 'finished');
    },
  };
}

type EntryFields = { method: number; crc: number; compressedSize: number; size: number };
type Timestamp = { dosTime: number; dosDate: number; unixSeconds: number };

/**
 * DOS time has no time zone; it is written in UTC so the bytes do not depend on the server's zone, and the
 * extended timestamp beside it tells unzip the true instant.
 */
function timestampOf(date: Date): Timestamp {
  const milliseconds = date.getTime();
  if (Number.isNaN(milliseconds)) throw new ZipWriterError('The modification time is not a valid date.');
  const year = date.getUTCFullYear();
  const unixSeconds = Math.floor(milliseconds / 1000);
  if (year < 1980 || unixSeconds > MAX_32)
    throw new ZipWriterError('A ZIP timestamp lies between 1980 and 2106.');
  return {
    dosTime: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    dosDate: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
    unixSeconds,
  };
}

/** C0 and C1 control characters and DEL: they hide what a name is when it is listed or unpacked. */
const CONTROL_CHARACTER = /\p{Cc}/u;
const DRIVE_LETTER = /^[A-Za-z]:/;

function requireSafeName(name: string) {
  const refuse = (why: string) => {
    throw new ZipWriterError(`The entry name ${JSON.stringify(name)} ${why}.`);
  };
  if (name.length === 0) refuse('is empty');
  if (CONTROL_CHARACTER.test(name)) refuse('holds a control character');
  if (name.includes('\\')) refuse('holds a backslash');
  if (name.startsWith('/') || DRIVE_LETTER.test(name)) refuse('is absolute');
  if (Buffer.from(name, 'utf8').toString('utf8') !== name) refuse('is not valid Unicode');
  if (Buffer.byteLength(name, 'utf8') > MAX_16) refuse('is longer than 65,535 bytes');
  for (const segment of name.split('/')) {
    if (segment === '..') refuse('climbs out of its folder');
    if (segment === '' || segment === '.') refuse('has an empty or "." segment');
  }
}

function localHeader(entry: EntryFields, time: Timestamp, name: Buffer, extra: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(SIGNATURE.localHeader, 0);
  header.writeUInt16LE(VERSION.deflate, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt16LE(time.dosTime, 10);
  header.writeUInt16LE(time.dosDate, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, name, extra]);
}

function centralHeader(
  entry: EntryFields,
  time: Timestamp,
  name: Buffer,
  extendedTime: Buffer,
  localHeaderOffset: number,
): Buffer {
  const isFar = localHeaderOffset >= MAX_32;
  const extra = isFar ? Buffer.concat([extendedTime, zip64Offset(localHeaderOffset)]) : extendedTime;
  const version = isFar ? VERSION.zip64 : VERSION.deflate;
  const header = Buffer.alloc(46);
  header.writeUInt32LE(SIGNATURE.centralHeader, 0);
  header.writeUInt16LE(MADE_ON_UNIX | version, 4);
  header.writeUInt16LE(version, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(time.dosTime, 12);
  header.writeUInt16LE(time.dosDate, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  // Comment length, starting disk and internal attributes (bytes 32 to 37) stay zero.
  header.writeUInt32LE(FILE_ATTRIBUTES, 38);
  header.writeUInt32LE(isFar ? MAX_32 : localHeaderOffset, 42);
  return Buffer.concat([header, name, extra]);
}

/** The ZIP64 extra field holds only the fields whose 32-bit slot is full: here, the offset. */
function zip64Offset(localHeaderOffset: number): Buffer {
  const field = Buffer.alloc(12);
  field.writeUInt16LE(EXTRA.zip64, 0);
  field.writeUInt16LE(8, 2);
  field.writeBigUInt64LE(BigInt(localHeaderOffset), 4);
  return field;
}

function zip64End(count: number, directorySize: number, directoryOffset: number): Buffer {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(SIGNATURE.zip64End, 0);
  record.writeBigUInt64LE(BigInt(record.length - 12), 4);
  record.writeUInt16LE(MADE_ON_UNIX | VERSION.zip64, 12);
  record.writeUInt16LE(VERSION.zip64, 14);
  // This disk and the directory's disk (bytes 16 to 23) are both disk 0.
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  return record;
}

function zip64Locator(zip64EndOffset: number): Buffer {
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(SIGNATURE.zip64Locator, 0);
  locator.writeBigUInt64LE(BigInt(zip64EndOffset), 8);
  locator.writeUInt32LE(1, 16);
  return locator;
}

function end(count: number, directorySize: number, directoryOffset: number): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(SIGNATURE.end, 0);
  record.writeUInt16LE(Math.min(count, MAX_16), 8);
  record.writeUInt16LE(Math.min(count, MAX_16), 10);
  record.writeUInt32LE(Math.min(directorySize, MAX_32), 12);
  record.writeUInt32LE(Math.min(directoryOffset, MAX_32), 16);
  return record;
}

/** A slow reader holds back the writer: it waits for the output to drain before writing more. */
function drained(output: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      output.removeListener('drain', onDrain);
      output.removeListener('error', onError);
      output.removeListener('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(new ZipWriterError('The output closed before the archive was written.'));
    output.once('drain', onDrain);
    output.once('error', onError);
    output.once('close', onClose);
  });
}
