import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { BankTransactionStatus, type ImportJob, type LoginData, RoleId } from '@bilag/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStore } from '../../platform/object-store';
import {
  bearer,
  givenAccountNumber,
  givenBankAccount,
  givenCompany,
  givenTransaction,
  givenUser,
  login,
  multipart,
} from '../../test/fixtures';
import { createTestApp } from '../../test/test-app';
import { camt053, DNB_ROWS, dnbCsv } from './__fixtures__/statements';
import { failInterruptedImports } from './import.service';

const samplesDir = path.resolve(import.meta.dirname, '../../../../../../shared/samples/bank-csv');
const hasSamples = existsSync(samplesDir);

describe('bank transactions and imports', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let session: LoginData;
  let outsiderSession: LoginData;
  let adminSession: LoginData;
  let companyId: number;

  beforeAll(async () => {
    context = await createTestApp();
    const user = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT });
    companyId = (await givenCompany(context.db, { memberIds: [user.id] })).id;
    session = await login(context.app, user.email);
    const outsider = await givenUser(context.db);
    await givenCompany(context.db, { memberIds: [outsider.id] });
    outsiderSession = await login(context.app, outsider.email);
    adminSession = await login(context.app, (await givenUser(context.db, { roleId: RoleId.ADMIN })).email);
  });
  afterAll(() => context.close());

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = session) {
    return context.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  }

  async function upload(
    companyBankId: number,
    name: string,
    bytes: Uint8Array,
    as = session,
    company = companyId,
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

  async function waitForJob(jobId: number, company = companyId, as = session): Promise<ImportJob> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const job = (
        await call('GET', `/api/main/transactions/v2/import-job/${jobId}?companyId=${company}`, undefined, as)
      ).json().data as ImportJob;
      if (job.Status === 'completed' || job.Status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the import did not finish');
  }

  async function importFile(companyBankId: number, name: string, bytes: Uint8Array, mapping?: object) {
    const job = (await upload(companyBankId, name, bytes)).json().data as ImportJob;
    const started = await call('POST', '/api/main/transactions/v2/import-data-upload', {
      companyId,
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
      account = await givenBankAccount(context.app, session, companyId, givenAccountNumber('1503', 100));
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
        null,
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
      const read = await call('POST', '/api/main/transactions/v2/read-file-upload', {
        companyId,
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
      const incomplete = await call('POST', '/api/main/transactions/v2/read-file-upload', {
        companyId,
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
      const list = await call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${companyId}&year=2025&companyBankId=${account.Id}`,
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
      const started = await call('POST', '/api/main/transactions/v2/import-data-upload', {
        companyId,
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
      const history = await call(
        'GET',
        `/api/main/bankImport?companyId=${companyId}&companyBankId=${account.Id}`,
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
      const undone = await call('DELETE', `/api/main/bankImport/${firstImportId}?companyId=${companyId}`);
      expect(undone.json().data.deletedTransactions).toBe(4);
      const list = await call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${companyId}&companyBankId=${account.Id}`,
      );
      expect(list.json().data.rows.map((row: { Text: string }) => row.Text)).toEqual(['Husleie mars']);
      const reimported = await importFile(account.Id, 'kontoutskrift.csv', dnbCsv(DNB_ROWS));
      expect(reimported.Imported).toBe(4);
      const missing = await call('DELETE', `/api/main/bankImport/${firstImportId}?companyId=${companyId}`);
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
      const other = await givenBankAccount(context.app, session, companyId, givenAccountNumber('1503', 120));
      const job = (await upload(other.Id, 'kontoutskrift.xlsx', bytes)).json().data as ImportJob;
      expect(job).toMatchObject({ Format: 'xlsx', Template: 'dnb' });
      expect(await importFile(other.Id, 'kontoutskrift.xlsx', bytes)).toMatchObject({
        Imported: 4000,
        Refused: 0,
      });
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
      const other = await givenBankAccount(context.app, session, companyId, givenAccountNumber('1503', 110));
      const body = await multipart({ companyId: String(companyId), companyBankId: String(other.Id) }, [
        { field: 'files', name: 'a.csv', bytes: dnbCsv(DNB_ROWS) },
      ]);
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/main/transactions/import',
        headers: { ...bearer(session), ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data[0]).toMatchObject({ Imported: 4, Duplicates: 0, Refused: 1 });
    });

    it('keeps texts with backslashes, tabs and a literal \\N as they are, and knows them again', async () => {
      const other = await givenBankAccount(context.app, session, companyId, givenAccountNumber('1503', 130));
      const texts = ['Overføring C:\\mappe\\fil', 'Kolonne\tto', '\\N', 'Vanlig'];
      const rows = texts.map((text) => ({ date: '14.04.2025', text, out: '10,00' }));
      const first = await importFile(other.Id, 'spesial.csv', dnbCsv(rows));
      expect(first).toMatchObject({ Status: 'completed', Imported: 4, Duplicates: 0 });
      const list = await call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${companyId}&companyBankId=${other.Id}&year=2025`,
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
        session,
        companyId,
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
      await call('POST', '/api/main/transactions/v2/import-data-upload', { companyId, jobId: uploaded.Id });
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

      const balances = await call(
        'GET',
        `/api/main/banks/balance?companyId=${companyId}&accountNumber=${account.AccountNumber}&ibDate=2025-01-01&ubDate=2025-12-31`,
      );
      expect(balances.json().data[0]).toMatchObject({
        OpeningOre: 100_000,
        ClosingOre: 170_000,
        MovementOre: 70_000,
      });
      const accounts = await call(
        'GET',
        `/api/main/company-banks/fetch-all-company-bank-info-by-company-id?companyId=${companyId}`,
      );
      expect(accounts.json().data.find((each: { Id: number }) => each.Id === account.Id)).toMatchObject({
        Balance: 170_000,
        BalanceDate: '2025-01-31',
        TransactionCount: 3,
      });
      const again = await importFile(account.Id, 'januar.xml', january);
      expect(again).toMatchObject({ Imported: 0, Duplicates: 3 });
    });

    it('refuses a statement of another account', async () => {
      const account = await givenBankAccount(
        context.app,
        session,
        companyId,
        givenAccountNumber('1503', 210),
      );
      const foreign = camt053(givenAccountNumber('1503', 220), {
        id: 'X',
        from: '2025-01-01',
        to: '2025-01-31',
        opening: '0',
        closing: '10.00',
        entries: [{ amount: '10.00', credit: true, date: '2025-01-02', reference: 'X1', text: 'x' }],
      });
      const job = (await upload(account.Id, 'annen.xml', foreign)).json().data as ImportJob;
      expect(job.Camt?.Statements).toBe(0);
      expect(job.Camt?.Warnings[0]).toContain(givenAccountNumber('1503', 220));
      await call('POST', '/api/main/transactions/v2/import-data-upload', { companyId, jobId: job.Id });
      expect(await waitForJob(job.Id)).toMatchObject({ Status: 'failed', Imported: 0 });
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
            session,
            companyId,
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
          session,
          companyId,
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

  describe('working with transactions', () => {
    let account: { Id: number; AccountNumber: string };
    let ids: number[];

    beforeAll(async () => {
      account = await givenBankAccount(context.app, session, companyId, givenAccountNumber('1503', 300));
      ids = [];
      for (const row of [
        { date: '2024-12-30', text: 'Kontorrekvisita', amountOre: -45_000 },
        { date: '2024-01-15', text: 'Kunde betaler', amountOre: 200_000 },
        { date: '2024-01-20', text: 'Lunsj med kunde', amountOre: -1_234_50 },
      ]) {
        ids.push((await givenTransaction(context.app, session, companyId, account.Id, row)).Id);
      }
    });

    it('lists with the spec defaults, filters by amount direction, keyword and amount, and counts per month', async () => {
      const defaults = await call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${companyId}&companyBankId=${account.Id}`,
      );
      expect(defaults.json().data.rows.map((row: { Date: string }) => row.Date)).toEqual([
        '2024-12-30',
        '2024-01-20',
        '2024-01-15',
      ]);
      const moneyIn = await call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${companyId}&companyBankId=${account.Id}&filterAmount=in`,
      );
      expect(moneyIn.json().data.total).toBe(1);
      const byAmount = await call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${companyId}&companyBankId=${account.Id}&keyword=${encodeURIComponent('1 234,50')}`,
      );
      expect(byAmount.json().data.rows.map((row: { Text: string }) => row.Text)).toEqual(['Lunsj med kunde']);
      const january = await call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${companyId}&companyBankId=${account.Id}&year=2024&month=1&sortType=asc`,
      );
      expect(january.json().data.rows.map((row: { Text: string }) => row.Text)).toEqual([
        'Kunde betaler',
        'Lunsj med kunde',
      ]);
      const statistics = await call(
        'GET',
        `/api/main/transactions/statistic?companyId=${companyId}&year=2024&companyBankId=${account.Id}`,
      );
      expect(statistics.json().data).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3]);
      const month = await call(
        'GET',
        `/api/main/transactions/month?companyId=${companyId}&year=2024&companyBankId=${account.Id}`,
      );
      expect(month.json().data.in[0]).toBe(200_000);
      expect(month.json().data.out[12]).toBe(-45_000 - 123_450);
      const years = await call('GET', `/api/main/transactions/years?companyId=${companyId}`);
      expect(years.json().data).toContain(2024);
      const all = await call(
        'GET',
        `/api/main/transactions/fetchAll?companyId=${companyId}&companyBankId=${account.Id}`,
      );
      expect(all.json().data).toMatchObject({ total: 3, isTruncated: false });
    });

    it('marks private, sets payment status and note, in bulk and one by one, with history', async () => {
      const privateOne = await call('PUT', `/api/main/transactions/${ids[2]}`, {
        companyId,
        isPrivate: true,
        note: 'Privat lunsj',
      });
      expect(privateOne.json().data).toMatchObject({
        IsPrivate: true,
        Status: BankTransactionStatus.PRIVATE,
        Note: 'Privat lunsj',
      });
      const bulk = await call('PUT', '/api/main/transactions/v2/bulk-update', {
        companyId,
        ids: [ids[0], ids[1]],
        paymentStatus: 3,
        paymentDate: '2025-01-02',
      });
      expect(bulk.json().data.updated).toBe(2);
      const payment = await call('PUT', `/api/main/transactions/payment/${ids[0]}`, {
        companyId,
        paymentStatus: 4,
        paymentDate: null,
      });
      expect(payment.json().data).toMatchObject({ PaymentStatus: 4, PaymentDate: null });
      const lost = await call('PUT', `/api/main/transactions/status/${ids[1]}`, { companyId, status: 4 });
      expect(lost.json().data.Status).toBe(BankTransactionStatus.LOST);
      const summary = await call(
        'GET',
        `/api/main/transactions/getMissingSummary?companyId=${companyId}&year=2024&companyBankId=${account.Id}`,
      );
      expect(summary.json().data).toMatchObject({
        total: 3,
        missingVoucher: 1,
        private: 1,
        lost: 1,
        missingAmountOre: -45_000,
      });
      const history = await call(
        'GET',
        `/api/main/transactions/get-history?companyId=${companyId}&bankTransactionId=${ids[0]}`,
      );
      expect(history.json().data.map((entry: { Action: string }) => entry.Action)).toEqual([
        'update',
        'update',
        'create',
      ]);
      const notPrivate = await call('PUT', `/api/main/transactions/${ids[2]}`, {
        companyId,
        isPrivate: false,
      });
      expect(notPrivate.json().data.Status).toBe(BankTransactionStatus.MISSING_VOUCHER);
      await call('PUT', `/api/main/transactions/${ids[2]}`, { companyId, isPrivate: true });
    });

    it('attaches files to a transaction from a form', async () => {
      const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      const body = await multipart({ companyId: String(companyId), note: 'Kvittering' }, [
        { field: 'files', name: 'kvittering.pdf', bytes: pdf },
      ]);
      const response = await context.app.inject({
        method: 'PUT',
        url: `/api/main/transactions/${ids[0]}`,
        headers: { ...bearer(session), ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.Files[0]).toMatchObject({
        FileName: 'kvittering.pdf',
        MimeType: 'application/pdf',
      });
      const download = await call(
        'GET',
        `/api/main/file/download/${response.json().data.Files[0].Id}?companyId=${companyId}`,
      );
      expect(download.headers['content-type']).toBe('application/pdf');
    });

    it('exports the private and lost transactions as a PDF', async () => {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/main/transactions/export-pdf-private-lost?companyId=${companyId}&companyBankId=${account.Id}&year=2024`,
        headers: { ...bearer(session), language: 'no' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain('private-og-tapte-transaksjoner.pdf');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(response.rawPayload.length).toBeGreaterThan(1000);
    });

    it('adds a typed list once even when it is sent twice, and deletes one transaction', async () => {
      const rows = [
        { date: '2024-05-01', text: 'Bompenger', amountOre: -4_500 },
        { date: '2024-05-01', text: 'Bompenger', amountOre: -4_500 },
      ];
      const first = await call('POST', '/api/main/transactions/addList', {
        companyId,
        companyBankId: account.Id,
        rows,
      });
      expect(first.json().data).toEqual({ imported: 2, duplicates: 0 });
      const second = await call('POST', '/api/main/transactions/addList', {
        companyId,
        companyBankId: account.Id,
        rows,
      });
      expect(second.json().data).toEqual({ imported: 0, duplicates: 2 });
      const deleted = await call('DELETE', `/api/main/transactions/${ids[1]}?companyId=${companyId}`);
      expect(deleted.statusCode).toBe(200);
      expect((await call('GET', `/api/main/transactions/${ids[1]}?companyId=${companyId}`)).statusCode).toBe(
        404,
      );
    });
  });

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
              if (passed > 300_000) broken.destroy(new Error('disk read failed'));
              else broken.write(chunk);
            });
            source.on('end', () => broken.end());
            return broken;
          },
        };
      });
      try {
        const user = await givenUser(failing.db);
        const company = (await givenCompany(failing.db, { memberIds: [user.id] })).id;
        const own = await login(failing.app, user.email);
        const account = await givenBankAccount(failing.app, own, company);
        const rows = Array.from({ length: 20_000 }, (_, index) => ({
          date: `${String((index % 28) + 1).padStart(2, '0')}.0${(index % 9) + 1}.2025`,
          text: `Kortkjøp butikk nummer ${index}`,
          out: `${index % 500},50`,
        }));
        const body = await multipart({ companyId: String(company), companyBankId: String(account.Id) }, [
          { field: 'file', name: 'stor.csv', bytes: dnbCsv(rows) },
        ]);
        const uploaded = await failing.app.inject({
          method: 'POST',
          url: '/api/main/transactions/v2/import-file-upload',
          headers: { ...bearer(own), ...body.headers },
          payload: body.payload,
        });
        const jobId = uploaded.json().data.Id;
        await failing.app.inject({
          method: 'POST',
          url: '/api/main/transactions/v2/import-data-upload',
          headers: bearer(own),
          payload: { companyId: company, jobId },
        });
        let job: ImportJob | undefined;
        for (let attempt = 0; attempt < 400 && job?.Status !== 'failed'; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          job = (
            await failing.app.inject({
              method: 'GET',
              url: `/api/main/transactions/v2/import-job/${jobId}?companyId=${company}`,
              headers: bearer(own),
            })
          ).json().data;
        }
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

    it('marks imports that were running when the server stopped as failed', async () => {
      const account = await givenBankAccount(
        context.app,
        session,
        companyId,
        givenAccountNumber('1503', 400),
      );
      const job = (await upload(account.Id, 'k.csv', dnbCsv(DNB_ROWS))).json().data as ImportJob;
      const { bankImportJobs } = await import('./bank.table');
      const { eq } = await import('drizzle-orm');
      await context.db.update(bankImportJobs).set({ status: 'running' }).where(eq(bankImportJobs.id, job.Id));
      await failInterruptedImports(context.db);
      const after = (
        await call('GET', `/api/main/transactions/v2/import-job/${job.Id}?companyId=${companyId}`)
      ).json().data;
      expect(after.Status).toBe('failed');
      expect(after.Error).toContain('interrupted');
      const restarted = await call('POST', '/api/main/transactions/v2/import-data-upload', {
        companyId,
        jobId: job.Id,
      });
      expect(restarted.statusCode).toBe(200);
      expect(await waitForJob(job.Id)).toMatchObject({ Status: 'completed', Imported: 4 });
    });
  });

  describe('company scoping', () => {
    it('answers another company 404 and no data on every transaction and import call', async () => {
      const account = await givenBankAccount(
        context.app,
        session,
        companyId,
        givenAccountNumber('1503', 600),
      );
      const transaction = await givenTransaction(context.app, session, companyId, account.Id);
      const job = (await upload(account.Id, 'k.csv', dnbCsv(DNB_ROWS))).json().data as ImportJob;
      const completed = await importFile(account.Id, 'k2.csv', dnbCsv(DNB_ROWS.slice(2)));
      const q = `companyId=${companyId}`;
      const calls: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
        { method: 'GET', url: `/api/main/transactions/v2/list?${q}` },
        { method: 'GET', url: `/api/main/transactions/fetchAll?${q}` },
        { method: 'GET', url: `/api/main/transactions/years?${q}` },
        { method: 'GET', url: `/api/main/transactions/statistic?${q}` },
        { method: 'GET', url: `/api/main/transactions/month?${q}` },
        { method: 'GET', url: `/api/main/transactions/getMissingSummary?${q}` },
        { method: 'GET', url: `/api/main/transactions/get-history?${q}&bankTransactionId=${transaction.Id}` },
        { method: 'GET', url: `/api/main/transactions/export-pdf-private-lost?${q}` },
        { method: 'GET', url: `/api/main/transactions/${transaction.Id}?${q}` },
        { method: 'GET', url: `/api/main/transactions/v2/import-job/${job.Id}?${q}` },
        {
          method: 'POST',
          url: '/api/main/transactions/add',
          payload: { companyId, companyBankId: account.Id, date: '2025-01-01', text: 'x', amountOre: 1 },
        },
        {
          method: 'POST',
          url: '/api/main/transactions/addList',
          payload: {
            companyId,
            companyBankId: account.Id,
            rows: [{ date: '2025-01-01', text: 'x', amountOre: 1 }],
          },
        },
        {
          method: 'POST',
          url: '/api/main/transactions/v2/read-file-upload',
          payload: { companyId, jobId: job.Id },
        },
        {
          method: 'POST',
          url: '/api/main/transactions/v2/import-data-upload',
          payload: { companyId, jobId: job.Id },
        },
        { method: 'PUT', url: `/api/main/transactions/${transaction.Id}`, payload: { companyId, note: 'x' } },
        {
          method: 'PUT',
          url: `/api/main/transactions/payment/${transaction.Id}`,
          payload: { companyId, paymentStatus: 1 },
        },
        {
          method: 'PUT',
          url: `/api/main/transactions/status/${transaction.Id}`,
          payload: { companyId, status: 3 },
        },
        {
          method: 'PUT',
          url: '/api/main/transactions/v2/bulk-update',
          payload: { companyId, ids: [transaction.Id], note: 'x' },
        },
        { method: 'DELETE', url: `/api/main/transactions/${transaction.Id}?${q}` },
        { method: 'GET', url: `/api/main/bankImport?${q}` },
        { method: 'DELETE', url: `/api/main/bankImport/${completed.ImportId}?${q}` },
      ];
      for (const each of calls) {
        const response = await call(each.method, each.url, each.payload, outsiderSession);
        expect(response.statusCode, `${each.method} ${each.url}`).toBe(404);
        expect(response.json().data, `${each.method} ${each.url}`).toBeUndefined();
      }
      const refusedUpload = await upload(account.Id, 'k.csv', dnbCsv(DNB_ROWS), outsiderSession);
      expect(refusedUpload.statusCode).toBe(404);
      const untouched = await call('GET', `/api/main/transactions/${transaction.Id}?${q}`);
      expect(untouched.json().data).toMatchObject({
        Note: null,
        Status: BankTransactionStatus.MISSING_VOUCHER,
      });
      expect(
        (await call('GET', `/api/main/bankImport?${q}&companyBankId=${account.Id}`)).json().data.total,
      ).toBe(1);
    });

    it('lets an administrator import for any company from the manual import screen', async () => {
      const account = await givenBankAccount(
        context.app,
        session,
        companyId,
        givenAccountNumber('1503', 700),
      );
      const job = (await upload(account.Id, 'admin.csv', dnbCsv(DNB_ROWS), adminSession)).json()
        .data as ImportJob;
      const started = await call(
        'POST',
        '/api/main/transactions/v2/import-data-upload',
        { companyId, jobId: job.Id },
        adminSession,
      );
      expect(started.statusCode).toBe(200);
      expect(await waitForJob(job.Id, companyId, adminSession)).toMatchObject({
        Status: 'completed',
        Imported: 4,
      });
    });
  });
});
