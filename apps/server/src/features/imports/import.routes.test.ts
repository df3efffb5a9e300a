import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { BankTransactionStatus, type ImportJob, type LoginData } from '@bilag/contracts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bankImportJobs } from '../../db/schema';
import { createLocalDiskStore, type ObjectStore } from '../../platform/object-store';
import {
  bearer,
  givenAccountNumber,
  givenBankAccount,
  givenCompany,
  givenTenancy,
  givenTenantApp,
  givenUser,
  type HttpMethod,
  importInOneStep,
  login,
  multipart,
  type TenantApp,
} from '../../test/fixtures';
import { createTestApp, openTestDatabase, testConfig } from '../../test/test-app';
import { camt053, DNB_ROWS, dnbCsv } from './__fixtures__/statements';
import { failInterruptedImports } from './import.service';

const samplesDir = path.resolve(import.meta.dirname, '../../../../../../shared/samples/bank-csv');
const hasSamples = existsSync(samplesDir);

describe('statement imports', () => {
  let context: TenantApp;

  beforeAll(async () => {
    context = await givenTenantApp();
  });
  afterAll(() => context.close());

  async function upload(
    companyBankId: number,
    name: string,
    bytes: Uint8Array,
    as = context.session,
    company = context.companyId,
  ) {
    const body = await multipart({ companyId: String(company), companyBankId: String(companyBankId) }, [
      { field: 'file', name, bytes },
    ]);
    return context.app.inject({
      method: 'POST',
      url: '/api/main/transactions/v2/import-file-upload',
      headers: { ...bearer(as), ...body.headers },
      payload: body.payload,
    });
  }

  async function waitForJob(
    jobId: number,
    company = context.companyId,
    as = context.session,
  ): Promise<ImportJob> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const job = (
        await context.call(
          'GET',
          `/api/main/transactions/v2/import-job/${jobId}?companyId=${company}`,
          undefined,
          as,
        )
      ).json().data as ImportJob;
      if (job.Status === 'completed' || job.Status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the import did not finish');
  }

  async function importFile(companyBankId: number, name: string, bytes: Uint8Array, mapping?: object) {
    const job = (await upload(companyBankId, name, bytes)).json().data as ImportJob;
    const started = await context.call('POST', '/api/main/transactions/v2/import-data-upload', {
      companyId: context.companyId,
      jobId: job.Id,
      ...(mapping ? { mapping } : {}),
    });
    expect(started.statusCode, started.body).toBe(200);
    return waitForJob(job.Id);
  }

  describe('importing a DNB export', () => {
    let account: { Id: number; AccountNumber: string };
    let firstImportId: number;

    beforeAll(async () => {
      account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 100),
      );
    });

    it('detects the DNB layout and shows the first rows with the header row marked', async () => {
      const response = await upload(account.Id, 'kontoutskrift.csv', dnbCsv(DNB_ROWS));
      expect(response.statusCode, response.body).toBe(200);
      const job = response.json().data as ImportJob;
      expect(job).toMatchObject({
        Status: 'uploaded',
        Format: 'csv',
        Template: 'dnb',
        HeaderRowIndex: 0,
        Delimiter: ';',
      });
      expect(job.Columns.map((column) => column.Kind)).toEqual([
        'date',
        'text',
        'valueDate',
        'amountOut',
        'amountIn',
      ]);
      expect(job.PreviewRows[0]).toMatchObject({
        IsHeader: true,
        Cells: ['Dato', 'Forklaring', 'Rentedato', 'Ut fra konto', 'Inn på konto'],
      });
      expect(job.PreviewRows).toHaveLength(DNB_ROWS.length + 1);
    });

    it('reads the rows with a mapping: signed amounts, Norwegian dates, and the refused row with its reason', async () => {
      const job = (await upload(account.Id, 'kontoutskrift.csv', dnbCsv(DNB_ROWS))).json().data as ImportJob;
      const read = await context.call('POST', '/api/main/transactions/v2/read-file-upload', {
        companyId: context.companyId,
        jobId: job.Id,
        mapping: { columns: { date: 0, text: 1, amountOut: 3, amountIn: 4 }, headerRowIndex: 0 },
      });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().data).toMatchObject({
        TotalRows: 4,
        TotalRefused: 1,
        FromDate: '2025-02-03',
        ToDate: '2025-03-10',
        SumOre: -12_350 - 12_350 + 1_250_000 - 89_900,
        DateFormat: 'DD.MM.YYYY',
      });
      expect(read.json().data.Rows[2]).toMatchObject({
        Date: '2025-02-05',
        Text: 'Innbetaling fra Kunde AS',
        AmountOre: 1_250_000,
      });
      expect(read.json().data.Refused[0]).toMatchObject({ RowIndex: 5, Reason: 'INVALID_DATE' });
      const incomplete = await context.call('POST', '/api/main/transactions/v2/read-file-upload', {
        companyId: context.companyId,
        jobId: job.Id,
        mapping: { columns: { text: 1, amount: 3 } },
      });
      expect(incomplete.statusCode).toBe(400);
    });

    it('imports with progress to completion, keeping two identical card payments on one day', async () => {
      const job = await importFile(account.Id, 'kontoutskrift.csv', dnbCsv(DNB_ROWS));
      expect(job).toMatchObject({ Status: 'completed', Imported: 4, Duplicates: 0, Refused: 1 });
      expect(job.ProcessedBytes).toBe(job.FileSize);
      firstImportId = job.ImportId as number;
      const list = await context.call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${context.companyId}&year=2025&companyBankId=${account.Id}`,
      );
      expect(list.json().data.total).toBe(4);
      expect(list.json().data.rows[0]).toMatchObject({
        Date: '2025-03-10',
        Text: 'Telenor Norge AS',
        AmountOre: -89_900,
        Status: BankTransactionStatus.MISSING_VOUCHER,
        AccountNumber: account.AccountNumber,
        ImportId: firstImportId,
      });
      const started = await context.call('POST', '/api/main/transactions/v2/import-data-upload', {
        companyId: context.companyId,
        jobId: job.Id,
      });
      expect(started.statusCode).toBe(409);
    });

    it('imports the same file again as 0 new and 4 duplicates, and a longer file adds only its new rows', async () => {
      const again = await importFile(account.Id, 'kontoutskrift.csv', dnbCsv(DNB_ROWS));
      expect(again).toMatchObject({ Status: 'completed', Imported: 0, Duplicates: 4 });
      const longer = await importFile(
        account.Id,
        'mars.csv',
        dnbCsv([...DNB_ROWS.slice(0, 4), { date: '11.03.2025', text: 'Husleie mars', out: '15 000,00' }]),
      );
      expect(longer).toMatchObject({ Imported: 1, Duplicates: 4 });
      const history = await context.call(
        'GET',
        `/api/main/bankImport?companyId=${context.companyId}&companyBankId=${account.Id}`,
      );
      expect(history.json().data.total).toBe(3);
      expect(history.json().data.rows[2]).toMatchObject({
        Id: firstImportId,
        FileName: 'kontoutskrift.csv',
        Imported: 4,
        Duplicates: 0,
        Refused: 1,
        FromDate: '2025-02-03',
        ToDate: '2025-03-10',
        UserName: 'Test Person',
        RemainingTransactions: 4,
        Template: 'dnb',
      });
    });

    it('undoes an import by removing exactly its transactions', async () => {
      const undone = await context.call(
        'DELETE',
        `/api/main/bankImport/${firstImportId}?companyId=${context.companyId}`,
      );
      expect(undone.json().data.deletedTransactions).toBe(4);
      const list = await context.call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${context.companyId}&companyBankId=${account.Id}`,
      );
      expect(list.json().data.rows.map((row: { Text: string }) => row.Text)).toEqual(['Husleie mars']);
      const reimported = await importFile(account.Id, 'kontoutskrift.csv', dnbCsv(DNB_ROWS));
      expect(reimported.Imported).toBe(4);
      const missing = await context.call(
        'DELETE',
        `/api/main/bankImport/${firstImportId}?companyId=${context.companyId}`,
      );
      expect(missing.statusCode).toBe(404);
    });

    it('reads a workbook larger than the part of a file its format is told from', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Kontoutskrift');
      sheet.addRow(['Dato', 'Forklaring', 'Rentedato', 'Ut fra konto', 'Inn på konto']);
      for (let index = 0; index < 4000; index += 1) {
        sheet.addRow([
          new Date(Date.UTC(2025, index % 12, (index % 28) + 1)),
          `Varekjøp butikk ${index}`,
          null,
          100 + index,
          null,
        ]);
      }
      const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
      expect(bytes.length).toBeGreaterThan(64 * 1024);
      const other = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 120),
      );
      const job = (await upload(other.Id, 'kontoutskrift.xlsx', bytes)).json().data as ImportJob;
      expect(job).toMatchObject({ Format: 'xlsx', Template: 'dnb' });
      expect(await importFile(other.Id, 'kontoutskrift.xlsx', bytes)).toMatchObject({
        Imported: 4000,
        Refused: 0,
      });
    });

    it('reads DNB’s value date (Rentedato) and keeps it with each transaction', async () => {
      const other = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 140),
      );
      const rows = [
        { date: '03.02.2025', text: 'Varekjøp Kiwi Majorstuen', out: '250,00', valueDate: '31.01.2025' },
        { date: '04.02.2025', text: 'Innbetaling faktura 17', in: '1 000,00' },
      ];
      const job = (await upload(other.Id, 'rentedato.csv', dnbCsv(rows))).json().data as ImportJob;
      expect(job.Columns[2]).toMatchObject({ Name: 'Rentedato', Kind: 'valueDate' });
      const read = await context.call('POST', '/api/main/transactions/v2/read-file-upload', {
        companyId: context.companyId,
        jobId: job.Id,
      });
      expect(
        read
          .json()
          .data.Rows.map((row: { Date: string; ValueDate: string | null }) => [row.Date, row.ValueDate]),
      ).toEqual([
        ['2025-02-03', '2025-01-31'],
        ['2025-02-04', '2025-02-04'],
      ]);
      expect(await importFile(other.Id, 'rentedato.csv', dnbCsv(rows))).toMatchObject({ Imported: 2 });
      const list = await context.call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${context.companyId}&companyBankId=${other.Id}&year=2025&sortType=asc`,
      );
      expect(
        list
          .json()
          .data.rows.map((row: { Date: string; ValueDate: string | null }) => [row.Date, row.ValueDate]),
      ).toEqual([
        ['2025-02-03', '2025-01-31'],
        ['2025-02-04', '2025-02-04'],
      ]);
    });

    it('refuses a file that is not a statement by its content', async () => {
      const response = await upload(
        account.Id,
        'statement.csv',
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      );
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toContain('statement.csv');
    });

    it('imports with the one-step form when the layout is known', async () => {
      const other = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 110),
      );
      const response = await importInOneStep(
        context.app,
        context.session,
        { companyId: context.companyId, companyBankId: other.Id },
        { name: 'a.csv', bytes: dnbCsv(DNB_ROWS) },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data[0]).toMatchObject({ Imported: 4, Duplicates: 0, Refused: 1 });
    });

    it('keeps texts with backslashes, tabs and a literal \\N as they are, and knows them again', async () => {
      const other = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 130),
      );
      const texts = ['Overføring C:\\mappe\\fil', 'Kolonne\tto', '\\N', 'Vanlig'];
      const rows = texts.map((text) => ({ date: '14.04.2025', text, out: '10,00' }));
      const first = await importFile(other.Id, 'spesial.csv', dnbCsv(rows));
      expect(first).toMatchObject({ Status: 'completed', Imported: 4, Duplicates: 0 });
      const list = await context.call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${context.companyId}&companyBankId=${other.Id}&year=2025`,
      );
      expect(
        list
          .json()
          .data.rows.map((row: { Text: string }) => row.Text)
          .sort(),
      ).toEqual([...texts].sort());
      const again = await importFile(other.Id, 'spesial.csv', dnbCsv(rows));
      expect(again).toMatchObject({ Status: 'completed', Imported: 0, Duplicates: 4 });
    });
  });

  describe('importing camt.053', () => {
    it('imports booked entries (a batch split into its transactions), stores the balances and warns of a gap', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 200),
      );
      const january = camt053(account.AccountNumber, {
        id: 'STMT-1',
        from: '2025-01-01',
        to: '2025-01-31',
        opening: '1000.00',
        closing: '1700.00',
        entries: [
          {
            amount: '1000.00',
            credit: true,
            date: '2025-01-10',
            reference: 'A1',
            text: 'Innbetaling faktura 1001',
          },
          {
            amount: '300.00',
            credit: false,
            date: '2025-01-20',
            reference: 'A2',
            text: 'Utbetaling lønn',
            split: ['100.00', '200.00'],
          },
        ],
      });
      const uploaded = (await upload(account.Id, 'januar.xml', january)).json().data as ImportJob;
      expect(uploaded).toMatchObject({
        Format: 'camt053',
        Camt: { Statements: 1, Entries: 2, BalanceProofOk: true, Warnings: [] },
      });
      await context.call('POST', '/api/main/transactions/v2/import-data-upload', {
        companyId: context.companyId,
        jobId: uploaded.Id,
      });
      const done = await waitForJob(uploaded.Id);
      expect(done).toMatchObject({ Status: 'completed', Imported: 3 });

      const february = camt053(account.AccountNumber, {
        id: 'STMT-2',
        from: '2025-02-01',
        to: '2025-02-28',
        opening: '1650.00',
        closing: '1650.00',
        entries: [],
      });
      const gap = (await upload(account.Id, 'februar.xml', february)).json().data as ImportJob;
      expect(gap.Camt?.Warnings.join(' ')).toContain('1700.00');

      const balances = await context.call(
        'GET',
        `/api/main/banks/balance?companyId=${context.companyId}&accountNumber=${account.AccountNumber}&ibDate=2025-01-01&ubDate=2025-12-31`,
      );
      expect(balances.json().data[0]).toMatchObject({
        OpeningOre: 100_000,
        ClosingOre: 170_000,
        MovementOre: 70_000,
        Proven: true,
        DifferenceOre: null,
      });
      const accounts = await context.call(
        'GET',
        `/api/main/company-banks/fetch-all-company-bank-info-by-company-id?companyId=${context.companyId}`,
      );
      expect(accounts.json().data.find((each: { Id: number }) => each.Id === account.Id)).toMatchObject({
        Balance: 170_000,
        BalanceDate: '2025-01-31',
        BalanceProven: true,
        TransactionCount: 3,
      });
      const again = await importFile(account.Id, 'januar.xml', january);
      expect(again).toMatchObject({ Imported: 0, Duplicates: 3 });
    });

    it('refuses at upload a statement of another account, naming both accounts', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 210),
      );
      const statementAccount = givenAccountNumber('1503', 220);
      const foreign = camt053(statementAccount, {
        id: 'X',
        from: '2025-01-01',
        to: '2025-01-31',
        opening: '0',
        closing: '10.00',
        entries: [{ amount: '10.00', credit: true, date: '2025-01-02', reference: 'X1', text: 'x' }],
      });
      const dotted = (number: string) => `${number.slice(0, 4)}.${number.slice(4, 6)}.${number.slice(6)}`;
      for (const [language, message] of [
        [
          'en',
          `The statement is for the account ${dotted(statementAccount)}, not ${dotted(account.AccountNumber)}.`,
        ],
        [
          'no',
          `Kontoutdraget gjelder kontoen ${dotted(statementAccount)}, ikke ${dotted(account.AccountNumber)}.`,
        ],
      ] as const) {
        const body = await multipart(
          { companyId: String(context.companyId), companyBankId: String(account.Id) },
          [{ field: 'file', name: 'annen.xml', bytes: foreign }],
        );
        const response = await context.app.inject({
          method: 'POST',
          url: '/api/main/transactions/v2/import-file-upload',
          headers: { ...bearer(context.session), ...body.headers, language },
          payload: body.payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
      }
      const jobs = await context.db
        .select()
        .from(bankImportJobs)
        .where(eq(bankImportJobs.companyBankId, account.Id));
      expect(jobs).toHaveLength(0);
    });

    it('reads a statement in the encoding it declares, so Ålesund stays Ålesund', async () => {
      for (const [seed, encoding] of [
        [230, 'ISO-8859-1'],
        [231, 'UTF-16'],
      ] as const) {
        const account = await givenBankAccount(
          context.app,
          context.session,
          context.companyId,
          givenAccountNumber('1503', seed),
        );
        const statement = camt053(account.AccountNumber, {
          id: `ENC-${seed}`,
          from: '2025-01-01',
          to: '2025-01-31',
          opening: '0',
          closing: '250.00',
          encoding,
          entries: [
            {
              amount: '250.00',
              credit: true,
              date: '2025-01-07',
              reference: `E${seed}`,
              text: 'Fiskekaker fra Ålesund, Sjøgata',
            },
          ],
        });
        const job = (await upload(account.Id, 'ålesund.xml', statement)).json().data as ImportJob;
        expect(job.Encoding).toBe(encoding === 'UTF-16' ? 'utf-16le' : 'windows-1252');
        expect(job.PreviewRows[0]?.Cells[1]).toBe('Fiskekaker fra Ålesund, Sjøgata');
        expect(await importFile(account.Id, 'ålesund.xml', statement)).toMatchObject({ Imported: 1 });
        const list = await context.call(
          'GET',
          `/api/main/transactions/v2/list?companyId=${context.companyId}&companyBankId=${account.Id}&year=2025`,
        );
        expect(list.json().data.rows[0].Text).toBe('Fiskekaker fra Ålesund, Sjøgata');
      }
    });

    it('refuses a statement in an encoding it cannot read, saying so in the person’s language', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 232),
      );
      const utf8 = camt053(account.AccountNumber, {
        id: 'KLINGON',
        from: '2025-01-01',
        to: '2025-01-31',
        opening: '0',
        closing: '0',
        entries: [],
      });
      const klingon = new TextEncoder().encode(
        new TextDecoder().decode(utf8).replace('encoding="UTF-8"', 'encoding="x-klingon"'),
      );
      for (const [language, message] of [
        ['en', 'The file is written in the text encoding x-klingon, which cannot be read here.'],
        ['no', 'Filen er skrevet med tegnkodingen x-klingon, som ikke kan leses her.'],
      ] as const) {
        const body = await multipart(
          { companyId: String(context.companyId), companyBankId: String(account.Id) },
          [{ field: 'file', name: 'klingon.xml', bytes: klingon }],
        );
        const response = await context.app.inject({
          method: 'POST',
          url: '/api/main/transactions/v2/import-file-upload',
          headers: { ...bearer(context.session), ...body.headers, language },
          payload: body.payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(message);
      }
    });

    describe('a statement whose balances do not add up', () => {
      let account: { Id: number; AccountNumber: string };
      let job: ImportJob;

      beforeAll(async () => {
        account = await givenBankAccount(
          context.app,
          context.session,
          context.companyId,
          givenAccountNumber('1503', 240),
        );
        // 1000.00 + 500.00 is 1500.00; the bank states 1600.00.
        const statement = camt053(account.AccountNumber, {
          id: 'PROOF-1',
          from: '2025-03-01',
          to: '2025-03-31',
          opening: '1000.00',
          closing: '1600.00',
          entries: [
            { amount: '500.00', credit: true, date: '2025-03-12', reference: 'P1', text: 'Innbetaling' },
          ],
        });
        job = await importFile(account.Id, 'mars.xml', statement);
      });

      it('imports it and says by how much it fails on the job', () => {
        expect(job).toMatchObject({ Status: 'completed', Imported: 1 });
        expect(job.Camt?.BalanceProofOk).toBe(false);
        expect(job.Camt?.Warnings).toContain(
          'Statement PROOF-1: the opening balance plus the entries gives 1500.00, but the closing balance is 1600.00.',
        );
      });

      it('keeps the failed proof on the import in the history', async () => {
        const history = await context.call(
          'GET',
          `/api/main/bankImport?companyId=${context.companyId}&companyBankId=${account.Id}`,
        );
        expect(history.json().data.rows[0]).toMatchObject({
          Id: job.ImportId,
          BalanceProven: false,
          BalanceDifferenceOre: 10_000,
        });
      });

      it('never shows the disputed closing balance as the account’s proven balance', async () => {
        const accounts = await context.call(
          'GET',
          `/api/main/company-banks/fetch-all-company-bank-info-by-company-id?companyId=${context.companyId}`,
        );
        expect(accounts.json().data.find((each: { Id: number }) => each.Id === account.Id)).toMatchObject({
          Balance: 160_000,
          BalanceDate: '2025-03-31',
          BalanceProven: false,
          BalanceDifferenceOre: 10_000,
        });
      });

      it('answers the balances call with proven false and the difference', async () => {
        const balances = await context.call(
          'GET',
          `/api/main/banks/balance?companyId=${context.companyId}&accountNumber=${account.AccountNumber}&ibDate=2025-03-01&ubDate=2025-03-31`,
        );
        const [balance] = balances.json().data;
        expect(balance).toMatchObject({
          OpeningOre: 100_000,
          MovementOre: 50_000,
          ClosingOre: 160_000,
          Proven: false,
          DifferenceOre: 10_000,
        });
        expect(balance.Entries.find((entry: { Type: string }) => entry.Type === 'CLBD')).toMatchObject({
          Proven: false,
          ProofDifferenceOre: 10_000,
        });
      });
    });

    describe('entries with one free-text line and an end-to-end id', () => {
      let account: { Id: number; AccountNumber: string };

      beforeAll(async () => {
        account = await givenBankAccount(
          context.app,
          context.session,
          context.companyId,
          givenAccountNumber('1503', 250),
        );
        const statement = camt053(account.AccountNumber, {
          id: 'TEXT-1',
          from: '2025-04-01',
          to: '2025-04-30',
          opening: '0',
          closing: '-89.00',
          entries: [
            {
              amount: '89.00',
              credit: false,
              date: '2025-04-03',
              reference: 'T1',
              text: 'Varekjøp Narvesen Oslo S',
              additionalInfo: 'Varekjøp Narvesen Oslo S',
              endToEndId: 'E2E-20250403-NARV-77',
            },
          ],
        });
        await importFile(account.Id, 'april.xml', statement);
      });

      it('leaves Text2 empty instead of repeating Text', async () => {
        const list = await context.call(
          'GET',
          `/api/main/transactions/v2/list?companyId=${context.companyId}&companyBankId=${account.Id}&year=2025`,
        );
        expect(list.json().data.rows[0]).toMatchObject({ Text: 'Varekjøp Narvesen Oslo S', Text2: '' });
      });

      it('finds the transaction by its end-to-end id', async () => {
        const list = await context.call(
          'GET',
          `/api/main/transactions/v2/list?companyId=${context.companyId}&keyword=NARV-77&year=2025`,
        );
        expect(list.json().data.rows).toHaveLength(1);
        expect(list.json().data.rows[0]).toMatchObject({
          CompanyBankId: account.Id,
          EndToEndId: 'E2E-20250403-NARV-77',
        });
      });
    });
  });

  describe.skipIf(!hasSamples)(
    `public bank exports (${hasSamples ? samplesDir : 'samples absent; skipping'})`,
    () => {
      const expected: [string, string | null, number][] = [
        ['sparebank1__sb1.csv', 'sparebank1', 15],
        ['dnb-format-tripletex__test_expected.csv', 'dnb', 5],
        ['banknorwegian__banknorwegian.csv', 'generic', 7],
        ['dnb-mastercard__sample_statement.xlsx', 'dnb', 9],
      ];
      for (const [file, template, rows] of expected) {
        it(`detects ${template} in ${file} and imports its ${rows} rows`, async () => {
          const account = await givenBankAccount(
            context.app,
            context.session,
            context.companyId,
            givenAccountNumber('4212', rows * 7 + file.length),
          );
          const bytes = readFileSync(path.join(samplesDir, file));
          const job = (await upload(account.Id, file, bytes)).json().data as ImportJob;
          expect(job.Template).toBe(template);
          const done = await importFile(account.Id, file, bytes);
          expect(done).toMatchObject({ Status: 'completed', Imported: rows, Refused: 0 });
        });
      }

      it('imports the headerless Jæren Sparebank export with a column mapping', async () => {
        const account = await givenBankAccount(
          context.app,
          context.session,
          context.companyId,
          givenAccountNumber('4212', 500),
        );
        const bytes = readFileSync(path.join(samplesDir, 'jaeren-sparebank__iso-8859-1-dos-crlf.csv'));
        const job = (await upload(account.Id, 'jaeren.csv', bytes)).json().data as ImportJob;
        expect(job.Template).toBeNull();
        const done = await importFile(account.Id, 'jaeren.csv', bytes, {
          columns: { date: 1, text: 2, amount: 3 },
        });
        expect(done).toMatchObject({ Status: 'completed', Imported: 2 });
      });
    },
  );

  describe('atomicity', () => {
    it('leaves nothing behind when reading the file fails part-way, and says why', async () => {
      const failing = await createTestApp({}, (dataDir) => {
        const disk = createLocalDiskStore(path.join(dataDir, 'files'));
        return {
          ...disk,
          openRead: (key) => {
            const source = disk.openRead(key);
            const broken = new PassThrough();
            let passed = 0;
            source.on('data', (chunk: Buffer) => {
              passed += chunk.length;
              if (passed <= 300_000) broken.write(chunk);
              else {
                source.destroy();
                broken.destroy(new Error('disk read failed'));
              }
            });
            source.on('end', () => broken.end());
            return broken;
          },
        };
      });
      try {
        const rows = Array.from({ length: 20_000 }, (_, index) => ({
          date: `${String((index % 28) + 1).padStart(2, '0')}.0${(index % 9) + 1}.2025`,
          text: `Kortkjøp butikk nummer ${index}`,
          out: `${index % 500},50`,
        }));
        const { own, company, jobId } = await startedImportOfNewCompany(failing, 'stor.csv', dnbCsv(rows));
        const job = await settledJob(failing.app, own, company, jobId);
        expect(job).toMatchObject({ Status: 'failed', Imported: 0, ImportId: null });
        expect(job?.Error).toBeTruthy();
        const list = await failing.app.inject({
          method: 'GET',
          url: `/api/main/transactions/v2/list?companyId=${company}`,
          headers: bearer(own),
        });
        expect(list.json().data.total).toBe(0);
        const imports = await failing.app.inject({
          method: 'GET',
          url: `/api/main/bankImport?companyId=${company}`,
          headers: bearer(own),
        });
        expect(imports.json().data.total).toBe(0);
      } finally {
        await failing.close();
      }
    });

    it('fails the import and says why when its stored file has gone missing', async () => {
      const missing = await createTestApp({}, (dataDir) => {
        const disk = createLocalDiskStore(path.join(dataDir, 'files'));
        return { ...disk, openRead: () => disk.openRead('lost/statement.csv') };
      });
      try {
        const { own, company, jobId, started } = await startedImportOfNewCompany(
          missing,
          'k.csv',
          dnbCsv(DNB_ROWS),
        );
        expect(started.statusCode).toBeLessThan(300);
        const job = await settledJob(missing.app, own, company, jobId);
        expect(job).toMatchObject({ Status: 'failed', Imported: 0, ImportId: null });
        expect(job?.Error).toBeTruthy();
      } finally {
        await missing.close();
      }
    });

    it('marks imports that were running when the server stopped as failed', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 400),
      );
      const job = (await upload(account.Id, 'k.csv', dnbCsv(DNB_ROWS))).json().data as ImportJob;
      // Its process stopped beating minutes ago.
      await context.db
        .update(bankImportJobs)
        .set({ status: 'running', heartbeatAt: sql`now() - interval '3 minutes'` })
        .where(eq(bankImportJobs.id, job.Id));
      await failInterruptedImports(context.db);
      const after = (
        await context.call(
          'GET',
          `/api/main/transactions/v2/import-job/${job.Id}?companyId=${context.companyId}`,
        )
      ).json().data;
      expect(after.Status).toBe('failed');
      expect(after.Error).toContain('interrupted');
      const restarted = await context.call('POST', '/api/main/transactions/v2/import-data-upload', {
        companyId: context.companyId,
        jobId: job.Id,
      });
      expect(restarted.statusCode).toBe(200);
      expect(await waitForJob(job.Id)).toMatchObject({ Status: 'completed', Imported: 4 });
    });
  });

  describe('company scoping', () => {
    it('answers another company 404 and no data on every import call', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 600),
      );
      const job = (await upload(account.Id, 'k.csv', dnbCsv(DNB_ROWS))).json().data as ImportJob;
      const completed = await importFile(account.Id, 'k2.csv', dnbCsv(DNB_ROWS.slice(2)));
      const q = `companyId=${context.companyId}`;
      const calls: { method: HttpMethod; url: string; payload?: object }[] = [
        { method: 'GET', url: `/api/main/transactions/v2/import-job/${job.Id}?${q}` },
        {
          method: 'POST',
          url: '/api/main/transactions/v2/read-file-upload',
          payload: { companyId: context.companyId, jobId: job.Id },
        },
        {
          method: 'POST',
          url: '/api/main/transactions/v2/import-data-upload',
          payload: { companyId: context.companyId, jobId: job.Id },
        },
        { method: 'GET', url: `/api/main/bankImport?${q}` },
        { method: 'DELETE', url: `/api/main/bankImport/${completed.ImportId}?${q}` },
      ];
      for (const each of calls) {
        const response = await context.call(each.method, each.url, each.payload, context.outsiderSession);
        expect(response.statusCode, `${each.method} ${each.url}`).toBe(404);
        expect(response.json().data, `${each.method} ${each.url}`).toBeUndefined();
      }
      const refusedUpload = await upload(account.Id, 'k.csv', dnbCsv(DNB_ROWS), context.outsiderSession);
      expect(refusedUpload.statusCode).toBe(404);
      expect(
        (await context.call('GET', `/api/main/bankImport?${q}&companyBankId=${account.Id}`)).json().data
          .total,
      ).toBe(1);
    });

    it('lets an administrator import for any company from the manual import screen', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 700),
      );
      const job = (await upload(account.Id, 'admin.csv', dnbCsv(DNB_ROWS), context.adminSession)).json()
        .data as ImportJob;
      const started = await context.call(
        'POST',
        '/api/main/transactions/v2/import-data-upload',
        { companyId: context.companyId, jobId: job.Id },
        context.adminSession,
      );
      expect(started.statusCode).toBe(200);
      expect(await waitForJob(job.Id, context.companyId, context.adminSession)).toMatchObject({
        Status: 'completed',
        Imported: 4,
      });
    });
  });
});

