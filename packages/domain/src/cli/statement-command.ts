import { DomainError } from '../errors';
import { oreToDecimal } from '../money/decimal';
import { readStatement } from '../statements/read-statement';
import { isBuiltInTemplateId, STATEMENT_TEMPLATES } from '../statements/templates';
import type { StatementMapping, StatementReadOptions } from '../statements/types';
import type { TextEncodingName } from '../text/decode';
import { readInputFile } from './read-input-file';

const USAGE =
  'parse statement <file> [--template dnb|sparebank1|nordnorge] [--mapping <json>] [--encoding utf-8|windows-1252|utf-16le|utf-16be] [--delimiter <char>]';
const ENCODINGS: readonly TextEncodingName[] = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'];

function usage(message?: string): DomainError {
  return new DomainError('USAGE', message ? `${message}\nUsage: ${USAGE}` : `Usage: ${USAGE}`);
}

interface ParsedArguments {
  file: string;
  options: StatementReadOptions;
}

function parseMapping(json: string): StatementMapping {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw usage('--mapping must be JSON, e.g. {"columns":{"date":0,"text":2,"amount":3}}');
  }
  if (typeof value !== 'object' || value === null || !('columns' in value)) {
    throw usage('--mapping needs a "columns" object');
  }
  return value as StatementMapping;
}

function parseArguments(args: readonly string[]): ParsedArguments {
  const options: StatementReadOptions = {};
  let file: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] ?? '';
    const [flag, inline] = argument.startsWith('--') ? argument.split(/=(.*)/s, 2) : [argument, undefined];
    const takeValue = (): string => {
      if (inline !== undefined) return inline;
      index += 1;
      const value = args[index];
      if (value === undefined) throw usage(`${flag} needs a value`);
      return value;
    };
    switch (flag) {
      case '--template': {
        const template = takeValue();
        if (!isBuiltInTemplateId(template)) {
          throw usage(
            `Unknown template "${template}"; known: ${Object.keys(STATEMENT_TEMPLATES).join(', ')}`,
          );
        }
        options.template = template;
        break;
      }
      case '--mapping':
        options.mapping = parseMapping(takeValue());
        break;
      case '--encoding': {
        const encoding = takeValue();
        const known = ENCODINGS.find((name) => name === encoding.toLowerCase());
        if (known === undefined) throw usage(`Unknown encoding "${encoding}"`);
        options.encoding = known;
        break;
      }
      case '--delimiter':
        options.delimiter = takeValue().replace('\\t', '\t');
        break;
      default:
        if (argument.startsWith('--') || file !== undefined) throw usage(`Unexpected argument "${argument}"`);
        file = argument;
    }
  }
  if (file === undefined) throw usage();
  return { file, options };
}

/** `parse statement <file>`: the bank statement's layout and transactions, amounts as "1234.50". */
export async function run(args: string[]): Promise<unknown> {
  const { file, options } = parseArguments(args);
  const bytes = await readInputFile([file], USAGE);
  const statement = await readStatement(bytes, options);
  return {
    format: statement.format,
    template: statement.template,
    encoding: statement.encoding,
    delimiter: statement.delimiter,
    headerRowIndex: statement.headerRowIndex,
    dateFormat: statement.dateFormat,
    decimal: statement.decimal,
    columns: statement.columns,
    rows: statement.rows.map(({ date, text, text2, amount }) => ({
      date,
      text,
      text2,
      amount: oreToDecimal(amount, 'NOK'),
    })),
    refused: statement.refused,
  };
}
