import { formatAmount, ore } from '@bilag/domain';

/**
 * CSV for a spreadsheet in a Norwegian locale (the EHF reports, the archive of a closed month): UTF-8 with a byte order mark
 * (so Excel reads æøå), semicolons between cells, CRLF between rows, amounts with a decimal comma and
 * no thousands separator, times in Oslo time.
 */
const BOM = '\uFEFF';
const SEPARATOR = ';';

export type CsvCell = string | number | null;

/**
 * A text a spreadsheet would read as a formula (=, +, -, @ first) gets a leading apostrophe, so a
 * supplier's name cannot run as one in the administrator's spreadsheet; a plain number stays a number.
 */
function textCell(text: string): string {
  const isNumber = /^-?\d+(,\d+)?$/.test(text);
  const safe = !isNumber && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return textCell(value);
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): Buffer {
  const lines = [header, ...rows].map((row) => row.map(cell).join(SEPARATOR));
  return Buffer.from(`${BOM}${lines.join('\r\n')}\r\n`, 'utf8');
}

/** 1234,50: øre as kroner, the way a Norwegian spreadsheet reads a number. */
export function csvAmount(amountOre: number | null): string | null {
  return amountOre === null ? null : formatAmount(ore(amountOre), { groupSeparator: '' });
}

const osloTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Oslo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 2025-03-01 14:05:09 in Oslo time. */
export function csvTime(time: Date | string | null): string | null {
  if (time === null) return null;
  return osloTime.format(typeof time === 'string' ? new Date(time) : time);
}
