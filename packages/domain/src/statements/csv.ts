import Papa from 'papaparse';
import { DomainError } from '../errors';

export type CsvNewline = '\r\n' | '\n' | '\r';

/** Delimiters Norwegian bank exports use, in order of preference when a sample fits several equally. */
export const CSV_DELIMITERS: readonly string[] = [';', '\t', ','];

/** A single CSV record longer than this is refused, so an unterminated quote cannot hold the whole file. */
export const MAX_CSV_RECORD_CHARS = 1024 * 1024;

/** The line break ending the first record (outside quotes), or undefined when the text has none yet. */
function findNewline(text: string): CsvNewline | undefined {
  let inQuotes = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text.charCodeAt(index);
    if (character === 34) inQuotes = !inQuotes;
    else if (!inQuotes && character === 10) return '\n';
    else if (!inQuotes && character === 13) {
      // A carriage return at the very end may be the first half of "\r\n".
      if (index + 1 >= text.length) return undefined;
      return text.charCodeAt(index + 1) === 10 ? '\r\n' : '\r';
    }
  }
  return undefined;
}

/** The line break of the first record end that is not inside quotes ("\n" when there is none). */
export function detectNewline(text: string): CsvNewline {
  return findNewline(text) ?? (text.endsWith('\r') ? '\r' : '\n');
}

function parseSample(sample: string, delimiter: string, newline: CsvNewline): string[][] {
  const parser = new Papa.Parser({ delimiter, newline, quoteChar: '"' });
  const result: Papa.ParseResult<string[]> = parser.parse(sample, 0, false);
  return result.data;
}

/**
 * Picks the delimiter under which most sample lines split into the same number (two or more) of fields.
 * Preamble lines and a header row that differ from the data do not sway it, as long as data lines
 * dominate the sample.
 */
export function detectDelimiter(sample: string, newline: CsvNewline = detectNewline(sample)): string {
  let best = CSV_DELIMITERS[0] ?? ';';
  let bestScore = -1;
  for (const delimiter of CSV_DELIMITERS) {
    const counts = new Map<number, number>();
    for (const row of parseSample(sample, delimiter, newline)) {
      if (row.length < 2) continue;
      counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
    }
    const score = Math.max(0, ...counts.values());
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

export interface CsvChunkParserOptions {
  delimiter?: string;
  /** Characters to collect before detecting the delimiter and line break. */
  sampleChars?: number;
}

/**
 * Parses CSV text that arrives in pieces, handing back the complete records of each piece. Uses
 * papaparse's parser, keeping the unfinished last record (which may be a quoted field with line breaks)
 * for the next piece.
 */
export class CsvChunkParser {
  #delimiter: string | undefined;
  #newline: CsvNewline | undefined;
  #parser: Papa.Parser | undefined;
  #carry = '';
  readonly #sampleChars: number;

  constructor(options: CsvChunkParserOptions = {}) {
    this.#delimiter = options.delimiter;
    this.#sampleChars = options.sampleChars ?? 64 * 1024;
  }

  get delimiter(): string | undefined {
    return this.#delimiter;
  }

  get newline(): CsvNewline | undefined {
    return this.#newline;
  }

  push(text: string): string[][] {
    return this.#parse(text, false);
  }

  end(text = ''): string[][] {
    return this.#parse(text, true);
  }

  #parse(text: string, final: boolean): string[][] {
    const input = this.#carry + text;
    this.#carry = '';
    if (this.#parser === undefined) {
      if (!final && (input.length < this.#sampleChars || findNewline(input) === undefined)) {
        this.#carry = input;
        this.#checkCarry();
        return [];
      }
      const newline = detectNewline(input);
      const head = input.slice(0, this.#sampleChars);
      // Whole records only, so a streamed and a whole read look at the same sample.
      const sample =
        input.length <= this.#sampleChars && final ? head : head.slice(0, head.lastIndexOf(newline) + 1);
      const delimiter = this.#delimiter ?? detectDelimiter(sample || head, newline);
      this.#newline = newline;
      this.#delimiter = delimiter;
      this.#parser = new Papa.Parser({ delimiter, newline, quoteChar: '"' });
    }
    if (input.length === 0) return [];
    const result: Papa.ParseResult<string[]> = this.#parser.parse(input, 0, !final);
    if (!final) {
      this.#carry = input.slice(result.meta.cursor);
      this.#checkCarry();
    } else if (input.endsWith(this.#newline ?? '\n')) {
      // papaparse reports the empty line after a final line break as a record of one empty field.
      const last = result.data.at(-1);
      if (last && last.length === 1 && last[0] === '') result.data.pop();
    }
    return result.data;
  }

  #checkCarry(): void {
    if (this.#carry.length > MAX_CSV_RECORD_CHARS) {
      throw new DomainError(
        'INVALID_STATEMENT',
        'A CSV record is longer than 1 MiB; the file probably has an unterminated quote',
        { maxChars: MAX_CSV_RECORD_CHARS },
      );
    }
  }
}

/** Parses a whole CSV text into records. */
export function parseCsv(
  text: string,
  options: CsvChunkParserOptions = {},
): {
  rows: string[][];
  delimiter: string;
  newline: CsvNewline;
} {
  const parser = new CsvChunkParser(options);
  const rows = parser.end(text);
  return { rows, delimiter: parser.delimiter ?? ';', newline: parser.newline ?? '\n' };
}
