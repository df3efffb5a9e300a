import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { hasUnzip, memorySink } from '../test/archives';
import { createZipWriter, ZipWriterError } from './zip-writer';

const CLOSED_AT = new Date('2024-04-05T12:34:56Z');
const folder = mkdtempSync(path.join(tmpdir(), 'zip-writer-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

if (!hasUnzip)
  console.warn('zip-writer tests that read archives back skip: install unzip (apt-get install unzip).');

function unzip(archive: Buffer, ...args: string[]): string {
  const file = path.join(folder, `${randomBytes(6).toString('hex')}.zip`);
  writeFileSync(file, archive);
  const result = spawnSync('unzip', [...args, file], {
    encoding: 'utf8',
    env: { ...process.env, TZ: 'UTC' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`unzip ${args.join(' ')} failed: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

function unzipBytes(archive: Buffer, name: string): Buffer {
  const file = path.join(folder, `${randomBytes(6).toString('hex')}.zip`);
  writeFileSync(file, archive);
  const result = spawnSync('unzip', ['-p', file, name], { maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`unzip -p ${name} failed: ${result.stderr}`);
  return result.stdout;
}

async function zipOf(entries: [string, Buffer][], modifiedAt = CLOSED_AT): Promise<Buffer> {
  const { sink, bytes } = memorySink();
  const zip = createZipWriter(sink, { modifiedAt });
  for (const [name, content] of entries) await zip.addEntry(name, content);
  await zip.finish();
  return bytes();
}

const sample: [string, Buffer][] = [
  ['readme.txt', Buffer.from('the same line again\n'.repeat(200))],
  ['noise.bin', randomBytes(4096)],
  ['empty', Buffer.alloc(0)],
  ['mappe/æøå – faktura.txt', Buffer.from('Blåbærsyltetøy', 'utf8')],
];

describe.skipIf(!hasUnzip)('a zip read back by unzip', () => {
  it('holds every entry, in order, with its bytes and a correct CRC', async () => {
    const archive = await zipOf(sample);
    expect(unzip(archive, '-t')).toContain('No errors detected');
    expect(unzip(archive, '-Z1').trim().split('\n')).toEqual(sample.map(([name]) => name));
    for (const [name, content] of sample) expect(unzipBytes(archive, name).equals(content)).toBe(true);
  });

  it('marks its names as UTF-8, so readers on every system show æøå', async () => {
    const archive = await zipOf([['æøå.txt', Buffer.from('x')]]);
    const generalPurposeFlags = archive.readUInt16LE(6);
    expect(generalPurposeFlags & (1 << 11)).not.toBe(0);
    expect(unzip(archive, '-Z1').trim()).toBe('æøå.txt');
  });

  it('deflates what shrinks and stores what does not', async () => {
    const listing = unzip(await zipOf(sample), '-v');
    expect(listing).toMatch(/Defl:N .* readme\.txt/);
    expect(listing).toMatch(/Stored .* noise\.bin/);
  });

  it('stamps every entry with the given time, so the same entries give the same bytes', async () => {
    const first = await zipOf(sample);
    expect((await zipOf(sample)).equals(first)).toBe(true);
    expect((await zipOf(sample, new Date('2024-04-05T12:35:00Z'))).equals(first)).toBe(false);
    const listing = unzip(first, '-l');
    expect(listing.match(/2024-04-05 12:34/g)).toHaveLength(sample.length);
  });

  it('writes the ZIP64 end records past 65,535 entries', async () => {
    const count = 65_600;
    const { sink, bytes } = memorySink();
    const zip = createZipWriter(sink, { modifiedAt: CLOSED_AT });
    for (let index = 0; index < count; index += 1)
      await zip.addEntry(`e/${index}`, Buffer.from([index % 256]));
    await zip.finish();
    const archive = bytes();
    expect(unzip(archive, '-t')).toContain('No errors detected');
    expect(unzip(archive, '-l')).toContain(` ${count} files`);
    expect(unzipBytes(archive, 'e/65599').equals(Buffer.from([65_599 % 256]))).toBe(true);
  }, 120_000);
});

describe('names the writer refuses', () => {
  it.each([
    ['an absolute path', '/etc/passwd'],
    ['a drive letter', 'C:/Windows/evil.exe'],
    ['a parent folder', '../outside.txt'],
    ['a parent folder deeper in', 'vouchers/../../outside.txt'],
    ['a backslash', 'vouchers\\..\\outside.txt'],
    ['a NUL', 'a\u0000b.txt'],
    ['a line feed', 'a\nb.txt'],
    ['a C1 control character', 'a\u009bb.txt'],
    ['nothing', ''],
    ['an empty segment', 'a//b.txt'],
    ['a folder of its own', 'folder/'],
    ['a lone surrogate', 'a\ud800.txt'],
  ])('refuses %s', async (_, name) => {
    const zip = createZipWriter(memorySink().sink, { modifiedAt: CLOSED_AT });
    await expect(zip.addEntry(name, Buffer.from('x'))).rejects.toBeInstanceOf(ZipWriterError);
  });

  it('refuses a name written before and goes on with the archive intact', async () => {
    const { sink, bytes } = memorySink();
    const zip = createZipWriter(sink, { modifiedAt: CLOSED_AT });
    await zip.addEntry('a.txt', Buffer.from('first'));
    await expect(zip.addEntry('a.txt', Buffer.from('second'))).rejects.toThrow(/already holds a\.txt/);
    await expect(zip.addEntry('../a.txt', Buffer.from('third'))).rejects.toThrow(/climbs out/);
    await zip.addEntry('b.txt', Buffer.from('fourth'));
    await zip.finish();
    if (hasUnzip) {
      expect(unzip(bytes(), '-Z1').trim().split('\n')).toEqual(['a.txt', 'b.txt']);
      expect(unzipBytes(bytes(), 'a.txt').toString()).toBe('first');
    }
  });

  it('refuses a timestamp a ZIP cannot hold', () => {
    expect(() =>
      createZipWriter(memorySink().sink, { modifiedAt: new Date('1979-12-31T23:59:59Z') }),
    ).toThrow(ZipWriterError);
    expect(() => createZipWriter(memorySink().sink, { modifiedAt: new Date('not a date') })).toThrow(
      ZipWriterError,
    );
  });
});

describe('the writer and its output', () => {
  it('waits for a slow reader instead of piling the archive up in memory', async () => {
    const { sink, bytes, largestBacklog } = memorySink(true);
    const zip = createZipWriter(sink, { modifiedAt: CLOSED_AT });
    const entrySize = 64 * 1024;
    for (let index = 0; index < 50; index += 1) await zip.addEntry(`${index}.bin`, randomBytes(entrySize));
    await zip.finish();
    sink.end();
    await finished(sink);
    expect(bytes().length).toBeGreaterThan(50 * entrySize);
    expect(largestBacklog()).toBeLessThan(2 * entrySize);
  });

  it('takes one entry at a time and nothing after the end', async () => {
    const zip = createZipWriter(memorySink().sink, { modifiedAt: CLOSED_AT });
    const first = zip.addEntry('a.txt', Buffer.from('a'));
    await expect(zip.addEntry('b.txt', Buffer.from('b'))).rejects.toThrow(/one entry to be written/);
    await first;
    await zip.finish();
    await expect(zip.addEntry('c.txt', Buffer.from('c'))).rejects.toThrow(/finished/);
    await expect(zip.finish()).rejects.toThrow(/finished/);
  });

  it('passes on a failing output and refuses to go on after it', async () => {
    const failing = new Writable({
      highWaterMark: 16,
      write(_chunk, _encoding, done) {
        setImmediate(() => done(new Error('disk full')));
      },
    });
    failing.on('error', () => {});
    const zip = createZipWriter(failing, { modifiedAt: CLOSED_AT });
    await expect(zip.addEntry('a.bin', randomBytes(1024))).rejects.toThrow('disk full');
    await expect(zip.addEntry('b.bin', randomBytes(16))).rejects.toThrow(/failed/);
  });
});
