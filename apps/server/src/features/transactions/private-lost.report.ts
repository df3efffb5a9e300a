import {
  type BankTransaction,
  BankTransactionStatus,
  type ExportPrivateLostQuery,
  type Language,
} from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth';
import { translate } from '../../platform/messages';
import { requireCompanyAccess } from '../companies';
import * as repository from './transaction.repository';
import { toTransaction } from './transaction.service';

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const EXPORT_LIMIT = 10_000;
/** What the export lists when it is not narrowed to one of them. */
const PRIVATE_OR_LOST = [BankTransactionStatus.PRIVATE, BankTransactionStatus.LOST];

const labels = {
  en: {
    date: 'Date',
    text: 'Text',
    account: 'Account',
    amount: 'Amount',
    kind: 'Kind',
    note: 'Note',
    private: 'Private',
    lost: 'Lost voucher',
    total: 'Total',
    printed: 'Printed',
    page: 'Page',
    none: 'No private or lost transactions.',
    year: 'Year',
  },
  no: {
    date: 'Dato',
    text: 'Tekst',
    account: 'Konto',
    amount: 'Beløp',
    kind: 'Type',
    note: 'Notat',
    private: 'Privat',
    lost: 'Tapt bilag',
    total: 'Sum',
    printed: 'Skrevet ut',
    page: 'Side',
    none: 'Ingen private eller tapte transaksjoner.',
    year: 'År',
  },
} as const;

/** The standard PDF fonts cover Windows-1252, which holds Norwegian letters; anything else is replaced. */
function printable(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff€–—‘’“”•…]/g, '?');
}

function money(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const absolute = Math.abs(ore);
  const whole = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${whole},${String(absolute % 100).padStart(2, '0')}`;
}

function norwegianDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

function fit(text: string, font: PDFFont, size: number, width: number): string {
  let value = printable(text);
  if (font.widthOfTextAtSize(value, size) <= width) return value;
  while (value.length > 1 && font.widthOfTextAtSize(`${value}…`, size) > width) value = value.slice(0, -1);
  return `${value}…`;
}

const columns = [
  { key: 'date', x: 0, width: 58 },
  { key: 'text', x: 60, width: 190 },
  { key: 'account', x: 252, width: 78 },
  { key: 'kind', x: 332, width: 62 },
  { key: 'note', x: 396, width: 62 },
  { key: 'amount', x: 460, width: 55, right: true },
] as const;

/** export-pdf-private-lost: a printable list of the transactions that are private or whose voucher is lost. */
export async function createPrivateLostReport(
  db: Db,
  principal: Principal,
  query: ExportPrivateLostQuery,
  language: Language,
): Promise<Buffer> {
  const companyId = (await requireCompanyAccess(db, principal.userId, query.companyId)).Id;
  const statuses = query.status === 0 ? PRIVATE_OR_LOST : [query.status];
  const results = await Promise.all(
    statuses.map((status) =>
      repository.listTransactions(
        db,
        companyId,
        {
          companyBankId: query.companyBankId,
          status,
          ...(query.year === undefined ? {} : { year: query.year }),
          month: 0,
          sortBy: 'BankTransaction.Date',
          sortType: 'asc',
          pageNumber: 1,
          pageSize: EXPORT_LIMIT,
          filterAmount: 'all',
        },
        EXPORT_LIMIT,
        0,
      ),
    ),
  );
  const rows = results
    .flatMap((result) => result.rows.map(toTransaction))
    .sort((a, b) => a.Date.localeCompare(b.Date) || a.Id - b.Id);
  return renderPdf(rows, language, query.year);
}

async function renderPdf(
  rows: BankTransaction[],
  language: Language,
  year: number | undefined,
): Promise<Buffer> {
  const text = labels[language];
  const document = await PDFDocument.create();
  const title = translate(language, 'exportTitlePrivateLost');
  document.setTitle(title);
  document.setCreator('Bilag');
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const pages: PDFPage[] = [];
  let y = 0;
  const left = PAGE.margin;
  const newPage = (): PDFPage => {
    const page = document.addPage([PAGE.width, PAGE.height]);
    pages.push(page);
    y = PAGE.height - PAGE.margin;
    page.drawText(printable(title), { x: left, y, size: 14, font: bold });
    y -= 16;
    const subtitle = `${year === undefined ? '' : `${text.year} ${year} · `}${text.printed} ${new Date().toISOString().slice(0, 10)}`;
    page.drawText(printable(subtitle), { x: left, y, size: 9, font, color: rgb(0.35, 0.35, 0.35) });
    y -= 22;
    for (const column of columns) {
      const label = text[column.key];
      const width = bold.widthOfTextAtSize(label, 8);
      page.drawText(label, {
        x: left + column.x + ('right' in column ? column.width - width : 0),
        y,
        size: 8,
        font: bold,
      });
    }
    y -= 4;
    page.drawLine({ start: { x: left, y }, end: { x: PAGE.width - PAGE.margin, y }, thickness: 0.5 });
    y -= 12;
    return page;
  };
  let page = newPage();
  if (rows.length === 0) page.drawText(text.none, { x: left, y, size: 9, font });
  let total = 0;
  for (const row of rows) {
    if (y < PAGE.margin + 30) page = newPage();
    total += row.AmountOre;
    const values: Record<(typeof columns)[number]['key'], string> = {
      date: norwegianDate(row.Date),
      text: [row.Text, row.Text2].filter(Boolean).join(' · '),
      account: formatAccountNumber(row.AccountNumber),
      kind: row.Status === BankTransactionStatus.PRIVATE ? text.private : text.lost,
      note: row.Note ?? '',
      amount: money(row.AmountOre),
    };
    for (const column of columns) {
      const value = fit(values[column.key], font, 8, column.width);
      const width = font.widthOfTextAtSize(value, 8);
      page.drawText(value, {
        x: left + column.x + ('right' in column ? column.width - width : 0),
        y,
        size: 8,
        font,
      });
    }
    y -= 13;
  }
  if (rows.length > 0) {
    if (y < PAGE.margin + 30) page = newPage();
    page.drawLine({
      start: { x: left, y: y + 8 },
      end: { x: PAGE.width - PAGE.margin, y: y + 8 },
      thickness: 0.5,
    });
    const sum = money(total);
    page.drawText(text.total, { x: left, y: y - 4, size: 9, font: bold });
    page.drawText(sum, { x: left + 515 - bold.widthOfTextAtSize(sum, 9), y: y - 4, size: 9, font: bold });
  }
  pages.forEach((each, index) => {
    const label = `${text.page} ${index + 1} / ${pages.length}`;
    each.drawText(label, {
      x: PAGE.width - PAGE.margin - font.widthOfTextAtSize(label, 8),
      y: PAGE.margin / 2,
      size: 8,
      font,
      color: rgb(0.35, 0.35, 0.35),
    });
  });
  return Buffer.from(await document.save());
}
