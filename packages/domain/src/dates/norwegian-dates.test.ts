import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import {
  addDays,
  compileDatePattern,
  completeDateInput,
  daysBetween,
  excelSerialToIsoDate,
  expandTwoDigitYear,
  formatDate,
  formatTimestamp,
  fromEpochDay,
  isIsoDate,
  parseDateWithPattern,
  parseNorwegianDate,
  todayIsoDate,
  toEpochDay,
  tryParseNorwegianDate,
} from './norwegian-dates';

const today = '2025-06-15';

const isoDate = fc
  .date({ min: new Date(Date.UTC(1, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10))
  .filter((text) => /^\d{4}-\d{2}-\d{2}$/.test(text));

describe('parseNorwegianDate', () => {
  it.each([
    ['15.03.2025', '2025-03-15'],
    ['5.3.2025', '2025-03-05'],
    ['15/03/2025', '2025-03-15'],
    ['15-03-2025', '2025-03-15'],
    ['15.03.25', '2025-03-15'],
    ['15.03.99', '1999-03-15'],
    ['2025-03-15', '2025-03-15'],
    ['2025.03.15', '2025-03-15'],
    ['2025/3/5', '2025-03-05'],
    ['29.02.2024', '2024-02-29'],
    [' 01.01.2000 ', '2000-01-01'],
  ])('reads "%s" as %s', (text, expected) => {
    expect(parseNorwegianDate(text, { today })).toBe(expected);
  });

  it.each(['31.02.2025', '29.02.2025', '31.04.2025', '00.01.2025', '15.13.2025', '2025-02-30'])(
    'refuses the day that does not exist: %s',
    (text) => {
      expect(() => parseNorwegianDate(text, { today })).toThrowError(
        expect.objectContaining({ code: 'INVALID_DATE' }),
      );
    },
  );

  it.each(['', '15.03-2025', '15 03 2025', '15.03.025', 'tomorrow', '2025-03', '15032025'])(
    'refuses the form it does not accept: "%s"',
    (text) => {
      expect(() => parseNorwegianDate(text, { today })).toThrow(DomainError);
      expect(tryParseNorwegianDate(text, { today })).toBeUndefined();
    },
  );

  it('reads back every date it formats, in both display formats', () => {
    fc.assert(
      fc.property(isoDate, (date) => {
        expect(parseNorwegianDate(formatDate(date, 'DD.MM.YYYY'), { today })).toBe(date);
        expect(parseNorwegianDate(formatDate(date, 'YYYY-MM-DD'), { today })).toBe(date);
      }),
    );
  });
});

describe('two-digit years', () => {
  it('places them in the hundred years ending 20 years after today', () => {
    expect(expandTwoDigitYear(25, today)).toBe(2025);
    expect(expandTwoDigitYear(45, today)).toBe(2045);
    expect(expandTwoDigitYear(46, today)).toBe(1946);
    expect(expandTwoDigitYear(99, today)).toBe(1999);
  });
});

describe('completeDateInput', () => {
  it.each([
    ['15032025', '2025-03-15'],
    ['5', '2025-06-05'],
    ['15', '2025-06-15'],
    ['153', '2025-03-15'],
    ['0503', '2025-03-05'],
    ['1503', '2025-03-15'],
    ['10325', '2025-03-01'],
    ['150324', '2024-03-15'],
    ['1032024', '2024-03-01'],
    ['15.3', '2025-03-15'],
    ['15.3.', '2025-03-15'],
    ['15.3.24', '2024-03-15'],
    ['15/3/2024', '2024-03-15'],
    ['2024-03-15', '2024-03-15'],
  ])('completes "%s" to %s when today is 15 June 2025', (typed, expected) => {
    expect(completeDateInput(typed, { today })).toBe(expected);
  });

  it('falls back to the next reading when the first gives no real day', () => {
    expect(completeDateInput('410', { today })).toBe('2025-10-04');
    expect(completeDateInput('122025', { today })).toBe('2025-02-01');
  });

  it.each(['32', '0', '453', '3113', '31022025', '123456789', 'abc'])('refuses "%s"', (typed) => {
    expect(() => completeDateInput(typed, { today })).toThrowError(
      expect.objectContaining({ code: 'INVALID_DATE' }),
    );
  });

  it('fills in the current month and year from the day it is given', () => {
    expect(completeDateInput('31', { today: '2025-01-10' })).toBe('2025-01-31');
    expect(() => completeDateInput('31', { today: '2025-02-10' })).toThrow(DomainError);
  });
});

describe('formatDate and formatTimestamp', () => {
  it('shows a date in the three product formats', () => {
    expect(formatDate('2025-03-05', 'DD.MM.YYYY')).toBe('05.03.2025');
    expect(formatDate('2025-03-05', 'YYYY-MM-DD')).toBe('2025-03-05');
    expect(formatDate('2025-03-05', 'DD-MM-YYYY HH:mm:ss')).toBe('05-03-2025 00:00:00');
  });

  it('refuses to format what is not a date', () => {
    expect(() => formatDate('2025-02-30')).toThrowError(expect.objectContaining({ code: 'INVALID_DATE' }));
  });

  it('shows a point in time on the Amsterdam clock, summer and winter', () => {
    expect(formatTimestamp('2025-07-01T22:30:05Z')).toBe('02-07-2025 00:30:05');
    expect(formatTimestamp('2025-01-01T22:30:05Z')).toBe('01-01-2025 23:30:05');
    expect(formatTimestamp(new Date('2025-01-01T22:30:05Z'), 'DD.MM.YYYY', 'Asia/Singapore')).toBe(
      '02.01.2025',
    );
  });

  it('takes today from the given time zone', () => {
    const now = new Date('2025-12-31T23:30:00Z');
    expect(todayIsoDate('Europe/Amsterdam', now)).toBe('2026-01-01');
    expect(todayIsoDate('UTC', now)).toBe('2025-12-31');
  });

  it('refuses an unknown time zone with a DomainError', () => {
    expect(() => todayIsoDate('Mars/Olympus')).toThrow(DomainError);
  });
});

describe('plain date arithmetic', () => {
  it('agrees with the calendar for every date', () => {
    fc.assert(
      fc.property(isoDate, (date) => {
        const epochDay = toEpochDay(date);
        expect(epochDay).toBe(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
        expect(fromEpochDay(epochDay)).toBe(date);
      }),
    );
  });

  it('adds days across month, year and leap day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });

  it('knows an ISO date when it sees one', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-2-29')).toBe(false);
    expect(isIsoDate(20240229)).toBe(false);
  });
});

describe('excelSerialToIsoDate', () => {
  it('reads spreadsheet serial numbers in the 1900 and 1904 systems', () => {
    expect(excelSerialToIsoDate(45971)).toBe('2025-11-10');
    expect(excelSerialToIsoDate(45971.75)).toBe('2025-11-10');
    expect(excelSerialToIsoDate(61)).toBe('1900-03-01');
    expect(excelSerialToIsoDate(59)).toBe('1900-02-28');
    expect(excelSerialToIsoDate(1)).toBe('1900-01-01');
    expect(excelSerialToIsoDate(0, true)).toBe('1904-01-01');
    expect(excelSerialToIsoDate(44509, true)).toBe('2025-11-10');
  });

  it('refuses the 29 February 1900 that Excel invented and non-dates', () => {
    expect(() => excelSerialToIsoDate(60)).toThrow(DomainError);
    expect(() => excelSerialToIsoDate(-3)).toThrow(DomainError);
    expect(() => excelSerialToIsoDate(Number.NaN)).toThrow(DomainError);
  });
});

describe('date patterns of files', () => {
  it.each([
    ['D/M/YYYY', '2/3/2022', '2022-03-02'],
    ['D/M/YYYY', '12/10/2022', '2022-10-12'],
    ['DD.MM.YYYY', '28.02.2025', '2025-02-28'],
    ['DD-MM-YYYY', '02-09-2015', '2015-09-02'],
    ['YYYY-MM-DD', '2025-02-28', '2025-02-28'],
    ['DD.MM.YY', '28.02.25', '2025-02-28'],
  ])('%s reads "%s" as %s', (pattern, text, expected) => {
    expect(parseDateWithPattern(text, pattern, { today })).toBe(expected);
  });

  it('is strict about padding and separators', () => {
    const read = compileDatePattern('DD.MM.YYYY');
    expect(read('2.3.2025')).toBeUndefined();
    expect(read('02/03/2025')).toBeUndefined();
    expect(read('31.02.2025')).toBeUndefined();
  });

  it('refuses a pattern without day, month and year', () => {
    expect(() => compileDatePattern('MM/YYYY')).toThrowError(
      expect.objectContaining({ code: 'INVALID_DATE' }),
    );
    expect(() => compileDatePattern('DD.DD.YYYY')).toThrow(DomainError);
  });
});
