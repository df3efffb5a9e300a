import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import type {
  PeriodAccount,
  PeriodBlockerKind,
  PeriodClosing,
  PeriodEvent,
  PeriodException,
  PeriodMonthDetail,
  PeriodProof,
} from '@bilag/contracts';
import { formatAccountNumber, formatAmount, formatOrganisationNumber, ore } from '@bilag/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { csvAmount, toCsv } from '../../platform/csv';
import { createZipWriter } from '../../platform/zip-writer';

export type PeriodArchiveTransaction = {
  id: number;
  companyBankId: number;
  accountNumber: string;
  bookingDate: string;
  valueDate: string | null;
  text: string;
  amountOre: number;
  currency: string;
  status: 'missing-voucher' | 'connected' | 'private' | 'lost';
  note: string | null;
  voucherIds: number[];
};

export type PeriodArchiveFile = {
  id: number;
  fileName: string;
  mimeType: string;
  read: () => Promise<Buffer>;
};

export type PeriodArchiveVoucher = {
  id: number;
  date: string;
  supplierName: string | null;
  amountOre: number | null;
  currency: string;
  dueDate: string | null;
  kid: string | null;
  description: string | null;
  transactionIds: number[];
  files: PeriodArchiveFile[];
};

export type PeriodArchiveInput = {
  company: { id: number; name: string; organizationNumber: string | null };
  /** A closed month: its closing is not null. */
  detail: PeriodMonthDetail;
  transactions: PeriodArchiveTransaction[];
  vouchers: PeriodArchiveVoucher[];
  language: 'no' | 'en';
};

export type PeriodArchiveManifest = {
  format: typeof ARCHIVE_FORMAT;
  version: typeof ARCHIVE_VERSION;
  company: PeriodArchiveInput['company'];
  month: string;
  firstDay: string;
  lastDay: string;
  closedAt: string;
  closedByName: string | null;
  files: ArchivedFile[];
};

type ArchivedFile = {
  path: string;
  bytes: number;
  sha256: string;
  /** For a voucher's file: which voucher and file it is, and the name and type it was uploaded with. */
  voucherId?: number;
  fileId?: number;
  originalName?: string;
  mimeType?: string;
};

const ARCHIVE_FORMAT = 'bilag-period-archive';
const ARCHIVE_VERSION = 1;
const ENTRY = {
  report: 'report.pdf',
  transactions: 'transactions.csv',
  vouchers: 'vouchers.csv',
  voucherFolder: 'vouchers',
  manifest: 'manifest.json',
  checksums: 'SHA256SUMS',
} as const;

/**
 * Writes a closed month as a zip an auditor reads without the product: the report, the month's
 * transactions and vouchers as CSV, every voucher file, a manifest, and checksums `sha256sum -c` verifies.
 * Every timestamp inside is the closing's, so the same closing gives the same bytes. Voucher files are
 * read one at a time. The output is left open for the caller to end.
 */
