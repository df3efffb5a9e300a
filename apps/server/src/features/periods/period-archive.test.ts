import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { PeriodAccount, PeriodClosing, PeriodMonthDetail } from '@bilag/contracts';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { hasUnzip, memorySink, run, saved, unpacked } from '../../test/archives';
import {
  type PeriodArchiveInput,
  type PeriodArchiveManifest,
  type PeriodArchiveVoucher,
  safeFileName,
  writePeriodArchive,
} from './period-archive';

const CLOSED_AT = '2024-04-05T12:34:56.000Z';
/** A photo's bytes: they do not deflate, so the entry is stored. */
const PHOTO = randomBytes(2048);
const folder = mkdtempSync(path.join(tmpdir(), 'period-archive-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

if (!hasUnzip)
  console.warn('period archive tests skip: they read archives with unzip (apt-get install unzip).');

function account(overrides: Partial<PeriodAccount> = {}): PeriodAccount {
  return {
    companyBankId: 1,
    accountNumber: '12345678903',
    name: 'Driftskonto',
    currency: 'NOK',
    openingOre: 1_000_000,
    statedOpeningOre: 1_000_000,
    movementOre: -123_450,
    closingOre: 876_550,
    closingDate: '2024-03-28',
    differenceOre: 0,
    proof: 'holds',
    transactionCount: 3,
    explainedCount: 2,
    unexplainedCount: 1,
    unexplainedOre: 5_000,
    ...overrides,
  };
}

const closing: PeriodClosing = {
  id: 7,
  closedAt: CLOSED_AT,
  closedByName: 'Åse Ødegård',
  exceptions: [
    {
      key: 'unexplained:1',
      kind: 'unexplained',
      companyBankId: 1,
      accountNumber: '12345678903',
      count: 1,
      amountOre: 5_000,
      reason: `Gebyret er avklart med banken på telefon; bilag kommer i april. ${'Lang begrunnelse som må brytes over flere linjer. '.repeat(12)}`,
    },
  ],
};

function detail(overrides: Partial<PeriodMonthDetail> = {}): PeriodMonthDetail {
  return {
    month: '2024-03',
    firstDay: '2024-03-01',
    lastDay: '2024-03-31',
    state: 'closed',
    accounts: [
      account(),
      account({
        companyBankId: 2,
        accountNumber: '98765432106',
        name: 'Skattetrekk',
        proof: 'difference',
        differenceOre: -1_250,
        closingDate: null,
      }),
    ],
    blockers: [],
    unexplained: { rows: [], total: 1 },
    vouchersWithoutTransaction: { rows: [], total: 2, amountOre: 249_900 },
    closing,
    history: [
      {
        kind: 'closed',
        at: '2024-04-02T08:00:00.000Z',
        byName: 'Åse Ødegård',
        reason: null,
        exceptionCount: 0,
      },
      {
        kind: 'reopened',
        at: '2024-04-03T09:15:00.000Z',
        byName: 'Per Hansen',
        reason: 'Fant en kvittering som hørte til mars 💡',
        exceptionCount: 0,
      },
      { kind: 'closed', at: CLOSED_AT, byName: 'Åse Ødegård', reason: null, exceptionCount: 1 },
    ],
    ...overrides,
  };
}

function file(id: number, fileName: string, content: Buffer | string = `content of ${fileName}`) {
  return {
    id,
    fileName,
    mimeType: 'application/pdf',
    read: async () => (typeof content === 'string' ? Buffer.from(content, 'utf8') : content),
  };
}

function voucher(id: number, overrides: Partial<PeriodArchiveVoucher> = {}): PeriodArchiveVoucher {
  return {
    id,
    date: '2024-03-10',
    supplierName: 'Kontorrekvisita AS',
    amountOre: 249_900,
    currency: 'NOK',
    dueDate: '2024-03-24',
    kid: '1234567890',
    description: null,
    transactionIds: [],
    files: [file(id * 10, `faktura-${id}.pdf`)],
    ...overrides,
  };
}

function input(overrides: Partial<PeriodArchiveInput> = {}): PeriodArchiveInput {
  return {
    company: { id: 3, name: 'Fjord & Fjell AS', organizationNumber: '988077917' },
    detail: detail(),
    language: 'no',
    transactions: [
      {
        id: 101,
        companyBankId: 1,
        accountNumber: '12345678903',
        bookingDate: '2024-03-05',
        valueDate: '2024-03-04',
        text: 'Kontorrekvisita AS; "blå" penner',
        amountOre: -123_450,
        currency: 'NOK',
        status: 'connected',
        note: 'første linje\r\nandre linje',
        voucherIds: [12, 11],
      },
      {
        id: 102,
        companyBankId: 1,
        accountNumber: '12345678903',
        bookingDate: '2024-03-06',
        valueDate: null,
        text: '=HYPERLINK("http://evil.example","klikk")',
        amountOre: 5,
        currency: 'NOK',
        status: 'missing-voucher',
        note: '@SUM(A1:A2)',
        voucherIds: [],
      },
      {
        id: 103,
        companyBankId: 2,
        accountNumber: '98765432106',
        bookingDate: '2024-03-01',
        valueDate: null,
        text: '-2+3',
        amountOre: -100_000_000,
        currency: 'NOK',
        status: 'private',
        note: '+47 22 00 00 00',
        voucherIds: [],
      },
    ],
    vouchers: [
      voucher(12, {
        transactionIds: [101],
        description: '\tTabulator først',
        files: [file(121, '../../etc/passwd'), file(122, 'C:\\Windows\\system32\\evil.exe')],
      }),
      voucher(11, {
        transactionIds: [101],
        supplierName: 'Blåbær & Co',
        amountOre: null,
        files: [file(111, 'Kvittering æøå ÆØÅ (1).jpg', PHOTO), file(112, '')],
      }),
      voucher(13, {
        date: '2024-03-20',
        supplierName: '+Ekstra',
        files: [
          file(131, `${'langt navn '.repeat(20)}.pdf`),
          file(132, '\u202Efdp.exe'),
          file(133, '😀.png'),
        ],
      }),
    ],
    ...overrides,
  };
}

async function archiveOf(archiveInput: PeriodArchiveInput): Promise<Buffer> {
  const { sink, bytes } = memorySink();
  await writePeriodArchive(archiveInput, sink);
  sink.end();
  await finished(sink);
  return bytes();
}

const unzipText = (archive: Buffer, ...args: string[]) =>
  run('unzip', [...args, saved(folder, archive)], folder).toString('utf8');
const entryOf = (archive: Buffer, name: string) => run('unzip', ['-p', saved(folder, archive), name], folder);

const WIN_ANSI_80_TO_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function winAnsi(bytes: Buffer): string {
  return Array.from(bytes, (byte) =>
    byte >= 0x80 && byte <= 0x9f ? (WIN_ANSI_80_TO_9F[byte - 0x80] ?? '') : String.fromCharCode(byte),
  ).join('');
}

/** The text each page shows, a line per text operator: the standard fonts write it as hex WinAnsi. */
async function pageTexts(pdf: Buffer): Promise<string[]> {
  const document = await PDFDocument.load(pdf);
  return document.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const operators = streams
      .map((reference) => document.context.lookup(reference))
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
      .join('\n');
    return [...operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)]
      .map((match) => winAnsi(Buffer.from(match[1] ?? '', 'hex')))
      .join('\n');
  });
}

