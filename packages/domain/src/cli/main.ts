import { pathToFileURL } from 'node:url';
import { DomainError } from '../errors';

export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

type Command = (args: string[]) => Promise<unknown>;

/** Commands by their first two words (or one, for `validate`); modules load only when their command runs. */
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  validate: async () => (await import('./validate')).run,
  'parse statement': async () => (await import('./statement-command')).run,
  'parse ehf': async () => (await import('./ehf-command')).runParseEhf,
  'parse camt053': async () => (await import('./iso20022-commands')).runParseCamt053,
  'parse pain002': async () => (await import('./iso20022-commands')).runParsePain002,
  'write pain001': async () => (await import('./iso20022-commands')).runWritePain001,
};

export const USAGE = `Usage: npm run cli -- <command>

  validate <account|kid|orgnr|vat|iban|bic> <value>
  parse statement <file> [--template dnb|sparebank1|nordnorge] [--mapping <json>]
  parse ehf <file>
  parse camt053 <file>
  parse pain002 <file>
  write pain001 <payments.json>

Prints JSON on stdout (write pain001 prints the XML). Errors go to stderr as
{"error": code, "message": text}; the exit status is 1, or 2 for wrong usage.`;

function findCommand(argv: readonly string[]): { load: () => Promise<Command>; args: string[] } | undefined {
  const [first = '', second = ''] = argv;
  const two = COMMANDS[`${first} ${second}`];
  if (two) return { load: two, args: argv.slice(2) };
  const one = COMMANDS[first];
  if (one) return { load: one, args: argv.slice(1) };
  return undefined;
}

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Runs one command line and answers the exit status. */
export async function runCli(argv: readonly string[], output: CliOutput = processOutput): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === 'help' || argv[0] === '-h')) {
    output.stdout(`${USAGE}\n`);
    return 0;
  }
  const command = findCommand(argv);
  if (command === undefined) {
    const message =
      argv.length === 0 ? 'No command given' : `Unknown command "${argv.slice(0, 2).join(' ')}"`;
    output.stderr(`${JSON.stringify({ error: 'USAGE', message: `${message}\n\n${USAGE}` })}\n`);
    return 2;
  }
  try {
    const result = await (await command.load())(command.args);
    output.stdout(
      typeof result === 'string'
        ? result.endsWith('\n')
          ? result
          : `${result}\n`
        : `${JSON.stringify(result, null, 2)}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      output.stderr(`${JSON.stringify({ error: error.code, message: error.message })}\n`);
      return error.code === 'USAGE' ? 2 : 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    output.stderr(`${JSON.stringify({ error: 'INTERNAL', message })}\n`);
    return 1;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runCli(process.argv.slice(2));
}
