import { checkPayment, daysBetween, isNorwegianBankingDay, todayIsoDate } from '@bilag/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemoData } from './seed-demo';

describe('demo data', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  it('gives the accountant several companies, the staff user one, and seeds only an empty database', async () => {
    expect(await seedDemoData(context.db)).toBe(true);
    expect(await seedDemoData(context.db)).toBe(false);

    const companiesOf = async (email: string) => {
      const login = await context.app.inject({
        method: 'POST',
        url: '/api/account/check-login',
        payload: { email, password: DEMO_PASSWORD },
      });
      const token = login.json().data.AccessToken;
      const list = await context.app.inject({
        method: 'GET',
        url: '/api/main/companies',
        headers: { authorization: `Bearer ${token}` },
      });
      return list.json().data.rows as { Alias: string; isOwner: boolean; OrganisationNumber: string }[];
    };
    const accountant = await companiesOf('regnskap@demo.no');
    expect(accountant.map((company) => company.Alias).sort()).toEqual([
      'fjelltopp-bygg',
      'havblikk-fiskeri',
      'nordlys-bakeri',
      'regnskapskontoret',
    ]);
    expect(accountant.find((company) => company.Alias === 'regnskapskontoret')?.isOwner).toBe(true);
    expect((await companiesOf('ansatt@demo.no')).map((company) => company.Alias)).toEqual(['nordlys-bakeri']);
    for (const company of accountant) {
      const weights = [3, 2, 7, 6, 5, 4, 3, 2];
      const digits = company.OrganisationNumber.split('').map(Number);
      const remainder = weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0) % 11;
      expect(digits[8]).toBe(remainder === 0 ? 0 : 11 - remainder);
    }
  });

  it('gives the bakery three months of books, matched: clear pairs connected, ties and a rounded card payment suggested, the fee settled by its rule', async () => {
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/account/check-login',
      payload: { email: 'ansatt@demo.no', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().data.AccessToken}` };
    const companies = await context.app.inject({ method: 'GET', url: '/api/main/companies', headers });
    const bakeryId = companies.json().data.rows[0].Id;
    const missing = await context.app.inject({
      method: 'GET',
      url: `/api/main/transactions/missing?companyId=${bakeryId}`,
      headers,
    });
    const { counts, rows } = missing.json().data;
    expect(counts).toMatchObject({ connected: 3, connectedAutomatically: 3, missing: 4, withSuggestions: 3 });
    const tie = rows.find((row: { Suggestions: unknown[] }) => row.Suggestions.length === 2);
    expect(tie.Transaction.Text).toBe('Kortkjøp 4411 VISA');
    const rules = await context.app.inject({
      method: 'GET',
      url: `/api/main/localRules?companyId=${bakeryId}`,
      headers,
    });
    expect(rules.json().data.rows[0]).toMatchObject({ Name: 'Bankgebyr er tapt bilag', HitCount: 1 });
  });

  it("dates the bakery's books in the months up to today, so its lists open on them rather than on an empty year", async () => {
    const today = todayIsoDate('Europe/Oslo');
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/account/check-login',
      payload: { email: 'ansatt@demo.no', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().data.AccessToken}` };
    const get = async (url: string) =>
      (await context.app.inject({ method: 'GET', url, headers })).json().data;
    const [bakery] = (await get('/api/main/companies')).rows;

    const voucherDates: string[] = (await get(`/api/main/voucher/list?companyId=${bakery.Id}`)).rows.map(
      (row: { Date: string }) => row.Date,
    );
    const transactionDates: string[] = (
      await get(`/api/main/transactions/v2/list?companyId=${bakery.Id}`)
    ).rows.map((row: { Date: string }) => row.Date);
    for (const dates of [voucherDates, transactionDates]) {
      expect(dates.length).toBeGreaterThan(5);
      expect(dates.every((date) => daysBetween(date, today) >= 0 && daysBetween(date, today) <= 100)).toBe(
        true,
      );
      expect(dates.some((date) => date === today)).toBe(true);
    }
    const thisYear = Number(today.slice(0, 4));
    expect((await get(`/api/main/voucher/years?companyId=${bakery.Id}`))[0]).toBe(thisYear);
    expect((await get(`/api/main/transactions/years?companyId=${bakery.Id}`))[0]).toBe(thisYear);
  });
  it('makes Kari and Ola payment users of the bakery and opens its payment list on valid bills', async () => {
    const today = todayIsoDate('Europe/Oslo');
    const sessionOf = async (email: string) => {
      const login = await context.app.inject({
        method: 'POST',
        url: '/api/account/check-login',
        payload: { email, password: DEMO_PASSWORD },
      });
      return { authorization: `Bearer ${login.json().data.AccessToken}` };
    };
    const headers = await sessionOf('ansatt@demo.no');
    const get = async (url: string) => {
      const response = await context.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json().data;
    };
    const [bakery] = (await get('/api/main/companies')).rows;

    const users = (await get(`/api/main/company-users-assign-payment?companyId=${bakery.Id}`)).rows as {
      Email: string;
      IsAllowPayments: boolean;
      VerifiedBanks: { AccountNumber: string }[];
    }[];
    const accounts = (await get(`/api/main/internal-transfers/banks?companyId=${bakery.Id}`)) as {
      AccountNumber: string;
    }[];
    expect(accounts.length).toBeGreaterThan(1);
    expect(users.map((user) => [user.Email, user.IsAllowPayments]).sort()).toEqual([
      ['ansatt@demo.no', true],
      ['regnskap@demo.no', true],
    ]);
    const kari = users.find((user) => user.Email === 'regnskap@demo.no');
    expect(kari?.VerifiedBanks.map((bank) => bank.AccountNumber).sort()).toEqual(
      accounts.map((account) => account.AccountNumber).sort(),
    );
    const mine = await get(`/api/main/company-banks/v2/${bakery.Id}/banks-verified-payment`);
    expect(mine.map((bank: { AccountNumber: string }) => bank.AccountNumber)).toEqual(['15030123457']);

    type Listed = {
      Type: 0 | 1 | 2;
      Status: number;
      CreditorName: string;
      CreditorAccount: string;
      CreditorBic: string | null;
      CreditorCountry: string | null;
      AmountOre: number;
      Currency: string;
      DueDate: string;
      Kid: string | null;
      Message: string | null;
      ChargeBearer: string | null;
      ReasonCode: string | null;
      PaidAt: string | null;
    };
    const waiting = (await get(`/api/main/v2/voucher-payments?companyId=${bakery.Id}&statuses=0`))
      .rows as Listed[];
    const paid = (await get(`/api/main/v2/voucher-payments?companyId=${bakery.Id}&statuses=3`))
      .rows as Listed[];
    const transfers = (await get(`/api/main/v2/voucher-payments/internal-transfer/${bakery.Id}`))
      .rows as Listed[];
    expect(waiting.filter((payment) => payment.Type === 0).length).toBeGreaterThanOrEqual(3);
    expect(waiting.filter((payment) => payment.Type === 1)).toEqual([
      expect.objectContaining({
        Currency: 'EUR',
        CreditorCountry: 'DE',
        ChargeBearer: 'SHA',
        ReasonCode: '14',
      }),
    ]);
    expect(transfers).toHaveLength(1);
    expect(paid).toHaveLength(1);
    expect(daysBetween(paid[0]?.PaidAt?.slice(0, 10) ?? '', today)).toBeGreaterThan(20);

    for (const payment of [...waiting, ...transfers]) {
      const problems = checkPayment(
        {
          isInternational: payment.Type === 1,
          creditorName: payment.CreditorName,
          creditorAccount: payment.CreditorAccount,
          creditorBic: payment.CreditorBic ?? undefined,
          creditorCountry: payment.CreditorCountry ?? undefined,
          amountOre: payment.AmountOre,
          currency: payment.Currency,
          dueDate: payment.DueDate,
          kid: payment.Kid ?? undefined,
          message: payment.Message ?? undefined,
          chargeBearer: payment.ChargeBearer ?? undefined,
          reasonCode: payment.ReasonCode ?? undefined,
        },
        today,
      );
      expect(problems, payment.CreditorName).toEqual([]);
    }
    expect(isNorwegianBankingDay(paid[0]?.DueDate ?? '')).toBe(true);
  });
  it("gives the bakery's team tasks to work through: the next VAT return, one overdue for Ola, one done", async () => {
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/account/check-login',
      payload: { email: 'ansatt@demo.no', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().data.AccessToken}` };
    const companies = await context.app.inject({ method: 'GET', url: '/api/main/companies', headers });
    const [bakery] = companies.json().data.rows as { Id: number }[];
    const list = await context.app.inject({
      method: 'POST',
      url: '/api/task/tasks/list',
      headers,
      payload: { companyId: bakery?.Id, status: 'all' },
    });
    const tasks = list.json().data.rows as {
      title: string;
      status: string;
      isOverdue: boolean;
      dueDate: string;
      assignees: { fullName: string }[];
    }[];
    expect(tasks.map((task) => task.title)).toContain('MVA-melding');
    const vat = tasks.find((task) => task.title === 'MVA-melding');
    expect((vat?.dueDate ?? '') >= todayIsoDate('Europe/Oslo')).toBe(true);
    const overdue = tasks.filter((task) => task.isOverdue);
    expect(overdue.map((task) => task.assignees.map((person) => person.fullName))).toEqual([['Ola Ansatt']]);
    expect(tasks.filter((task) => task.status === 'done')).toHaveLength(1);
  });

  it("proves every month of the bakery's bank account against the balances the bank stated", async () => {
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/account/check-login',
      payload: { email: 'regnskap@demo.no', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().data.AccessToken}` };
    const overview = await context.app.inject({
      method: 'GET',
      url: '/api/main/periods/overview?months=3',
      headers,
    });
    const bakery = (
      overview.json().data.rows as {
        companyAlias: string;
        months: { state: string; differenceOre: number }[];
      }[]
    ).find((row) => row.companyAlias === 'nordlys-bakeri');
    expect(bakery?.months.map((month) => month.differenceOre)).toEqual([0, 0, 0]);
    // The books begin 67 days back, so the first of the three months may be before them.
    expect(bakery?.months.at(-1)?.state).toMatch(/^(ready|blocked)$/);
    for (const month of bakery?.months ?? []) expect(['ready', 'blocked', 'empty']).toContain(month.state);
  });

  it('gives the bakery a payment package in force, bought by Ola by card, with its receipt', async () => {
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/account/check-login',
      payload: { email: 'regnskap@demo.no', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().data.AccessToken}` };
    const companies = await context.app.inject({ method: 'GET', url: '/api/main/companies', headers });
    const bakery = (companies.json().data.rows as { Id: number; Alias: string }[]).find(
      (company) => company.Alias === 'nordlys-bakeri',
    );
    const packages = await context.app.inject({
      method: 'GET',
      url: `/api/main/company-payment-packages/${bakery?.Id}`,
      headers,
    });
    const { purchases, paymentAllowance } = packages.json().data;
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ status: 'active', buyerName: 'Ola Ansatt', priceOre: 149_000 });
    expect(paymentAllowance.perMonth).toBe(100);
    const receipt = await context.app.inject({
      method: 'GET',
      url: `/api/main/company-payment-packages/${purchases[0].id}/receipt?companyId=${bakery?.Id}`,
      headers,
    });
    expect(receipt.json().data).toMatchObject({
      buyer: { companyName: 'Nordlys Bakeri AS', email: 'ansatt@demo.no' },
      totalOre: 149_000,
      vatOre: 29_800,
    });
  });
});
