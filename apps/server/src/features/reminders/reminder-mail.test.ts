import { describe, expect, it } from 'vitest';
import {
  type MissingTransaction,
  reminderMail,
  type SendingContent,
  voucherAlertMail,
} from './reminder-mail';

const PUBLIC_URL = 'https://bilag.example';
const reader = { fullName: 'Kari Regnskap', email: 'kari@example.no', language: 'en' as const };

function content(rows: MissingTransaction[], total: number, years: number[]): SendingContent {
  return {
    companyName: 'Nordlys Bakeri AS',
    alias: 'nordlys-bakeri',
    minDays: 7,
    bookedOnOrBefore: '2026-04-01',
    missing: { total, rows, years },
    arrived: { total: 0, rows: [], years: [] },
  };
}

const rows = (count: number, year: number): MissingTransaction[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    date: `${year}-03-${String((index % 28) + 1).padStart(2, '0')}`,
    text: `Kortkjøp ${index + 1}`,
    amountOre: -(index + 1) * 100_000,
    currency: 'NOK',
  }));

describe('the reminder e-mail', () => {
  it('lists at most the rows it was given and says how many more there are', () => {
    const mail = reminderMail('reminder', content(rows(50, 2026), 57, [2026, 2025]), reader, PUBLIC_URL);

    expect(mail.subject).toBe('Nordlys Bakeri AS: 57 bank transactions are missing a voucher');
    expect(mail.text).toContain(
      '57 bank transactions in Nordlys Bakeri AS booked on or before 01.04.2026 have no voucher.',
    );
    expect(mail.text).toContain('Kortkjøp 50');
    expect(mail.text).toContain('… and 7 more.');
    expect(mail.text).toContain('-50\u00a0000,00 NOK');
    expect(mail.text).toContain(
      'See those of 2026 in Bilag: https://bilag.example/nordlys-bakeri/bank?year=2026&status=1',
    );
    expect(mail.text).toContain(
      'See those of 2025 in Bilag: https://bilag.example/nordlys-bakeri/bank?year=2025&status=1',
    );
    expect(mail.html).toContain('… and 7 more.');
    expect(mail.html).toContain(
      '<a href="https://bilag.example/nordlys-bakeri/bank?year=2025&amp;status=1">See those of 2025 in Bilag</a>',
    );
  });

  it('sent by hand with nothing missing says there is nothing to do', () => {
    const mail = reminderMail('reminder-now', content([], 0, []), { ...reader, language: 'no' }, PUBLIC_URL);
    expect(mail.subject).toBe('Nordlys Bakeri AS: ingen banktransaksjoner mangler bilag');
    expect(mail.text).toContain(
      'Ingen banktransaksjoner i Nordlys Bakeri AS bokført 01.04.2026 eller tidligere mangler bilag.',
    );
    expect(mail.headers).toMatchObject({ 'X-Bilag-Reminder': 'reminder-now' });
  });

  it('keeps a company name with a line break on one subject line', () => {
    const broken = { ...content(rows(1, 2026), 1, [2026]), companyName: 'Nordlys\r\nBcc: x@example.no' };
    expect(reminderMail('reminder', broken, reader, PUBLIC_URL).subject).not.toMatch(/[\r\n]/);
  });
});

describe('the voucher alert e-mail', () => {
  it('is not written when the sections the reader asked for are empty', () => {
    expect(voucherAlertMail(content([], 0, []), ['arrived', 'missing'], reader, PUBLIC_URL)).toBeUndefined();
    expect(
      voucherAlertMail(content(rows(2, 2026), 2, [2026]), ['arrived'], reader, PUBLIC_URL),
    ).toBeUndefined();
  });

  it('names what came in, in the subject', () => {
    const mail = voucherAlertMail(content(rows(2, 2026), 2, [2026]), ['missing'], reader, PUBLIC_URL);
    expect(mail?.subject).toBe('Nordlys Bakeri AS: 2 new bank transactions without a voucher');
    expect(mail?.text).toContain(
      'Bank transactions that came into Nordlys Bakeri AS since the last alert and have no voucher (2):',
    );
  });
});
