import iconv from 'iconv-lite';
import { DomainError } from '../errors';

/** The text encodings bank files come in. ISO-8859-1 files are read as its superset, Windows-1252. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** Whether the bytes started with a byte order mark (which is not part of `text`). */
  bom: boolean;
}

/** How much text after the first non-ASCII byte decides between UTF-8 and Windows-1252. */
const ENCODING_SNIFF_BYTES = 64 * 1024;

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const asciiDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Windows-1252 for every byte value; built once from iconv-lite so the mapping is the library's. */
const WINDOWS_1252 = iconv.decode(Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)), 'win1252');

interface ByteOrderMark {
  encoding: TextEncodingName;
  length: number;
}

function byteOrderMark(bytes: Uint8Array): ByteOrderMark | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/** UTF-16 without a byte order mark shows itself by a zero in every other byte of ASCII text. */
function bomlessUtf16(bytes: Uint8Array): TextEncodingName | undefined {
  const length = Math.min(bytes.length, 512) & ~1;
  if (length < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < length; index += 2) {
    if (bytes[index] === 0) evenZeros += 1;
    if (bytes[index + 1] === 0) oddZeros += 1;
  }
  const pairs = length / 2;
  if (oddZeros > pairs * 0.4 && evenZeros === 0) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros === 0) return 'utf-16be';
  return undefined;
}

/** Whether the bytes are UTF-8; an incomplete character at the very end is allowed when `truncated`. */
export function isUtf8(bytes: Uint8Array, truncated = false): boolean {
  try {
    if (truncated) new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    else fatalUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function firstNonAscii(bytes: Uint8Array, from: number): number {
  for (let index = from; index < bytes.length; index += 1) {
    if ((bytes[index] ?? 0) >= 0x80) return index;
  }
  return -1;
}

/** Length of the valid UTF-8 sequence starting at `index`, or 0 when the byte there does not start one. */
function utf8SequenceLength(bytes: Uint8Array, index: number): number {
  const lead = bytes[index] ?? 0;
  let length: number;
  let minimum: number;
  let codePoint: number;
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
    minimum = 0x80;
    codePoint = lead & 0x1f;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    minimum = 0x800;
    codePoint = lead & 0x0f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    minimum = 0x10000;
    codePoint = lead & 0x07;
  } else {
    return 0;
  }
  if (index + length > bytes.length) return 0;
  for (let offset = 1; offset < length; offset += 1) {
    const next = bytes[index + offset] ?? 0;
    if ((next & 0xc0) !== 0x80) return 0;
    codePoint = (codePoint << 6) | (next & 0x3f);
  }
  if (codePoint < minimum || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return 0;
  return length;
}

/**
 * Text that is UTF-8 except for stray single-byte characters, as happens when lines from two exports
 * are pasted together: each valid UTF-8 sequence is read as UTF-8, every other byte as Windows-1252.
 */
function decodeMixed(bytes: Uint8Array): string {
  let text = '';
  let runStart = 0;
  let index = 0;
  while (index < bytes.length) {
    const length = utf8SequenceLength(bytes, index);
    if (length > 0) {
      index += length;
      continue;
    }
    text += asciiDecoder.decode(bytes.subarray(runStart, index));
    text += WINDOWS_1252[bytes[index] ?? 0] ?? '';
    index += 1;
    runStart = index;
  }
  return text + asciiDecoder.decode(bytes.subarray(runStart));
}

/** Where the last complete UTF-8 character ends, so a chunk can be cut without splitting one. */
function completeUtf8Length(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let back = 1; back <= Math.min(3, end); back += 1) {
    const byte = bytes[end - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte < 0x80) return end;
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return back >= needed ? end : end - back;
  }
  return end;
}

function concatBytes(first: Uint8Array, second: Uint8Array): Uint8Array {
  if (first.length === 0) return second;
  if (second.length === 0) return first;
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first, 0);
  joined.set(second, first.length);
  return joined;
}

function toWindows1252(bytes: Uint8Array): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'win1252');
}

/**
 * Decodes a byte stream whose encoding is not declared, chunk by chunk with bounded memory.
 * A byte order mark decides (UTF-8, UTF-16 LE/BE); otherwise the text is UTF-8 when the bytes after the
 * first non-ASCII byte (64 KiB of them, or all that is available at the end) are valid UTF-8, and
 * Windows-1252 (ISO-8859-1) when they are not, so "æ ø å" survive from both kinds of bank export.
 */
export class IncrementalTextDecoder {
  #encoding: TextEncodingName | undefined;
  #bom = false;
  #started = false;
  #pending: Uint8Array = new Uint8Array(0);
  #utf16: InstanceType<typeof TextDecoder> | undefined;
  #mixed = false;

  constructor(encoding?: TextEncodingName) {
    if (encoding !== undefined) this.#setEncoding(encoding);
  }

  /** The encoding once known; undefined while only ASCII has been seen. */
  get encoding(): TextEncodingName | undefined {
    return this.#encoding;
  }

  get bom(): boolean {
    return this.#bom;
  }

  /** Whether a UTF-8 file turned out to contain stray Windows-1252 bytes after the encoding was decided. */
  get mixed(): boolean {
    return this.#mixed;
  }