describe('import jobs with several server processes on one database', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let dataDir: string;
  const started: FastifyInstance[] = [];
  let accountSeed = 0;

  /** One more server process on the same database and file store, started as main.ts starts it. */
  async function startProcess(store?: ObjectStore) {
    const app = await buildApp({
      config: testConfig({ dataDir }),
      database,
      logger: false,
      ...(store ? { store } : {}),
    });
    await app.ready();
    started.push(app);
    return app;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'bilag-test-data-'));
  });
  afterAll(async () => {
    for (const app of started) await app.close();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function givenUploadedJob(
    app: FastifyInstance,
    session: LoginData,
    companyId: number,
    rows = DNB_ROWS,
  ) {
    accountSeed += 1;
    const account = await givenBankAccount(app, session, companyId, givenAccountNumber('1503', accountSeed));
    const body = await multipart({ companyId: String(companyId), companyBankId: String(account.Id) }, [
      { field: 'file', name: 'kontoutskrift.csv', bytes: dnbCsv(rows) },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/main/transactions/v2/import-file-upload',
      headers: { ...bearer(session), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as ImportJob;
  }

  async function pollJob(app: FastifyInstance, session: LoginData, companyId: number, jobId: number) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/main/transactions/v2/import-job/${jobId}?companyId=${companyId}`,
      headers: bearer(session),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as ImportJob;
  }

  /** What the process running a job keeps in its row: running, beating, and how far it has come. */
  async function runningElsewhere(jobId: number, heartbeat: ReturnType<typeof sql>) {
    await database.db
      .update(bankImportJobs)
      .set({ status: 'running', heartbeatAt: heartbeat, processedBytes: 120, processedRows: 3, refused: 1 })
      .where(eq(bankImportJobs.id, jobId));
  }

  it('leaves the job another live process runs alone when a second process starts, and shows its progress from the row', async () => {
    const first = await startProcess();
    const { session, companyId } = await givenTenancy({ app: first, db: database.db });
    const job = await givenUploadedJob(first, session, companyId);
    await runningElsewhere(job.Id, sql`now()`);

    const second = await startProcess();
    expect(await pollJob(second, session, companyId, job.Id)).toMatchObject({
      Status: 'running',
      ProcessedBytes: 120,
      ProcessedRows: 3,
      Refused: 1,
      Error: null,
    });
    expect((await pollJob(first, session, companyId, job.Id)).Status).toBe('running');
  });

  it('fails a job whose process stopped beating, when another process starts and when it is polled', async () => {
    const first = await startProcess();
    const { session, companyId } = await givenTenancy({ app: first, db: database.db });
    const leftAtRestart = await givenUploadedJob(first, session, companyId);
    const leftWhileRunning = await givenUploadedJob(first, session, companyId);
    await runningElsewhere(leftAtRestart.Id, sql`now() - interval '3 minutes'`);

    const restarted = await startProcess();
    const failed = await pollJob(restarted, session, companyId, leftAtRestart.Id);
    expect(failed.Status).toBe('failed');
    expect(failed.Error).toContain('interrupted');

    await runningElsewhere(leftWhileRunning.Id, sql`now() - interval '3 minutes'`);
    const polled = await pollJob(first, session, companyId, leftWhileRunning.Id);
    expect(polled.Status).toBe('failed');
    expect(polled.Error).toContain('interrupted');
  });

  it('shows a running import’s progress to a poll that reaches another process', async ({ skip }) => {
    if (database.kind !== 'postgres') {
      skip('the embedded database runs one statement at a time: a poll waits for the import to end');
    }
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const disk = createLocalDiskStore(path.join(dataDir, 'files'));
    // The statement's reading stops part-way until the test has seen the progress.
    const stalling: ObjectStore = {
      ...disk,
      openRead: (key) =>
        Readable.from(
          (async function* () {
            let passed = 0;
            for await (const chunk of disk.openRead(key) as AsyncIterable<Buffer>) {
              if (passed > 300_000) await gate;
              passed += chunk.length;
              yield chunk;
            }
          })(),
        ),
    };
    const running = await startProcess(stalling);
    const other = await startProcess();
    const { session, companyId } = await givenTenancy({ app: running, db: database.db });
    const rows = Array.from({ length: 20_000 }, (_, index) => ({
      date: `${String((index % 28) + 1).padStart(2, '0')}.0${(index % 9) + 1}.2025`,
      text: `Kortkjøp butikk nummer ${index}`,
      out: `${index % 500},50`,
    }));
    const job = await givenUploadedJob(running, session, companyId, rows);
    const start = await running.inject({
      method: 'POST',
      url: '/api/main/transactions/v2/import-data-upload',
      headers: bearer(session),
      payload: { companyId, jobId: job.Id },
    });
    expect(start.statusCode, start.body).toBe(200);
    try {
      let seen: ImportJob | undefined;
      for (let attempt = 0; attempt < 200 && !(seen && seen.ProcessedBytes > 0); attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = await pollJob(other, session, companyId, job.Id);
      }
      expect(seen?.Status).toBe('running');
      expect(seen?.ProcessedBytes).toBeGreaterThan(0);
      expect(seen?.ProcessedBytes).toBeLessThan(job.FileSize);
    } finally {
      release();
    }
    let done: ImportJob | undefined;
    for (let attempt = 0; attempt < 400 && done?.Status !== 'completed'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      done = await pollJob(other, session, companyId, job.Id);
    }
    expect(done).toMatchObject({ Status: 'completed', Imported: 20_000, ProcessedBytes: job.FileSize });
  });
});

/** The job once it has completed or failed, asked for every 25 ms for at most ten seconds. */
async function settledJob(app: FastifyInstance, session: LoginData, companyId: number, jobId: number) {
  const settled = (job: ImportJob | undefined) => job?.Status === 'failed' || job?.Status === 'completed';
  let job: ImportJob | undefined;
  for (let attempt = 0; attempt < 400 && !settled(job); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    job = (
      await app.inject({
        method: 'GET',
        url: `/api/main/transactions/v2/import-job/${jobId}?companyId=${companyId}`,
        headers: bearer(session),
      })
    ).json().data;
  }
  return job;
}

/** A new company's member uploads a statement to a new account of it and starts its import. */
async function startedImportOfNewCompany(
  test: Awaited<ReturnType<typeof createTestApp>>,
  fileName: string,
  bytes: Uint8Array,
) {
  const user = await givenUser(test.db);
  const company = (await givenCompany(test.db, { memberIds: [user.id] })).id;
  const own = await login(test.app, user.email);
  const account = await givenBankAccount(test.app, own, company);
  const body = await multipart({ companyId: String(company), companyBankId: String(account.Id) }, [
    { field: 'file', name: fileName, bytes },
  ]);
  const uploaded = await test.app.inject({
    method: 'POST',
    url: '/api/main/transactions/v2/import-file-upload',
    headers: { ...bearer(own), ...body.headers },
    payload: body.payload,
  });
  const jobId: number = uploaded.json().data.Id;
  const started = await test.app.inject({
    method: 'POST',
    url: '/api/main/transactions/v2/import-data-upload',
    headers: bearer(own),
    payload: { companyId: company, jobId },
  });
  return { own, company, jobId, started };
}