describe.skipIf(!hasUnzip)('the archive of a closed month', () => {
  it('holds the report, the CSVs, every voucher file, the manifest and the checksums, in that order', async () => {
    const archive = await archiveOf(input());
    expect(unzipText(archive, '-t')).toContain('No errors detected');
    expect(unzipText(archive, '-Z1').trim().split('\n')).toEqual([
      'report.pdf',
      'transactions.csv',
      'vouchers.csv',
      'vouchers/11-111-Kvittering_æøå_ÆØÅ__1_.jpg',
      'vouchers/11-112-file',
      'vouchers/12-121-.._.._etc_passwd',
      'vouchers/12-122-C__Windows_system32_evil.exe',
      `vouchers/13-131-${'langt_navn_'.repeat(20).slice(0, 96)}.pdf`,
      'vouchers/13-132-_fdp.exe',
      'vouchers/13-133-_.png',
      'manifest.json',
      'SHA256SUMS',
    ]);
    expect(entryOf(archive, 'vouchers/12-121-.._.._etc_passwd').toString()).toBe(
      'content of ../../etc/passwd',
    );
  });

  it('unpacks inside its folder whatever the uploaded names were', async () => {
    const { files } = unpacked(folder, await archiveOf(input()));
    expect(files).toHaveLength(12);
    for (const name of files) expect(name).toMatch(/^(vouchers\/\d+-\d+-[\p{L}\p{Nd}._-]{1,100}|[\w.]+)$/u);
  });

  it('carries checksums sha256sum verifies and a manifest that matches every entry', async () => {
    const { root, files } = unpacked(folder, await archiveOf(input()));
    expect(run('sha256sum', ['-c', '--strict', 'SHA256SUMS'], root).toString()).not.toMatch(/FAILED/);
    const checksums = readFileSync(path.join(root, 'SHA256SUMS'), 'utf8').trim().split('\n');
    expect(checksums.map((line) => line.split('  ')[1]).sort()).toEqual(
      files.filter((name) => name !== 'SHA256SUMS'),
    );

    const manifest = JSON.parse(
      readFileSync(path.join(root, 'manifest.json'), 'utf8'),
    ) as PeriodArchiveManifest;
    expect(manifest).toMatchObject({
      company: { id: 3, name: 'Fjord & Fjell AS', organizationNumber: '988077917' },
      month: '2024-03',
      closedAt: CLOSED_AT,
      closedByName: 'Åse Ødegård',
    });
    expect(manifest.files.map((entry) => entry.path).sort()).toEqual(
      files.filter((name) => name !== 'SHA256SUMS' && name !== 'manifest.json'),
    );
    for (const entry of manifest.files) {
      const bytes = readFileSync(path.join(root, entry.path));
      expect(entry.bytes).toBe(bytes.length);
      expect(entry.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    expect(manifest.files.find((entry) => entry.fileId === 121)).toMatchObject({
      voucherId: 12,
      originalName: '../../etc/passwd',
      mimeType: 'application/pdf',
    });
  });

  it('gives the same bytes for the same closing, whatever order its rows came in, stamped with its time', async () => {
    const first = await archiveOf(input());
    const shuffled = input();
    shuffled.transactions.reverse();
    shuffled.vouchers.reverse();
    for (const each of shuffled.vouchers) each.files.reverse();
    expect((await archiveOf(shuffled)).equals(first)).toBe(true);
    expect(unzipText(first, '-l').match(/2024-04-05 12:34/g)).toHaveLength(12);

    const reclosed = input({
      detail: detail({ closing: { ...closing, closedAt: '2024-04-06T10:00:00.000Z' } }),
    });
    expect((await archiveOf(reclosed)).equals(first)).toBe(false);
  });

  it('writes CSVs Norwegian Excel opens: semicolons, BOM, CRLF, quoting, kroner with a comma, no formulas', async () => {
    const archive = await archiveOf(input());
    const transactions = entryOf(archive, 'transactions.csv').toString('utf8');
    expect(
      transactions.startsWith(
        '\uFEFFid;account;booking_date;value_date;text;amount;amount_ore;currency;status;note;voucher_ids\r\n',
      ),
    ).toBe(true);
    expect(transactions.split('\r\n').slice(1)).toEqual([
      "103;98765432106;2024-03-01;;'-2+3;-1000000,00;-100000000;NOK;private;'+47 22 00 00 00;",
      '101;12345678903;2024-03-05;2024-03-04;"Kontorrekvisita AS; ""blå"" penner";-1234,50;-123450;NOK;connected;"første linje',
      'andre linje";11 12',
      `102;12345678903;2024-03-06;;"'=HYPERLINK(""http://evil.example"",""klikk"")";0,05;5;NOK;missing-voucher;'@SUM(A1:A2);`,
      '',
    ]);

    const vouchers = entryOf(archive, 'vouchers.csv').toString('utf8');
    expect(
      vouchers.startsWith(
        '\uFEFFid;date;supplier;amount;amount_ore;currency;due_date;kid;description;transaction_ids;files\r\n',
      ),
    ).toBe(true);
    const rows = vouchers.split('\r\n');
    expect(rows[1]).toBe(
      '11;2024-03-10;Blåbær & Co;;;NOK;2024-03-24;1234567890;;101;vouchers/11-111-Kvittering_æøå_ÆØÅ__1_.jpg vouchers/11-112-file',
    );
    expect(rows[2]).toBe(
      "12;2024-03-10;Kontorrekvisita AS;2499,00;249900;NOK;2024-03-24;1234567890;'\tTabulator først;101;vouchers/12-121-.._.._etc_passwd vouchers/12-122-C__Windows_system32_evil.exe",
    );
    expect(rows[3]).toMatch(/^13;2024-03-20;'\+Ekstra;2499,00;/);
  });

  it('reports the month in a PDF with every account, the exceptions, the vouchers left over and the history', async () => {
    const report = entryOf(await archiveOf(input()), 'report.pdf');
    const document = await PDFDocument.load(report, { updateMetadata: false });
    expect(document.getProducer()).toBe('Bilag');
    expect(document.getCreator()).toBe('Bilag');
    expect(document.getCreationDate()?.toISOString()).toBe(CLOSED_AT);
    expect(document.getModificationDate()?.toISOString()).toBe(CLOSED_AT);

    const text = (await pageTexts(report)).join('\n');
    expect(text).toContain('Fjord & Fjell AS');
    expect(text).toContain('Org.nr. 988 077 917');
    expect(text).toContain('Periode 2024-03 (2024-03-01 – 2024-03-31)');
    expect(text).toContain('Avsluttet 2024-04-05 14:34 av Åse Ødegård');
    expect(text).toContain('1234.56.78903 · Driftskonto · NOK');
    for (const label of [
      'Inngående saldo',
      'Utgående saldo per 2024-03-28',
      'Differanse',
      'Avstemming',
      'Stemmer ikke',
    ])
      expect(text).toContain(label);
    for (const amount of ['10 000,00', '-1 234,50', '8 765,50', '-12,50']) expect(text).toContain(amount);
    expect(text).toContain('3 (2 forklart, 1 uforklart)');
    expect(text).toContain('Uforklarte transaksjoner · 1 stk. · 50,00');
    expect(text).toContain('Gebyret er avklart med banken på telefon');
    expect(text).toContain('2 bilag, sum 2 499,00');
    expect(text).toContain('Gjenåpnet 2024-04-03 11:15 av Per Hansen');
    expect(text).toContain('Fant en kvittering som hørte til mars ?');
    expect(text).toContain('Side 1 av 1');
  });

  it('writes the report in English when asked, on as many numbered pages as it takes', async () => {
    const accounts = Array.from({ length: 30 }, (_, index) =>
      account({ companyBankId: index + 1, accountNumber: `1234567${String(index).padStart(4, '0')}` }),
    );
    const report = entryOf(
      await archiveOf(input({ language: 'en', detail: detail({ accounts }) })),
      'report.pdf',
    );
    const pages = await pageTexts(report);
    expect((await PDFDocument.load(report)).getPageCount()).toBe(pages.length);
    expect(pages.length).toBeGreaterThan(3);
    for (const [index, page] of pages.entries())
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    const text = pages.join('\n');
    for (const label of [
      'Bank accounts',
      'Opening balance',
      'Accepted exceptions',
      'Vouchers without a transaction',
      'History',
    ])
      expect(text).toContain(label);
    expect(text).toContain('1234.56.70029');
    expect(text).not.toContain('Inngående');
  });

  it('streams 300 vouchers with their files through a slow reader, one file at a time', async () => {
    const fileSize = 128 * 1024;
    let reading = 0;
    let mostAtOnce = 0;
    const vouchers = Array.from({ length: 300 }, (_, index) =>
      voucher(index + 1, {
        files: [
          {
            id: index + 1,
            fileName: `skann ${index + 1}.pdf`,
            mimeType: 'application/pdf',
            read: async () => {
              reading += 1;
              mostAtOnce = Math.max(mostAtOnce, reading);
              await new Promise((resolve) => setImmediate(resolve));
              reading -= 1;
              return randomBytes(fileSize);
            },
          },
        ],
      }),
    );
    const { sink, bytes, largestBacklog } = memorySink(true);
    await writePeriodArchive(input({ vouchers }), sink);
    sink.end();
    await finished(sink);
    expect(mostAtOnce).toBe(1);
    expect(largestBacklog()).toBeLessThan(2 * fileSize);
    const archive = bytes();
    expect(archive.length).toBeGreaterThan(300 * fileSize);
    expect(unzipText(archive, '-t')).toContain('No errors detected');
    expect(unzipText(archive, '-Z1').trim().split('\n')).toHaveLength(300 + 5);
  }, 60_000);

  it('refuses a month that is not closed', async () => {
    await expect(archiveOf(input({ detail: detail({ state: 'ready', closing: null }) }))).rejects.toThrow(
      /not closed/,
    );
  });
});

describe('safe file names inside the archive', () => {
  it.each([
    ['faktura.pdf', 'faktura.pdf'],
    ['../../etc/passwd', '.._.._etc_passwd'],
    ['C:\\Windows\\evil.exe', 'C__Windows_evil.exe'],
    ['Kvittering æøå.jpg', 'Kvittering_æøå.jpg'],
    ['a\u030Angstrom.txt', 'ångstrom.txt'],
    ['line\nbreak\u0000.txt', 'line_break_.txt'],
    ['', 'file'],
  ])('%j becomes %j', (name, expected) => {
    expect(safeFileName(name)).toBe(expected);
  });

  it('cuts a long name to 100 characters and keeps its extension', () => {
    const name = safeFileName(`${'x'.repeat(300)}.pdf`);
    expect(name).toHaveLength(100);
    expect(name.endsWith('x.pdf')).toBe(true);
    expect(Array.from(safeFileName('ø'.repeat(150)))).toHaveLength(100);
  });
});
