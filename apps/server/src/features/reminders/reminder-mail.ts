import {
  BankTransactionStatus,
  type InboxChannel,
  type Language,
  REMINDER_TIME_ZONE,
} from '@bilag/contracts';
import { formatAmount, formatDate, localDateTime, ore } from '@bilag/domain';
import { type MessageKey, translate } from '../../platform/messages';
import type { OutgoingMail } from '../../providers/mail/interface';
import type { SendingKind } from './reminder.table';

export type MissingTransaction = {
  id: number;
  date: string;
  text: string;
  amountOre: number;
  currency: string;
};

/** A voucher made from what arrived by e-mail or EHF. */
export type ArrivedVoucher = {
  id: number;
  channel: InboxChannel;
  supplierName: string | null;
  description: string | null;
  createdAt: string;
};

/** The first rows of a list, how many there are in all, and (for transactions) the years they fall in. */
export type Listing<Row> = { total: number; rows: Row[]; years: number[] };

/** What a sending's e-mails tell, read once when the sending is made. */
export type SendingContent = {
  companyName: string;
  alias: string;
  /** For reminders: how many days a transaction has waited for its voucher before it counts. */
  minDays: number;
  /** For reminders: the last booking day counted, the day `minDays` before the sending. */
  bookedOnOrBefore: string | null;
  /** Reminders: every transaction still without a voucher; alerts: those that came in since the last alert. */
  missing: Listing<MissingTransaction>;
  /** Alerts: the vouchers that arrived by e-mail or EHF since the last alert. */
  arrived: Listing<ArrivedVoucher>;
};

/** The parts of an alert a recipient asked for. */
export type AlertSection = 'arrived' | 'missing';

export type MailReader = { fullName: string; email: string; language: Language };

/** Bank texts can be long; a line of the e-mail shows this much of one. */
const TEXT_MAX = 80;
/** Control and invisible format characters: a subject is one line. */
const NOT_ONE_LINE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? '');

const shortened = (text: string) =>
  text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1).trimEnd()}…` : text;

function companyUrl(publicUrl: string, alias: string, path: string): string {
  return `${publicUrl}/${encodeURIComponent(alias)}/${path}`;
}

/** The bank list of one year, filtered to the transactions that miss a voucher (the web's address filter). */
export function missingListUrl(publicUrl: string, alias: string, year: number): string {
  return companyUrl(publicUrl, alias, `bank?year=${year}&status=${BankTransactionStatus.MISSING_VOUCHER}`);
}

/** The same list with the transaction opened. */
export function transactionUrl(publicUrl: string, alias: string, row: MissingTransaction): string {
  return `${missingListUrl(publicUrl, alias, Number(row.date.slice(0, 4)))}&transaction=${row.id}`;
}

export function settingsUrl(publicUrl: string, alias: string): string {
  return companyUrl(publicUrl, alias, 'admin-users?tab=alerts');
}

const amountText = (row: MissingTransaction) =>
  `${formatAmount(ore(row.amountOre), { groupSeparator: '\u00a0' })} ${row.currency}`;

/** `DD.MM.YYYY HH:mm` on Oslo's clock. */
function arrivalTime(at: string): string {
  const local = localDateTime(new Date(at), REMINDER_TIME_ZONE);
  return `${formatDate(local.slice(0, 10))} ${local.slice(11)}`;
}

/** Text and HTML of a mail, built side by side from the same parts. */
class MailBody {
  readonly text: string[] = [];
  readonly html: string[] = [];

  paragraph(text: string, html = escapeHtml(text)) {
    this.text.push(text, '');
    this.html.push(`<p>${html}</p>`);
  }

  /** In text the address follows its label ("See them here: https://…"); in HTML the label is the link. */
  link(label: string, url: string) {
    this.text.push(`${label} ${url}`);
    this.html.push(`<p><a href="${escapeHtml(url)}">${escapeHtml(label.replace(/:$/, ''))}</a></p>`);
  }

  table(headings: string[], rows: { cells: string[]; url?: string }[], alignRightLast: boolean) {
    const widths = headings.map((_, index) =>
      Math.max(...rows.map((row) => (row.cells[index] ?? '').length)),
    );
    for (const row of rows) {
      this.text.push(
        row.cells
          .map((cell, index) => (index === row.cells.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
          .join('   '),
      );
    }
    this.text.push('');
    const cellStyle = 'padding:4px 12px 4px 0;border-bottom:1px solid #dee2e6;text-align:left';
    const rightStyle =
      'padding:4px 0 4px 12px;border-bottom:1px solid #dee2e6;text-align:right;white-space:nowrap';
    const styleOf = (index: number) =>
      alignRightLast && index === headings.length - 1 ? rightStyle : cellStyle;
    const head = headings.map(
      (heading, index) => `<th style="${styleOf(index)}">${escapeHtml(heading)}</th>`,
    );
    const body = rows.map((row) => {
      const cells = row.cells.map((cell, index) => {
        const content =
          index === 1 && row.url
            ? `<a href="${escapeHtml(row.url)}">${escapeHtml(cell)}</a>`
            : escapeHtml(cell);
        return `<td style="${styleOf(index)}">${content}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    });
    this.html.push(
      `<table style="border-collapse:collapse;font-size:14px"><thead><tr>${head.join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`,
    );
  }

  footnote(text: string, url: string) {
    this.text.push('--', `${text} ${url}`);
    this.html.push(
      `<p style="color:#6c757d;font-size:12px">${escapeHtml(text)} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    );
  }

  mail(subject: string, to: string, kind: SendingKind): OutgoingMail {
    return {
      to,
      subject: subject.replace(NOT_ONE_LINE, ' '),
      text: this.text.join('\n'),
      html: `<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#212529">${this.html.join('\n')}</div>`,
      // A machine's message (RFC 3834): out-of-office replies are not sent back to it.
      headers: { 'Auto-Submitted': 'auto-generated', 'X-Bilag-Reminder': kind },
    };
  }
}

