import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_SAMPLES, MISSING_SAMPLES_MESSAGE, samplePath } from '../__fixtures__/public-samples';
import { DNB_NETBANK_CSV, HEADERLESS_CSV } from '../statements/__fixtures__/bank-files';
import { runCli } from './main';

interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

async function cli(...argv: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const status = await runCli(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { status, stdout, stderr };
}

const fixtureDir = mkdtempSync(join(tmpdir(), 'bilag-cli-'));
afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }));
const dnbFile = join(fixtureDir, 'dnb.csv');
writeFileSync(dnbFile, iconv.encode(DNB_NETBANK_CSV, 'win1252'));
const headerlessFile = join(fixtureDir, 'headerless.csv');
writeFileSync(headerlessFile, HEADERLESS_CSV);

describe('cli validate', () => {
  it('prints the verdict and the display form of a valid account number', async () => {
    const run = await cli('validate', 'account', '8601 11 17947');
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      kind: 'account',
      value: '8601 11 17947',
      valid: true,
      formatted: '8601.11.17947',
    });
  });

  it('prints the reason an identifier is invalid, with exit status 0', async () => {
    const run = await cli('validate', 'orgnr', '123456789');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      kind: 'orgnr',
      value: '123456789',
      valid: false,
      reason: 'CHECKSUM',
    });
  });

  it.each([
    ['kid', '1000005-', true],
    ['iban', 'NO93 8601 1117 947', true],
    ['bic', 'DNBANOKK', true],
    ['vat', 'NO 995 525 828 MVA', true],
    ['kid', '0003434323213231', false],
  ])('validates %s %s', async (kind, value, valid) => {
    const run = await cli('validate', kind, value);
    expect(JSON.parse(run.stdout)).toMatchObject({ kind, value, valid });
  });

  it('joins a value given as several words', async () => {
    const run = await cli('validate', 'iban', 'NO93', '8601', '1117', '947');
    expect(JSON.parse(run.stdout)).toMatchObject({ value: 'NO93 8601 1117 947', valid: true });
  });

  it('answers an unknown kind with a usage error on stderr and exit status 2', async () => {
    const run = await cli('validate', 'passport', '123');
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(JSON.parse(run.stderr)).toMatchObject({ error: 'USAGE' });
  });
});

// The first statement command loads the spreadsheet modules, which takes a while on a busy machine.
describe('cli parse statement', { timeout: 30_000 }, () => {
  it('prints the layout and the transactions with amounts as decimal strings', async () => {
    const run = await cli('parse', 'statement', dnbFile);
    expect(run.status).toBe(0);
    const output = JSON.parse(run.stdout);
    expect(output).toMatchObject({ template: 'dnb', encoding: 'windows-1252', refused: [] });
    expect(output.columns.map((column: { name: string }) => column.name)).toContain('Ut fra konto');
    expect(output.rows).toEqual([
      { date: '2025-01-02', text: 'Varekjøp Rema 1000 Bjølsen Dato 31.12', text2: '', amount: '-1234.50' },
      { date: '2025-01-03', text: 'Lønn fra Ærlig Åsheim AS', text2: '', amount: '45000.00' },
      { date: '2025-01-06', text: 'Giro 1234.56.78903 Strøm januar', text2: '', amount: '-899.00' },
    ]);
  });

  it('reads a file by a chosen template and a column mapping given as JSON', async () => {
    const run = await cli(
      'parse',
      'statement',
      headerlessFile,
      '--mapping',
      '{"columns":{"date":0,"text":2,"amount":3}}',
    );
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).rows[1]).toEqual({
      date: '2025-03-06',
      text: 'Innskudd',
      text2: '',
      amount: '250.50',
    });
    const pinned = await cli('parse', 'statement', dnbFile, '--template=dnb');
    expect(JSON.parse(pinned.stdout).template).toBe('dnb');
  });

  it('reports a file it cannot read as an error with exit status 1', async () => {
    const run = await cli('parse', 'statement', headerlessFile);
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stderr)).toMatchObject({ error: 'UNKNOWN_LAYOUT' });
  });

  it.each([
    [['parse', 'statement']],
    [['parse', 'statement', join(fixtureDir, 'missing.csv')]],
    [['parse', 'statement', dnbFile, '--template', 'nordea']],
    [['parse', 'statement', dnbFile, '--mapping', '{not json']],
    [['parse', 'statement', dnbFile, '--template']],
  ])('answers wrong usage %j with exit status 2', async (argv) => {
    const run = await cli(...argv);
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stderr)).toMatchObject({ error: 'USAGE' });
  });
});

describe('cli dispatcher', { timeout: 30_000 }, () => {
  it('prints usage for help and refuses unknown commands with exit status 2', async () => {
    const help = await cli('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('parse statement <file>');
    const unknown = await cli('frobnicate');
    expect(unknown.status).toBe(2);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: 'USAGE' });
    expect((await cli()).status).toBe(2);
  });

  it('routes the ISO 20022 and EHF commands to their modules', async () => {
    for (const argv of [
      ['parse', 'ehf'],
      ['parse', 'camt053'],
      ['parse', 'pain002'],
      ['write', 'pain001'],
    ]) {
      const run = await cli(...argv);
      expect(run.status, argv.join(' ')).toBe(2);
      expect(JSON.parse(run.stderr).message).toContain(argv.join(' '));
    }
  });

  it('runs as `npm run cli` from the repository root', async () => {
    const root = resolve(fileURLToPath(new URL('../../../../', import.meta.url)));
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '-s', 'cli', '--', 'validate', 'bic', 'DNBANOKKXXX'],
      {
        cwd: root,
      },
    );
    expect(JSON.parse(stdout)).toEqual({
      kind: 'bic',
      value: 'DNBANOKKXXX',
      valid: true,
      formatted: 'DNBANOKKXXX',
    });
  }, 30_000);
});

describe.skipIf(!HAS_SAMPLES)(
  `cli on the public samples (${HAS_SAMPLES ? 'present' : MISSING_SAMPLES_MESSAGE})`,
  () => {
    it('parses the SpareBank 1 export', async () => {
      const run = await cli('parse', 'statement', samplePath('bank-csv', 'sparebank1__sb1.csv'));
      const output = JSON.parse(run.stdout);
      expect(output.template).toBe('sparebank1');
      expect(output.rows[0]).toEqual({
        date: '2025-02-28',
        text: 'KIWI MAJORSTUEN',
        text2: '',
        amount: '-348.56',
      });
    });
  },
);
