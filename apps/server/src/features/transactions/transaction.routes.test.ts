import { BankTransactionStatus } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  givenAccountNumber,
  givenBankAccount,
  givenCompany,
  givenTenantApp,
  givenTransaction,
  type HttpMethod,
  multipart,
  type TenantApp,
} from '../../test/fixtures';

describe('bank transactions', () => {
  let context: TenantApp;

  beforeAll(async () => {
    context = await givenTenantApp();
  });
  afterAll(() => context.close());

  it('answers sums of amounts past 2^53 rounded, where each amount alone is whole', async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    const account = await givenBankAccount(
      context.app,
      context.session,
      company.id,
      givenAccountNumber('1503', 701),
    );
    for (const text of ['Enorm inn', 'Enda en'])
      await givenTransaction(context.app, context.session, company.id, account.Id, {
        date: '2024-03-01',
        text,
        amountOre: Number.MAX_SAFE_INTEGER,
      });
    const query = `companyId=${company.id}&year=2024&companyBankId=${account.Id}`;
    for (const url of [
      `/api/main/transactions/getMissingSummary?${query}`,
      `/api/main/transactions/month?${query}`,
      `/api/main/company-banks/balances?companyId=${company.id}`,
    ]) {
      const answer = await context.call('GET', url);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    }
    const summary = await context.call('GET', `/api/main/transactions/getMissingSummary?${query}`);
    expect(summary.json().data.missingAmountOre).toBe(2 * Number.MAX_SAFE_INTEGER);
  });

  it('lists only the years with transactions, newest first, and the current year while there are none', async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    const yearsOf = async () =>
      (await context.call('GET', `/api/main/transactions/years?companyId=${company.id}`)).json().data;
    expect(await yearsOf()).toEqual([Number(todayIsoDate('Europe/Oslo').slice(0, 4))]);

    const account = await givenBankAccount(
      context.app,
      context.session,
      company.id,
      givenAccountNumber('1503', 700),
    );
    for (const date of ['2021-06-01', '2023-02-01', '2023-11-30'])
      await givenTransaction(context.app, context.session, company.id, account.Id, { date });
    expect(await yearsOf()).toEqual([2023, 2021]);
  });

  describe('working with transactions', () => {
    let account: { Id: number; AccountNumber: string };
    let ids: number[];

    beforeAll(async () => {
      account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 300),
      );
      ids = [];
      for (const row of [
        { date: '2024-12-30', text: 'Kontorrekvisita', amountOre: -45_000 },
        { date: '2024-01-15', text: 'Kunde betaler', amountOre: 200_000 },
        { date: '2024-01-20', text: 'Lunsj med kunde', amountOre: -1_234_50 },
      ]) {
        ids.push(
          (await givenTransaction(context.app, context.session, context.companyId, account.Id, row)).Id,
        );
      }
    });

    it('lists with the spec defaults, filters by amount direction, keyword and amount, and counts per month', async () => {
      const defaults = await context.call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${context.companyId}&companyBankId=${account.Id}`,
      );
      expect(defaults.json().data.rows.map((row: { Date: string }) => row.Date)).toEqual([
        '2024-12-30',
        '2024-01-20',
        '2024-01-15',
      ]);
      const moneyIn = await context.call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${context.companyId}&companyBankId=${account.Id}&filterAmount=in`,
      );
      expect(moneyIn.json().data.total).toBe(1);
      const byAmount = await context.call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${context.companyId}&companyBankId=${account.Id}&keyword=${encodeURIComponent('1 234,50')}`,
      );
      expect(byAmount.json().data.rows.map((row: { Text: string }) => row.Text)).toEqual(['Lunsj med kunde']);
      const january = await context.call(
        'GET',
        `/api/main/transactions/v2/list?companyId=${context.companyId}&companyBankId=${account.Id}&year=2024&month=1&sortType=asc`,
      );
      expect(january.json().data.rows.map((row: { Text: string }) => row.Text)).toEqual([
        'Kunde betaler',
        'Lunsj med kunde',
      ]);
      const statistics = await context.call(
        'GET',
        `/api/main/transactions/statistic?companyId=${context.companyId}&year=2024&companyBankId=${account.Id}`,
      );
      expect(statistics.json().data).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3]);
      const month = await context.call(
        'GET',
        `/api/main/transactions/month?companyId=${context.companyId}&year=2024&companyBankId=${account.Id}`,
      );
      expect(month.json().data.in[0]).toBe(200_000);
      expect(month.json().data.out[12]).toBe(-45_000 - 123_450);
      const years = await context.call('GET', `/api/main/transactions/years?companyId=${context.companyId}`);
      expect(years.json().data).toContain(2024);
      const all = await context.call(
        'GET',
        `/api/main/transactions/fetchAll?companyId=${context.companyId}&companyBankId=${account.Id}`,
      );
      expect(all.json().data).toMatchObject({ total: 3, isTruncated: false });
    });

    it('marks private, sets payment status and note, in bulk and one by one, with history', async () => {
      const privateOne = await context.call('PUT', `/api/main/transactions/${ids[2]}`, {
        companyId: context.companyId,
        isPrivate: true,
        note: 'Privat lunsj',
      });
      expect(privateOne.json().data).toMatchObject({
        IsPrivate: true,
        Status: BankTransactionStatus.PRIVATE,
        Note: 'Privat lunsj',
      });
      const bulk = await context.call('PUT', '/api/main/transactions/v2/bulk-update', {
        companyId: context.companyId,
        ids: [ids[0], ids[1]],
        paymentStatus: 3,
        paymentDate: '2025-01-02',
      });
      expect(bulk.json().data.updated).toBe(2);
      const payment = await context.call('PUT', `/api/main/transactions/payment/${ids[0]}`, {
        companyId: context.companyId,
        paymentStatus: 4,
        paymentDate: null,
      });
      expect(payment.json().data).toMatchObject({ PaymentStatus: 4, PaymentDate: null });
      const lost = await context.call('PUT', `/api/main/transactions/status/${ids[1]}`, {
        companyId: context.companyId,
        status: 4,
      });
      expect(lost.json().data.Status).toBe(BankTransactionStatus.LOST);
      const summary = await context.call(
        'GET',
        `/api/main/transactions/getMissingSummary?companyId=${context.companyId}&year=2024&companyBankId=${account.Id}`,
      );
      expect(summary.json().data).toMatchObject({
        total: 3,
        missingVoucher: 1,
        private: 1,
        lost: 1,
        missingAmountOre: -45_000,
      });
      const history = await context.call(
        'GET',
        `/api/main/transactions/get-history?companyId=${context.companyId}&bankTransactionId=${ids[0]}`,
      );
      expect(history.json().data.map((entry: { Action: string }) => entry.Action)).toEqual([
        'update',
        'update',
        'create',
      ]);
      const notPrivate = await context.call('PUT', `/api/main/transactions/${ids[2]}`, {
        companyId: context.companyId,
        isPrivate: false,
      });
      expect(notPrivate.json().data.Status).toBe(BankTransactionStatus.MISSING_VOUCHER);
      await context.call('PUT', `/api/main/transactions/${ids[2]}`, {
        companyId: context.companyId,
        isPrivate: true,
      });
    });

    it('attaches files to a transaction from a form', async () => {
      const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      const body = await multipart({ companyId: String(context.companyId), note: 'Kvittering' }, [
        { field: 'files', name: 'kvittering.pdf', bytes: pdf },
      ]);
      const response = await context.app.inject({
        method: 'PUT',
        url: `/api/main/transactions/${ids[0]}`,
        headers: { ...bearer(context.session), ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.Files[0]).toMatchObject({
        FileName: 'kvittering.pdf',
        MimeType: 'application/pdf',
      });
      const download = await context.call(
        'GET',
        `/api/main/file/download/${response.json().data.Files[0].Id}?companyId=${context.companyId}`,
      );
      expect(download.headers['content-type']).toBe('application/pdf');
    });

    it('exports the private and lost transactions as a PDF', async () => {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/main/transactions/export-pdf-private-lost?companyId=${context.companyId}&companyBankId=${account.Id}&year=2024`,
        headers: { ...bearer(context.session), language: 'no' },
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
      const first = await context.call('POST', '/api/main/transactions/addList', {
        companyId: context.companyId,
        companyBankId: account.Id,
        rows,
      });
      expect(first.json().data).toEqual({ imported: 2, duplicates: 0 });
      const second = await context.call('POST', '/api/main/transactions/addList', {
        companyId: context.companyId,
        companyBankId: account.Id,
        rows,
      });
      expect(second.json().data).toEqual({ imported: 0, duplicates: 2 });
      const deleted = await context.call(
        'DELETE',
        `/api/main/transactions/${ids[1]}?companyId=${context.companyId}`,
      );
      expect(deleted.statusCode).toBe(200);
      expect(
        (await context.call('GET', `/api/main/transactions/${ids[1]}?companyId=${context.companyId}`))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('company scoping', () => {
    it('answers another company 404 and no data on every transaction call', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 600),
      );
      const transaction = await givenTransaction(context.app, context.session, context.companyId, account.Id);
      const q = `companyId=${context.companyId}`;
      const calls: { method: HttpMethod; url: string; payload?: object }[] = [
        { method: 'GET', url: `/api/main/transactions/v2/list?${q}` },
        { method: 'GET', url: `/api/main/transactions/fetchAll?${q}` },
        { method: 'GET', url: `/api/main/transactions/years?${q}` },
        { method: 'GET', url: `/api/main/transactions/statistic?${q}` },
        { method: 'GET', url: `/api/main/transactions/month?${q}` },
        { method: 'GET', url: `/api/main/transactions/getMissingSummary?${q}` },
        { method: 'GET', url: `/api/main/transactions/get-history?${q}&bankTransactionId=${transaction.Id}` },
        { method: 'GET', url: `/api/main/transactions/export-pdf-private-lost?${q}` },
        { method: 'GET', url: `/api/main/transactions/${transaction.Id}?${q}` },
        {
          method: 'POST',
          url: '/api/main/transactions/add',
          payload: {
            companyId: context.companyId,
            companyBankId: account.Id,
            date: '2025-01-01',
            text: 'x',
            amountOre: 1,
          },
        },
        {
          method: 'POST',
          url: '/api/main/transactions/addList',
          payload: {
            companyId: context.companyId,
            companyBankId: account.Id,
            rows: [{ date: '2025-01-01', text: 'x', amountOre: 1 }],
          },
        },
        {
          method: 'PUT',
          url: `/api/main/transactions/${transaction.Id}`,
          payload: { companyId: context.companyId, note: 'x' },
        },
        {
          method: 'PUT',
          url: `/api/main/transactions/payment/${transaction.Id}`,
          payload: { companyId: context.companyId, paymentStatus: 1 },
        },
        {
          method: 'PUT',
          url: `/api/main/transactions/status/${transaction.Id}`,
          payload: { companyId: context.companyId, status: 3 },
        },
        {
          method: 'PUT',
          url: '/api/main/transactions/v2/bulk-update',
          payload: { companyId: context.companyId, ids: [transaction.Id], note: 'x' },
        },
        { method: 'DELETE', url: `/api/main/transactions/${transaction.Id}?${q}` },
      ];
      for (const each of calls) {
        const response = await context.call(each.method, each.url, each.payload, context.outsiderSession);
        expect(response.statusCode, `${each.method} ${each.url}`).toBe(404);
        expect(response.json().data, `${each.method} ${each.url}`).toBeUndefined();
      }
      const untouched = await context.call('GET', `/api/main/transactions/${transaction.Id}?${q}`);
      expect(untouched.json().data).toMatchObject({
        Note: null,
        Status: BankTransactionStatus.MISSING_VOUCHER,
      });
    });
  });
});