  #setEncoding(encoding: TextEncodingName): void {
    this.#encoding = encoding;
    if (encoding === 'utf-16le' || encoding === 'utf-16be') {
      this.#utf16 = new TextDecoder(encoding, { ignoreBOM: true });
    }
  }

  decode(chunk: Uint8Array): string {
    return this.#decode(chunk, false);
  }

  /** Decodes the last chunk, if any, and what is still held back; call once at the end of the input. */
  end(lastChunk: Uint8Array = new Uint8Array(0)): string {
    return this.#decode(lastChunk, true);
  }

  #decode(chunk: Uint8Array, final: boolean): string {
    let bytes = concatBytes(this.#pending, chunk);
    this.#pending = new Uint8Array(0);

    if (!this.#started) {
      if (bytes.length < 3 && !final) {
        this.#pending = bytes;
        return '';
      }
      this.#started = true;
      const mark = byteOrderMark(bytes);
      if (mark) {
        if (this.#encoding === undefined || this.#encoding === mark.encoding)
          this.#setEncoding(mark.encoding);
        this.#bom = this.#encoding === mark.encoding;
        if (this.#bom) bytes = bytes.subarray(mark.length);
      } else if (this.#encoding === undefined) {
        const utf16 = bomlessUtf16(bytes);
        if (utf16) this.#setEncoding(utf16);
      }
    }

    switch (this.#encoding) {
      case 'utf-16le':
      case 'utf-16be':
        return this.#utf16?.decode(bytes, { stream: !final }) ?? '';
      case 'windows-1252':
        return toWindows1252(bytes);
      case 'utf-8':
        return this.#decodeUtf8(bytes, final);
      default:
        return this.#decodeUndecided(bytes, final);
    }
  }

  #decodeUndecided(bytes: Uint8Array, final: boolean): string {
    const nonAscii = firstNonAscii(bytes, 0);
    if (nonAscii < 0) return asciiDecoder.decode(bytes);
    if (!final && bytes.length - nonAscii < ENCODING_SNIFF_BYTES) {
      this.#pending = bytes.subarray(nonAscii);
      return asciiDecoder.decode(bytes.subarray(0, nonAscii));
    }
    const window = bytes.subarray(nonAscii, final ? bytes.length : nonAscii + ENCODING_SNIFF_BYTES);
    this.#setEncoding(isUtf8(window, !final) ? 'utf-8' : 'windows-1252');
    return this.#decode(bytes, final);
  }

  #decodeUtf8(bytes: Uint8Array, final: boolean): string {
    const complete = final ? bytes.length : completeUtf8Length(bytes);
    if (complete < bytes.length) this.#pending = bytes.slice(complete);
    const body = bytes.subarray(0, complete);
    try {
      return fatalUtf8.decode(body);
    } catch {
      this.#mixed = true;
      return decodeMixed(body);
    }
  }
}

/** Decodes a whole file: byte order mark first, then UTF-8 if the bytes are valid UTF-8, else Windows-1252. */
export function decodeText(bytes: Uint8Array, encoding?: TextEncodingName): DecodedText {
  if (!(bytes instanceof Uint8Array)) {
    throw new DomainError('UNSUPPORTED_FILE', 'Expected the bytes of a file', { type: typeof bytes });
  }
  const decoder = new IncrementalTextDecoder(encoding);
  const text = decoder.end(bytes);
  return { text, encoding: decoder.encoding ?? 'utf-8', bom: decoder.bom };
}

/**
 * ISO-8859-1 is read as its superset Windows-1252, as browsers do: files that declare it often hold
 * Windows-1252's € and dashes, and where the two differ ISO-8859-1 has only control characters.
 */
const READ_AS_SUPERSET: ReadonlyMap<string, string> = new Map([
  ['iso88591', 'windows-1252'],
  ['latin1', 'windows-1252'],
]);

/** The Unicode encodings, decoded strictly by the platform so that a broken byte is noticed. */
const UNICODE_DECODERS: ReadonlyMap<string, { name: string; decoder: InstanceType<typeof TextDecoder> }> =
  new Map([
    ['utf8', { name: 'utf-8', decoder: fatalUtf8 }],
    ['utf16le', { name: 'utf-16le', decoder: new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }) }],
    ['utf16be', { name: 'utf-16be', decoder: new TextDecoder('utf-16be', { fatal: true, ignoreBOM: true }) }],
  ]);

/** INVALID_ENCODING: the bytes of a file are not text in the encoding it names for itself. */
export function notInEncoding(label: string): DomainError {
  return new DomainError('INVALID_ENCODING', `The file says it is written in ${label}, but it is not`, {
    encoding: label,
  });
}

/**
 * Decodes bytes in the encoding a file names for itself (an XML declaration's `encoding`), by any name
 * iconv-lite knows. An encoding it does not know is UNSUPPORTED_ENCODING; bytes that are not text in
 * the named encoding are INVALID_ENCODING, never characters silently replaced.
 */
export function decodeNamedEncoding(bytes: Uint8Array, label: string): { text: string; encoding: string } {
  const canonical = label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const unicode = UNICODE_DECODERS.get(canonical);
  if (unicode !== undefined) {
    try {
      return { text: unicode.decoder.decode(bytes), encoding: unicode.name };
    } catch {
      throw notInEncoding(label);
    }
  }
  const encoding = READ_AS_SUPERSET.get(canonical) ?? label.trim().toLowerCase();
  if (!iconv.encodingExists(encoding)) {
    throw new DomainError('UNSUPPORTED_ENCODING', `The text encoding "${label}" cannot be read`, {
      encoding: label,
    });
  }
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
  // iconv-lite writes U+FFFD for a byte its table has no character for; no legacy encoding can hold U+FFFD.
  if (text.includes('\uFFFD')) throw notInEncoding(label);
  return { text, encoding };
}