export async function writePeriodArchive(input: PeriodArchiveInput, output: Writable): Promise<void> {
  const closing = input.detail.closing;
  if (closing === null) throw new Error(`${input.detail.month} is not closed, so it has no archive.`);
  const closedAt = new Date(closing.closedAt);
  const zip = createZipWriter(output, { modifiedAt: closedAt });
  const transactions = [...input.transactions].sort(
    (a, b) => a.bookingDate.localeCompare(b.bookingDate) || a.id - b.id,
  );
  const vouchers = [...input.vouchers]
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id)
    .map((voucher) => ({ ...voucher, archivedFiles: archivedFilesOf(voucher) }));

  const archived: ArchivedFile[] = [];
  const add = async (
    path: string,
    bytes: Buffer,
    about: Omit<ArchivedFile, 'path' | 'bytes' | 'sha256'> = {},
  ) => {
    await zip.addEntry(path, bytes);
    archived.push({ path, bytes: bytes.length, sha256: sha256(bytes), ...about });
  };

  await add(ENTRY.report, await createReport(input, closing, closedAt));
  await add(ENTRY.transactions, transactionsCsv(transactions));
  await add(ENTRY.vouchers, vouchersCsv(vouchers));
  for (const voucher of vouchers)
    for (const { path, file } of voucher.archivedFiles)
      await add(path, await file.read(), {
        voucherId: voucher.id,
        fileId: file.id,
        originalName: file.fileName,
        mimeType: file.mimeType,
      });

  const manifest: PeriodArchiveManifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    company: input.company,
    month: input.detail.month,
    firstDay: input.detail.firstDay,
    lastDay: input.detail.lastDay,
    closedAt: closing.closedAt,
    closedByName: closing.closedByName,
    files: archived,
  };
  await add(ENTRY.manifest, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'));
  const checksums = archived.map((file) => `${file.sha256}  ${file.path}\n`).join('');
  await zip.addEntry(ENTRY.checksums, Buffer.from(checksums, 'utf8'));
  await zip.finish();
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A file listed twice on one voucher is archived once: its path is made of the voucher's and file's ids. */
function archivedFilesOf(voucher: PeriodArchiveVoucher): { path: string; file: PeriodArchiveFile }[] {
  const byPath = new Map<string, PeriodArchiveFile>();
  for (const file of [...voucher.files].sort((a, b) => a.id - b.id))
    byPath.set(`${ENTRY.voucherFolder}/${voucher.id}-${file.id}-${safeFileName(file.fileName)}`, file);
  return [...byPath].map(([path, file]) => ({ path, file }));
}

const UNSAFE_IN_FILE_NAME = /[^\p{L}\p{Nd}._-]/gu;
const MAX_FILE_NAME = 100;
const MAX_KEPT_EXTENSION = 10;

/**
 * A name that unpacks the same on every system and cannot leave its folder: letters, digits, dot, dash
 * and underscore, at most 100 characters (the extension kept when it is cut), never empty.
 */
export function safeFileName(fileName: string): string {
  const characters = Array.from(fileName.normalize('NFC').replace(UNSAFE_IN_FILE_NAME, '_'));
  if (characters.length === 0) return 'file';
  if (characters.length <= MAX_FILE_NAME) return characters.join('');
  const dot = characters.lastIndexOf('.');
  const extension = dot > 0 && characters.length - dot <= MAX_KEPT_EXTENSION ? characters.slice(dot) : [];
  return [...characters.slice(0, MAX_FILE_NAME - extension.length), ...extension].join('');
}

/** Ids in ascending order, one space between: a list a spreadsheet keeps as text. */
const idList = (ids: readonly number[]): string => [...ids].sort((a, b) => a - b).join(' ');

function transactionsCsv(transactions: PeriodArchiveTransaction[]): Buffer {
  return toCsv(
    [
      'id',
      'account',
      'booking_date',
      'value_date',
      'text',
      'amount',
      'amount_ore',
      'currency',
      'status',
      'note',
      'voucher_ids',
    ],
    transactions.map((transaction) => [
      transaction.id,
      transaction.accountNumber,
      transaction.bookingDate,
      transaction.valueDate,
      transaction.text,
      csvAmount(transaction.amountOre),
      transaction.amountOre,
      transaction.currency,
      transaction.status,
      transaction.note,
      idList(transaction.voucherIds),
    ]),
  );
}

function vouchersCsv(vouchers: (PeriodArchiveVoucher & { archivedFiles: { path: string }[] })[]): Buffer {
  return toCsv(
    [
      'id',
      'date',
      'supplier',
      'amount',
      'amount_ore',
      'currency',
      'due_date',
      'kid',
      'description',
      'transaction_ids',
      'files',
    ],
    vouchers.map((voucher) => [
      voucher.id,
      voucher.date,
      voucher.supplierName,
      csvAmount(voucher.amountOre),
      voucher.amountOre,
      voucher.currency,
      voucher.dueDate,
      voucher.kid,
      voucher.description,
      idList(voucher.transactionIds),
      voucher.archivedFiles.map((file) => file.path).join(' '),
    ]),
  );
}

type Labels = {
  title: string;
  organisationNumber: string;
  period: string;
  closed: string;
  by: string;
  accounts: string;
  noAccounts: string;
  opening: string;
  movement: string;
  closing: string;
  closingOn: (date: string) => string;
  difference: string;
  proof: string;
  transactions: string;
  transactionCounts: (total: number, explained: number, unexplained: number) => string;
  exceptions: string;
  noExceptions: string;
  exceptionLine: (count: number) => string;
  vouchersWithoutTransaction: string;
  voucherCount: (count: number, sum: string) => string;
  history: string;
  reopened: string;
  exceptionCount: (count: number) => string;
  page: (page: number, pages: number) => string;
  proofs: Record<PeriodProof, string>;
  blockers: Record<PeriodBlockerKind, string>;
};

const LABELS: Record<PeriodArchiveInput['language'], Labels> = {
  no: {
    title: 'Periodeavslutning',
    organisationNumber: 'Org.nr.',
    period: 'Periode',
    closed: 'Avsluttet',
    by: 'av',
    accounts: 'Bankkontoer',
    noAccounts: 'Ingen bankkontoer i perioden.',
    opening: 'Inngående saldo',
    movement: 'Transaksjoner (bevegelse)',
    closing: 'Utgående saldo',
    closingOn: (date) => `Utgående saldo per ${date}`,
    difference: 'Differanse',
    proof: 'Avstemming',
    transactions: 'Antall transaksjoner',
    transactionCounts: (total, explained, unexplained) =>
      `${total} (${explained} forklart, ${unexplained} uforklart)`,
    exceptions: 'Godkjente unntak',
    noExceptions: 'Ingen unntak.',
    exceptionLine: (count) => `${count} stk.`,
    vouchersWithoutTransaction: 'Bilag uten transaksjon',
    voucherCount: (count, sum) => `${count} bilag, sum ${sum}`,
    history: 'Historikk',
    reopened: 'Gjenåpnet',
    exceptionCount: (count) => `${count} unntak`,
    page: (page, pages) => `Side ${page} av ${pages}`,
    proofs: {
      holds: 'Stemmer',
      'no-activity': 'Ingen bevegelse',
      'opening-missing': 'Inngående saldo mangler',
      'opening-mismatch': 'Inngående saldo avviker fra forrige måned',
      'closing-missing': 'Utgående saldo mangler',
      difference: 'Stemmer ikke',
    },
    blockers: {
      unexplained: 'Uforklarte transaksjoner',
      'opening-missing': 'Inngående saldo mangler',
      'opening-mismatch': 'Inngående saldo avviker fra forrige måned',
      'closing-missing': 'Utgående saldo mangler',
      difference: 'Differanse mot banken',
    },
  },
  en: {
    title: 'Period close',
    organisationNumber: 'Org. no.',
    period: 'Period',
    closed: 'Closed',
    by: 'by',
    accounts: 'Bank accounts',
    noAccounts: 'No bank accounts in the period.',
    opening: 'Opening balance',
    movement: 'Transactions (movement)',
    closing: 'Closing balance',
    closingOn: (date) => `Closing balance on ${date}`,
    difference: 'Difference',
    proof: 'Reconciliation',
    transactions: 'Transactions',
    transactionCounts: (total, explained, unexplained) =>
      `${total} (${explained} explained, ${unexplained} unexplained)`,
    exceptions: 'Accepted exceptions',
    noExceptions: 'No exceptions.',
    exceptionLine: (count) => `${count} item${count === 1 ? '' : 's'}`,
    vouchersWithoutTransaction: 'Vouchers without a transaction',
    voucherCount: (count, sum) => `${count} voucher${count === 1 ? '' : 's'}, total ${sum}`,
    history: 'History',
    reopened: 'Reopened',
    exceptionCount: (count) => `${count} exception${count === 1 ? '' : 's'}`,
    page: (page, pages) => `Page ${page} of ${pages}`,
    proofs: {
      holds: 'Reconciled',
      'no-activity': 'No activity',
      'opening-missing': 'Opening balance missing',
      'opening-mismatch': "Opening differs from the previous month's closing",
      'closing-missing': 'Closing balance missing',
      difference: 'Does not reconcile',
    },
    blockers: {
      unexplained: 'Unexplained transactions',
      'opening-missing': 'Opening balance missing',
      'opening-mismatch': "Opening differs from the previous month's closing",
      'closing-missing': 'Closing balance missing',
      difference: 'Difference against the bank',
    },
  },
};

const NOTHING = '–';
const REPORT_TIME_ZONE = 'Europe/Oslo';

function amount(value: number | null): string {
  return value === null ? NOTHING : formatAmount(ore(value));
}

/** A point in time on Oslo's clock, "2024-04-05 14:03", the same wherever the server runs. */
function osloTime(instant: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: REPORT_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const SIZE = { title: 16, heading: 12, text: 9, small: 8 };
const LINE = 13;
const GREY = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.8, 0.8, 0.8);
const TABLE = { labelX: 10, valueRight: 300, textX: 170 };

/**
 * Lays text out top to bottom over as many A4 pages as it takes. The standard fonts encode WinAnsi only
 * (which holds æ, ø and å): every other character is shown as "?" rather than refused.
 */
class ReportLayout {
  readonly pages: PDFPage[] = [];
  private page: PDFPage;
  private y = 0;
  private readonly encodable: Set<number>;

  constructor(
    private readonly document: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.encodable = new Set(font.getCharacterSet());
    this.page = this.addPage();
  }

  private addPage(): PDFPage {
    const page = this.document.addPage([PAGE.width, PAGE.height]);
    this.pages.push(page);
    this.page = page;
    this.y = PAGE.height - PAGE.margin;
    return page;
  }

  private printable(text: string): string {
    return Array.from(text.replace(/\s/g, ' '), (character) =>
      this.encodable.has(character.codePointAt(0) ?? 0) ? character : '?',
    ).join('');
  }

  /** Starts a new page unless `height` more points fit on this one. */
  keepTogether(height: number) {
    if (this.y - height < PAGE.margin + LINE) this.addPage();
  }

  space(height: number) {
    this.y -= height;
  }

  /** Writes text from the left margin (plus `x`), wrapped at the right one. */
  write(text: string, options: { x?: number; size?: number; font?: PDFFont; color?: typeof GREY } = {}) {
    const size = options.size ?? SIZE.text;
    const font = options.font ?? this.font;
    const x = options.x ?? 0;
    for (const wrapped of this.wrap(text, PAGE.width - 2 * PAGE.margin - x, font, size)) {
      this.keepTogether(size);
      this.y -= size + 4;
      this.page.drawText(wrapped, {
        x: PAGE.margin + x,
        y: this.y,
        size,
        font,
        color: options.color ?? rgb(0, 0, 0),
      });
    }
  }

  heading(text: string) {
    this.keepTogether(SIZE.heading + 3 * LINE);
    this.space(10);
    this.write(text, { size: SIZE.heading, font: this.bold });
    this.space(4);
  }

  /** One row of a two-column table: the label on the left, the value right-aligned when it is a number. */
  row(label: string, value: string, isAmount: boolean) {
    this.keepTogether(LINE);
    this.y -= LINE;
    this.page.drawText(this.printable(label), {
      x: PAGE.margin + TABLE.labelX,
      y: this.y,
      size: SIZE.text,
      font: this.font,
    });
    const shown = this.printable(value);
    const x = isAmount
      ? PAGE.margin + TABLE.valueRight - this.font.widthOfTextAtSize(shown, SIZE.text)
      : PAGE.margin + TABLE.textX;
    this.page.drawText(shown, { x, y: this.y, size: SIZE.text, font: this.font });
    this.page.drawLine({
      start: { x: PAGE.margin + TABLE.labelX, y: this.y - 3 },
      end: { x: PAGE.margin + TABLE.valueRight, y: this.y - 3 },
      thickness: 0.3,
      color: RULE,
    });
  }

  private wrap(text: string, width: number, font: PDFFont, size: number): string[] {
    const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
    const lines: string[] = [];
    for (const paragraph of text.split(/\r\n|\r|\n/)) {
      let current = '';
      for (const word of this.printable(paragraph).split(' ')) {
        const candidate = current === '' ? word : `${current} ${word}`;
        if (fits(candidate)) {
          current = candidate;
          continue;
        }
        if (current !== '') lines.push(current);
        current = '';
        for (const character of Array.from(word)) {
          if (current !== '' && !fits(current + character)) {
            lines.push(current);
            current = '';
          }
          current += character;
        }
      }
      lines.push(current);
    }
    return lines;
  }

  /** Puts "page X of Y" in every page's foot, beside as much of `footer` as fits on one line. */
  numberPages(footer: string, label: (page: number, pages: number) => string) {
    this.pages.forEach((page, index) => {
      const pageLabel = label(index + 1, this.pages.length);
      const room = PAGE.width - 2 * PAGE.margin - this.font.widthOfTextAtSize(pageLabel, SIZE.small) - 20;
      const shownFooter = this.wrap(footer, room, this.font, SIZE.small)[0] ?? '';
      const y = PAGE.margin / 2;
      page.drawText(shownFooter, { x: PAGE.margin, y, size: SIZE.small, font: this.font, color: GREY });
      page.drawText(pageLabel, {
        x: PAGE.width - PAGE.margin - this.font.widthOfTextAtSize(pageLabel, SIZE.small),
        y,
        size: SIZE.small,
        font: this.font,
        color: GREY,
      });
    });
  }
}

async function createReport(
  input: PeriodArchiveInput,
  closing: PeriodClosing,
  closedAt: Date,
): Promise<Buffer> {
  const { company, detail } = input;
  const text = LABELS[input.language];
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle(`${text.title} ${detail.month} – ${company.name}`);
  document.setLanguage(input.language === 'no' ? 'nb-NO' : 'en');
  document.setProducer('Bilag');
  document.setCreator('Bilag');
  document.setCreationDate(closedAt);
  document.setModificationDate(closedAt);
  const layout = new ReportLayout(
    document,
    await document.embedFont(StandardFonts.Helvetica),
    await document.embedFont(StandardFonts.HelveticaBold),
  );

  layout.write(company.name, { size: SIZE.title, font: layout.bold });
  if (company.organizationNumber !== null)
    layout.write(`${text.organisationNumber} ${formatOrganisationNumber(company.organizationNumber)}`);
  layout.write(`${text.title} · ${text.period} ${detail.month} (${detail.firstDay} – ${detail.lastDay})`, {
    font: layout.bold,
  });
  layout.write(happened(text, text.closed, closing.closedAt, closing.closedByName), { color: GREY });

  layout.heading(text.accounts);
  if (detail.accounts.length === 0) layout.write(text.noAccounts);
  for (const account of detail.accounts) writeAccount(layout, text, account);

  layout.heading(text.exceptions);
  if (closing.exceptions.length === 0) layout.write(text.noExceptions);
  for (const exception of closing.exceptions) writeException(layout, text, exception);

  layout.heading(text.vouchersWithoutTransaction);
  const withoutTransaction = detail.vouchersWithoutTransaction;
  layout.write(text.voucherCount(withoutTransaction.total, amount(withoutTransaction.amountOre)));

  layout.heading(text.history);
  for (const event of detail.history) writeEvent(layout, text, event);

  layout.numberPages(`${company.name} · ${text.period} ${detail.month}`, text.page);
  return Buffer.from(await document.save());
}

/** "Closed 2024-04-05 14:34 by Kari Nordmann". */
function happened(text: Labels, what: string, at: string, byName: string | null): string {
  return `${what} ${osloTime(at)}${byName === null ? '' : ` ${text.by} ${byName}`}`;
}

/** The account's heading and its six rows. */
const ACCOUNT_LINES = 7;

function writeAccount(layout: ReportLayout, text: Labels, account: PeriodAccount) {
  layout.keepTogether(ACCOUNT_LINES * LINE + 12);
  layout.space(6);
  const name = [formatAccountNumber(account.accountNumber), account.name, account.currency]
    .filter((part) => part !== null && part !== '')
    .join(' · ');
  layout.write(name, { font: layout.bold });
  layout.row(text.opening, amount(account.openingOre), true);
  layout.row(text.movement, amount(account.movementOre), true);
  layout.row(
    account.closingDate === null ? text.closing : text.closingOn(account.closingDate),
    amount(account.closingOre),
    true,
  );
  layout.row(text.difference, amount(account.differenceOre), true);
  layout.row(text.proof, text.proofs[account.proof], false);
  layout.row(
    text.transactions,
    text.transactionCounts(account.transactionCount, account.explainedCount, account.unexplainedCount),
    false,
  );
}

function writeException(layout: ReportLayout, text: Labels, exception: PeriodException) {
  layout.keepTogether(3 * LINE);
  layout.space(4);
  const summary = [
    formatAccountNumber(exception.accountNumber),
    text.blockers[exception.kind],
    ...(exception.kind === 'unexplained' ? [text.exceptionLine(exception.count)] : []),
    amount(exception.amountOre),
  ].join(' · ');
  layout.write(summary, { font: layout.bold });
  layout.write(exception.reason, { x: TABLE.labelX });
}

function writeEvent(layout: ReportLayout, text: Labels, event: PeriodEvent) {
  layout.keepTogether(2 * LINE);
  const line =
    event.kind === 'closed'
      ? `${happened(text, text.closed, event.at, event.byName)} · ${text.exceptionCount(event.exceptionCount)}`
      : happened(text, text.reopened, event.at, event.byName);
  layout.write(line, { font: layout.bold });
  if (event.reason !== null) layout.write(event.reason, { x: TABLE.labelX });
}
