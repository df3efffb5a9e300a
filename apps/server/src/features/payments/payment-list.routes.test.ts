import { ErrorCode, type LoginData, type Payment, PaymentStatus } from '@bilag/contracts';
import { addBankingDays, createKid, todayIsoDate } from '@bilag/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, givenAccountNumber, type HttpMethod } from '../../test/fixtures';
import { givenPayableVoucher, givenPayingTenantApp, type PayingTenantApp } from './payment.fixtures';

const LIST = '/api/main/v2/voucher-payments';
const today = () => todayIsoDate('Europe/Oslo');

describe('the payment list: filters, totals and the voucher’s side', () => {
  let context: PayingTenantApp;
  let companyId: number;
  let mainAccount: { Id: number; AccountNumber: string };
  let savingsAccount: { Id: number; AccountNumber: string };
  /** The payments made in beforeAll, by name. */
  const made: Record<string, Payment> = {};
  const firstDay = () => addBankingDays(today(), 2);
  const laterDay = () => addBankingDays(today(), 12);

  function call(method: HttpMethod, url: string, payload?: object, as: LoginData = context.session) {
    return context.app.inject({
      method,
      url,
      headers: { ...bearer(as), language: 'en' },
      ...(payload ? { payload } : {}),
    });
  }

  async function add(name: string, overrides: Record<string, unknown>) {
    const response = await call('POST', '/api/main/payments/add', {
      companyId,
      type: 0,
      debtorCompanyBankId: mainAccount.Id,
      creditorName: 'Leverandør AS',
      creditorAccount: givenAccountNumber('1503', 300 + Object.keys(made).length),
      amountOre: 10_000,
      dueDate: firstDay(),
      confirmDuplicate: true,
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(200);
    made[name] = response.json().data;
    return made[name];
  }

  function setStatus(ids: number[], status: number) {
    return call('POST', `${LIST}/update`, { companyId, ids, status });
  }

  async function list(query: string) {
    const response = await call('GET', `${LIST}?companyId=${companyId}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { total: number; rows: Payment[] };
    return { total: data.total, ids: data.rows.map((row) => row.Id) };
  }

  const idsOf = (...names: string[]) => names.map((name) => made[name]?.Id);

  beforeAll(async () => {
    context = await givenPayingTenantApp({ accountSeeds: [11, 12] });
    companyId = context.companyId;
    [mainAccount, savingsAccount] = context.accounts as [typeof mainAccount, typeof savingsAccount];
    await add('rent', { creditorName: 'Gårdeier AS', amountOre: 2_500_000, dueDate: laterDay() });
    await add('power', { creditorName: 'Strøm AS', kid: createKid('4411', 'MOD10'), amountOre: 87_650 });
    await add('savings', { debtorCompanyBankId: savingsAccount.Id, amountOre: 5_000 });
    await add('abroad', {
      type: 1,
      creditorName: 'Lieferant GmbH',
      creditorAccount: 'DE89370400440532013000',
      creditorBic: 'COBADEFFXXX',
      creditorCountry: 'DE',
      currency: 'EUR',
      chargeBearer: 'SHA',
      reasonCode: '14',
      amountOre: 12_000,
      dueDate: addBankingDays(today(), 3, 'EUR'),
    });
    await add('failed', { amountOre: 1_111 });
    await add('paid', { amountOre: 2_222 });
    await setStatus(idsOf('failed', 'paid') as number[], PaymentStatus.PROCESSING);
    await setStatus(idsOf('failed') as number[], PaymentStatus.FAILED);
    await setStatus(idsOf('paid') as number[], PaymentStatus.PAID);
    const voucher = await givenPayableVoucher(context.app, context.session, companyId, {
      supplierName: 'Rørlegger Hansen',
      amountOre: 45_000,
      accountNumber: givenAccountNumber('1503', 399),
      kid: createKid('99', 'MOD10'),
      dueDate: laterDay(),
    });
    const fromVoucher = await call('POST', `${LIST}/add-to-paymentlist`, {
      companyId,
      voucherIds: [voucher.Id],
    });
    made.fromVoucher = fromVoucher.json().data.added[0].payment;
  });
  afterAll(() => context.close());

  it("answers 'Invalid params' when the list or its statistics is asked for without a company", async () => {
    for (const url of [LIST, `${LIST}/statistics`]) {
      const response = await call('GET', url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Invalid params',
        code: ErrorCode.COMPANY_ID_MISSING,
      });
    }
  });

  it('lists payments waiting for approval by default, 20 a page, by due date and then id', async () => {
    const waiting = await list('');
    expect(waiting.ids).toEqual(idsOf('power', 'savings', 'abroad', 'rent', 'fromVoucher').sort(byDueDate));
    expect(waiting.total).toBe(5);
    const descending = await list('&sortType=desc');
    expect(descending.ids).toEqual([...waiting.ids].reverse());
    const paged = await list('&pageSize=2&pageNumber=2');
    expect(paged).toEqual({ total: 5, ids: waiting.ids.slice(2, 4) });
  });

  function byDueDate(a: number | undefined, b: number | undefined) {
    const payment = (id: number | undefined) => Object.values(made).find((entry) => entry.Id === id);
    const left = payment(a);
    const right = payment(b);
    if (!left || !right) return 0;
    return left.DueDate === right.DueDate ? left.Id - right.Id : left.DueDate < right.DueDate ? -1 : 1;
  }

  it('filters by statuses, kind, source, paying account and keyword', async () => {
    expect((await list('&statuses=2&statuses=3')).ids.sort()).toEqual(idsOf('failed', 'paid').sort());
    expect((await list('&statuses=3')).ids).toEqual(idsOf('paid'));
    expect((await list('&paymentType=1')).ids).toEqual(idsOf('abroad'));
    expect((await list('&paymentType=2')).total).toBe(0);
    expect((await list('&paymentSource=0')).ids).toEqual(idsOf('fromVoucher'));
    expect((await list('&paymentSource=2')).total).toBe(4);
    expect((await list(`&companyBankId=${savingsAccount.Id}`)).ids).toEqual(idsOf('savings'));
    expect((await list('&keyword=strøm')).ids).toEqual(idsOf('power'));
    expect((await list('&keyword=hansen')).ids).toEqual(idsOf('fromVoucher'));
    expect((await list(`&keyword=${made.power?.Kid}`)).ids).toEqual(idsOf('power'));
    const rentAccount = made.rent?.CreditorAccount ?? '';
    const written = `${rentAccount.slice(0, 4)}.${rentAccount.slice(4, 6)}.${rentAccount.slice(6)}`;
    expect((await list(`&keyword=${written}`)).ids).toEqual(idsOf('rent'));
    expect((await list('&keyword=%25')).total).toBe(0);
  });

  it('filters by the due date, the day made or the day paid, and drops a range missing either end', async () => {
    const first = firstDay();
    expect((await list(`&from=${laterDay()}&to=${laterDay()}`)).ids.sort()).toEqual(
      idsOf('rent', 'fromVoucher').sort(),
    );
    expect((await list(`&from=${laterDay()}`)).total).toBe(5);
    expect((await list(`&from=${first}&to=${first}&typeDate=0`)).ids.sort()).toEqual(
      idsOf('power', 'savings').sort(),
    );
    expect((await list(`&from=${today()}&to=${today()}&typeDate=1`)).total).toBe(5);
    expect((await list(`&from=2000-01-01&to=2000-01-31&typeDate=1`)).total).toBe(0);
    expect((await list(`&statuses=3&from=${today()}&to=${today()}&typeDate=2`)).ids).toEqual(idsOf('paid'));
    expect((await list(`&statuses=0&from=${today()}&to=${today()}&typeDate=2`)).total).toBe(0);
  });

  it('counts every status for the filter, sums the listed ones per account and day, and counts the failed', async () => {
    const response = await call('GET', `${LIST}/statistics?companyId=${companyId}`);
    expect(response.statusCode, response.body).toBe(200);
    const statistics = response.json().data;
    expect(statistics.counts).toEqual([
      { Status: 0, Total: 5 },
      { Status: 1, Total: 0 },
      { Status: 2, Total: 1 },
      { Status: 3, Total: 1 },
      { Status: 4, Total: 0 },
      { Status: 4001, Total: 0 },
    ]);
    expect(statistics.totalFailed).toBe(1);
    expect(statistics.totals).toEqual(
      expect.arrayContaining([
        {
          DebtorCompanyBankId: mainAccount.Id,
          DebtorAccountNumber: mainAccount.AccountNumber,
          DueDate: firstDay(),
          Currency: 'NOK',
          AmountOre: 87_650,
          Count: 1,
        },
        {
          DebtorCompanyBankId: mainAccount.Id,
          DebtorAccountNumber: mainAccount.AccountNumber,
          DueDate: laterDay(),
          Currency: 'NOK',
          AmountOre: 2_545_000,
          Count: 2,
        },
        expect.objectContaining({ DebtorCompanyBankId: savingsAccount.Id, AmountOre: 5_000 }),
        expect.objectContaining({ Currency: 'EUR', AmountOre: 12_000 }),
      ]),
    );
    expect(statistics.totals).toHaveLength(4);
    const filtered = await call('GET', `${LIST}/statistics?companyId=${companyId}&keyword=strøm&statuses=3`);
    expect(filtered.json().data).toMatchObject({
      counts: expect.arrayContaining([
        { Status: 0, Total: 1 },
        { Status: 3, Total: 0 },
      ]),
      totals: [],
      totalFailed: 0,
    });
  });

  it("shows nothing of the company's payments to a member of another company", async () => {
    const response = await call('GET', `${LIST}?companyId=${companyId}`, undefined, context.outsiderSession);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Gårdeier');
  });

  it('reads a Norwegian IBAN as its account number and bank, and refuses any other', async () => {
    const info = await call(
      'GET',
      `${LIST}/local-iban-info?companyId=${companyId}&iban=NO39%201503%202024%20154`,
    );
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toEqual({
      iban: 'NO3915032024154',
      accountNumber: '15032024154',
      bankName: 'DNB Bank',
      bic: 'DNBANOKK',
    });
    for (const iban of ['DE89370400440532013000', 'NO3815032024154']) {
      const refused = await call('GET', `${LIST}/local-iban-info?companyId=${companyId}&iban=${iban}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(`${iban} is not a valid Norwegian IBAN.`);
    }
  });

  describe("a voucher's payments", () => {
    async function newVoucher(amountOre: number) {
      return givenPayableVoucher(context.app, context.session, companyId, {
        supplierName: 'Snekker AS',
        amountOre,
        accountNumber: givenAccountNumber('1503', 500 + amountOre),
        description: `Arbeid ${amountOre}`,
      });
    }

    async function voucherPayment(voucherId: number) {
      const response = await call(
        'GET',
        `/api/main/voucher/payment?companyId=${companyId}&voucherId=${voucherId}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    }

    it('adds one voucher, tells whether it has a payment, and takes it off again', async () => {
      const { Id } = await newVoucher(61_000);
      const exists = () => call('GET', `${LIST}/exists?companyId=${companyId}&voucherId=${Id}`);
      expect((await exists()).json().data).toEqual({ exists: false });
      const added = await call('POST', '/api/main/voucher/addPayment', { companyId, voucherId: Id });
      expect(added.json().data.added).toMatchObject([{ voucherId: Id, isNew: true }]);
      expect((await exists()).json().data).toEqual({ exists: true });
      expect(await voucherPayment(Id)).toMatchObject({
        isPaid: false,
        payableRestOre: 0,
        payments: [{ Status: 0 }],
      });

      const removed = await call('POST', '/api/main/voucher/removePayment', { companyId, voucherId: Id });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().data).toMatchObject({ payableRestOre: 61_000, payments: [{ Status: 4 }] });
      expect((await exists()).json().data).toEqual({ exists: false });
    });

    it('marks a voucher paid outside the product, but not while a payment of it is under way', async () => {
      const { Id } = await newVoucher(62_000);
      await call('POST', '/api/main/voucher/addPayment', { companyId, voucherId: Id });
      const refused = await call('POST', '/api/main/voucher/updatePaymentStatus', {
        companyId,
        voucherId: Id,
        isPaid: true,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'The voucher has a payment that is not finished; cancel or remove it first.',
      );
      await call('POST', '/api/main/voucher/removePayment', { companyId, voucherId: Id });
      const marked = await call('POST', '/api/main/voucher/updatePaymentStatus', {
        companyId,
        voucherId: Id,
        isPaid: true,
      });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json().data.isPaid).toBe(true);
      const detail = await call('GET', `/api/main/voucher/${Id}?companyId=${companyId}`);
      expect(detail.json().data.IsPaid).toBe(true);
      expect(detail.json().data.History[0]).toMatchObject({
        Action: 'update',
        Before: { isPaid: false },
        After: { isPaid: true },
      });
      const again = await call('POST', `${LIST}/add-to-paymentlist`, { companyId, voucherIds: [Id] });
      expect(again.json().data.skipped).toMatchObject([{ reason: 'PAID' }]);
    });

    it("answers another company's voucher as missing", async () => {
      const { Id } = await newVoucher(63_000);
      const response = await call(
        'GET',
        `/api/main/voucher/payment?companyId=${context.outsiderCompanyId}&voucherId=${Id}`,
        undefined,
        context.outsiderSession,
      );
      expect(response.statusCode).toBe(404);
      const byVoucher = await call(
        'GET',
        `${LIST}/by-voucher?companyId=${context.outsiderCompanyId}&voucherId=${Id}`,
        undefined,
        context.outsiderSession,
      );
      expect(byVoucher.statusCode).toBe(404);
    });
  });
});
