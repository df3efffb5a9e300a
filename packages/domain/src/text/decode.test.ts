import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeText, IncrementalTextDecoder, isUtf8 } from './decode';

const utf8 = (text: string) => new TextEncoder().encode(text);
const latin = (text: string) => new Uint8Array(iconv.encode(text, 'win1252'));

function decodeInChunks(
  bytes: Uint8Array,
  sizes: readonly number[],
): { text: string; decoder: IncrementalTextDecoder } {
  const decoder = new IncrementalTextDecoder();
  let text = '';
  let offset = 0;
  for (const size of sizes) {
    if (offset >= bytes.length) break;
    text += decoder.decode(bytes.subarray(offset, offset + size));
    offset += size;
  }
  text += decoder.end(bytes.subarray(offset));
  return { text, decoder };
}

describe('decodeText', () => {
  it('reads UTF-8 with and without a byte order mark', () => {
    expect(decodeText(utf8('Dato;Beløp\nÆrfugl;1'))).toEqual({
      text: 'Dato;Beløp\nÆrfugl;1',
      encoding: 'utf-8',
      bom: false,
    });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Blåbær')]))).toEqual({
      text: 'Blåbær',
      encoding: 'utf-8',
      bom: true,
    });
  });

  it('reads UTF-16 in both byte orders by their byte order mark', () => {
    const littleEndian = new Uint8Array([0xff, 0xfe, ...iconv.encode('Sjø;1', 'utf16le')]);
    const bigEndian = new Uint8Array([0xfe, 0xff, ...iconv.encode('Sjø;1', 'utf16-be')]);
    expect(decodeText(littleEndian)).toMatchObject({ text: 'Sjø;1', encoding: 'utf-16le', bom: true });
    expect(decodeText(bigEndian)).toMatchObject({ text: 'Sjø;1', encoding: 'utf-16be', bom: true });
  });

  it('recognises UTF-16 without a byte order mark by its zero bytes', () => {
    expect(decodeText(new Uint8Array(iconv.encode('Dato;Tekst;Beløp', 'utf16le')))).toMatchObject({
      text: 'Dato;Tekst;Beløp',
      encoding: 'utf-16le',
    });
  });

  it('reads ISO-8859-1 / Windows-1252 exports so æ, ø and å survive', () => {
    expect(decodeText(latin('Overførsel til Ærlig Åse;€ 100'))).toEqual({
      text: 'Overførsel til Ærlig Åse;€ 100',
      encoding: 'windows-1252',
      bom: false,
    });
  });

  it('treats pure ASCII as UTF-8', () => {
    expect(decodeText(utf8('a;b;c'))).toMatchObject({ text: 'a;b;c', encoding: 'utf-8' });
  });

  it('follows an encoding the caller states', () => {
    expect(decodeText(utf8('Blåbær'), 'windows-1252').text).toBe('BlÃ¥bÃ¦r');
  });
});

describe('IncrementalTextDecoder', () => {
  const sample =
    'Dato;Forklaring;Beløp\n01.02.2025;Kjøp på Rimi Bjølsen;-123,45\n02.02.2025;Ærlig €;5\n'.repeat(20);

  it('gives the same text however the bytes are cut, for UTF-8 and Windows-1252', () => {
    const sizes = fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 200 });
    fc.assert(
      fc.property(fc.constantFrom(utf8(sample), latin(sample)), sizes, (bytes, chunkSizes) => {
        expect(decodeInChunks(bytes, chunkSizes).text).toBe(sample);
      }),
      { numRuns: 200 },
    );
  });

  it('decides on Windows-1252 when the first non-ASCII character comes late in the file', () => {
    const text = `${'a;b;1\n'.repeat(30_000)}Sjø;x;2\n`;
    const { text: decoded, decoder } = decodeInChunks(latin(text), Array(100).fill(4096));
    expect(decoded).toBe(text);
    expect(decoder.encoding).toBe('windows-1252');
  });

  it('keeps stray Windows-1252 bytes readable in a file that began as UTF-8', () => {
    const head = utf8(`Blåbær;1\n${'x;2\n'.repeat(20_000)}`);
    const tail = latin('Sjø;3\n');
    const bytes = new Uint8Array([...head, ...tail]);
    const { text, decoder } = decodeInChunks(bytes, Array(40).fill(8192));
    expect(text.startsWith('Blåbær;1\n')).toBe(true);
    expect(text.endsWith('Sjø;3\n')).toBe(true);
    expect(decoder.encoding).toBe('utf-8');
    expect(decoder.mixed).toBe(true);
  });

  it('strips a byte order mark split across chunks', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('æ')]);
    expect(decodeInChunks(bytes, [1, 1, 1, 1]).text).toBe('æ');
  });
});

describe('isUtf8', () => {
  it('tells UTF-8 from Windows-1252 and allows a character cut at the end when asked', () => {
    expect(isUtf8(utf8('blåbær'))).toBe(true);
    expect(isUtf8(latin('blåbær'))).toBe(false);
    expect(isUtf8(utf8('blå').subarray(0, 3))).toBe(false);
    expect(isUtf8(utf8('blå').subarray(0, 3), true)).toBe(true);
  });
});