function listMissing(body: MailBody, language: Language, content: SendingContent, publicUrl: string) {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params);
  body.table(
    [t('reminderMailColumnDate'), t('reminderMailColumnText'), t('reminderMailColumnAmount')],
    content.missing.rows.map((row) => ({
      cells: [formatDate(row.date), shortened(row.text || '–'), amountText(row)],
      url: transactionUrl(publicUrl, content.alias, row),
    })),
    true,
  );
  const more = content.missing.total - content.missing.rows.length;
  if (more > 0) body.paragraph(t('reminderMailMore', { count: more }));
  for (const year of content.missing.years)
    body.link(t('reminderMailOpenYear', { year }), missingListUrl(publicUrl, content.alias, year));
  body.text.push('');
}

function listArrived(body: MailBody, language: Language, content: SendingContent, publicUrl: string) {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params);
  body.table(
    [t('voucherAlertColumnArrived'), t('voucherAlertColumnSupplier'), t('voucherAlertColumnDescription')],
    content.arrived.rows.map((row) => ({
      cells: [
        `${arrivalTime(row.createdAt)} (${t(row.channel === 'ehf' ? 'voucherAlertChannelEhf' : 'voucherAlertChannelEmail')})`,
        shortened(row.supplierName ?? '–'),
        shortened(row.description ?? '–'),
      ],
      url: companyUrl(publicUrl, content.alias, `voucher/${row.id}`),
    })),
    false,
  );
  const more = content.arrived.total - content.arrived.rows.length;
  if (more > 0) body.paragraph(t('reminderMailMore', { count: more }));
  body.link(t('voucherAlertOpenInbox'), companyUrl(publicUrl, content.alias, 'inbox'));
  body.text.push('');
}

/** The reminder about bank transactions without a voucher, in the reader's language. */
export function reminderMail(
  kind: Extract<SendingKind, 'reminder' | 'reminder-now'>,
  content: SendingContent,
  reader: MailReader,
  publicUrl: string,
): OutgoingMail {
  const { language } = reader;
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params);
  const count = content.missing.total;
  const cutOff = content.minDays > 0 ? content.bookedOnOrBefore : null;
  const params = { company: content.companyName, count, date: cutOff ? formatDate(cutOff) : '' };
  const subject =
    count === 0
      ? t('reminderMailSubjectNone', params)
      : t(count === 1 ? 'reminderMailSubjectOne' : 'reminderMailSubject', params);
  const body = new MailBody();
  body.paragraph(t('reminderMailGreeting', { name: reader.fullName }));
  if (count === 0) {
    body.paragraph(t(cutOff ? 'reminderMailNothing' : 'reminderMailNothingNow', params));
  } else {
    const intro: MessageKey = cutOff
      ? count === 1
        ? 'reminderMailIntroOne'
        : 'reminderMailIntro'
      : count === 1
        ? 'reminderMailIntroNowOne'
        : 'reminderMailIntroNow';
    body.paragraph(t(intro, params));
    listMissing(body, language, content, publicUrl);
  }
  body.footnote(t('reminderMailFooter', params), settingsUrl(publicUrl, content.alias));
  return body.mail(subject, reader.email, kind);
}

/** The daily alert: the sections the reader asked for, each only when it has something in it. */
export function voucherAlertMail(
  content: SendingContent,
  sections: readonly AlertSection[],
  reader: MailReader,
  publicUrl: string,
): OutgoingMail | undefined {
  const { language } = reader;
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params);
  const hasArrived = sections.includes('arrived') && content.arrived.total > 0;
  const hasMissing = sections.includes('missing') && content.missing.total > 0;
  if (!hasArrived && !hasMissing) return undefined;
  const arrived = content.arrived.total;
  const missing = content.missing.total;
  const parts = [
    ...(hasArrived
      ? [
          t(arrived === 1 ? 'voucherAlertSubjectArrivedOne' : 'voucherAlertSubjectArrived', {
            count: arrived,
          }),
        ]
      : []),
    ...(hasMissing
      ? [
          t(missing === 1 ? 'voucherAlertSubjectMissingOne' : 'voucherAlertSubjectMissing', {
            count: missing,
          }),
        ]
      : []),
  ];
  const body = new MailBody();
  body.paragraph(t('reminderMailGreeting', { name: reader.fullName }));
  if (hasArrived) {
    body.paragraph(t('voucherAlertArrivedHeading', { company: content.companyName, count: arrived }));
    listArrived(body, language, content, publicUrl);
  }
  if (hasMissing) {
    body.paragraph(t('voucherAlertMissingHeading', { company: content.companyName, count: missing }));
    listMissing(body, language, content, publicUrl);
  }
  body.footnote(
    t('voucherAlertFooter', { company: content.companyName }),
    settingsUrl(publicUrl, content.alias),
  );
  return body.mail(`${content.companyName}: ${parts.join(', ')}`, reader.email, 'voucher-alert');
}
