import { randomUUID } from 'node:crypto';
import {
  BankStatisticReply,
  CompanyOverview,
  ConsentStatisticReply,
  ErrorCode,
  type LoginData,
  PaymentStatisticReply,
  RoleId,
  TeamStatisticReply,
  VatStatisticReply,
  VoucherStatisticReply,
} from '@bilag/contracts';
import { addDays, todayIsoDate } from '@bilag/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import {
  givenAccountNumber,
  givenBankAccount,
  givenCompany,
  givenTenantApp,
  givenUser,
  login,
  type TenantApp,
} from '../../test/fixtures';
import { addCompanyUser } from '../companies';
import { rawFacts } from './statistic.raw';
import * as service from './statistic.service';

let context: TenantApp;
/** An accountant of the companies the comparison of summaries and raw rows makes. */
let accountantOf: { id: number; session: LoginData };
let companyBankId: number;
let otherBankId: number;
const today = todayIsoDate('Europe/Oslo');

beforeAll(async () => {
  context = await givenTenantApp();
  companyBankId = (await givenBankAccount(context.app, context.session, context.companyId)).Id;
  otherBankId = (
    await givenBankAccount(context.app, context.session, context.companyId, givenAccountNumber('1503', 50))
  ).Id;
  const user = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT });
  accountantOf = { id: user.id, session: await login(context.app, user.email) };
});
afterAll(() => context.close());

async function get<T>(url: string, schema: { parse: (data: unknown) => T }, session = context.session) {
  const answer = await context.call('GET', url, undefined, session);
  expect(answer.statusCode, answer.body).toBe(200);
  return schema.parse(answer.json().data);
}

// Rows written straight into the tables, as the features that own them would: the triggers see the same
// statements either way, and the statistics are read back through the API.

async function insertVoucher(
  db: Db,
  companyId: number,
  row: { date: string; source?: number; amountOre?: number | null; createdAt?: string },
): Promise<number> {
  const [inserted] = await rowsOf<{ id: number }>(
    db,
    sql`insert into vouchers (company_id, effective_date, voucher_date, source, amount_ore, created_at)
        values (${companyId}, ${row.date}, ${row.date}, ${row.source ?? 0}, ${row.amountOre ?? null},
                coalesce(${row.createdAt ?? null}::timestamptz, now()))
        returning id::float8 as id`,
  );
  return inserted?.id ?? 0;
}

async function insertTransaction(
  db: Db,
  companyId: number,
  bankId: number,
  row: { date: string; amountOre: number; status?: number },
): Promise<number> {
  const [inserted] = await rowsOf<{ id: number }>(
    db,
    sql`insert into bank_transactions (company_id, company_bank_id, booking_date, amount_ore, fingerprint, status)
        values (${companyId}, ${bankId}, ${row.date}, ${row.amountOre}, ${randomUUID()}, ${row.status ?? 1})
        returning id::float8 as id`,
  );
  return inserted?.id ?? 0;
}

async function insertPayment(
  db: Db,
  companyId: number,
  row: { dueDate: string; status: number; amountOre: number },
) {
  await db.execute(
    sql`insert into payments (company_id, uuid, type, source, status, creditor_name, creditor_account, amount_ore,
                              due_date, end_to_end_id)
        values (${companyId}, ${randomUUID()}, 0, 0, ${row.status}, 'Leverandør AS', '15030000002', ${row.amountOre},
                ${row.dueDate}, ${randomUUID().slice(0, 30)})`,
  );
}

type VatRate = {
  category: string | null;
  percent: string | null;
  taxableAmountOre: number;
  taxAmountOre: number;
};

async function insertEhfDocument(
  db: Db,
  companyId: number,
  row: { issueDate: string; kind?: 'invoice' | 'creditnote'; rates: VatRate[]; voucherId?: number | null },
): Promise<number> {
  const [inserted] = await rowsOf<{ id: number }>(
    db,
    sql`insert into ehf_documents (company_id, channel, status, document_kind, issue_date, vat_rates, voucher_id)
        values (${companyId}, 'peppol', 'voucher-created', ${row.kind ?? 'invoice'}, ${row.issueDate},
                ${JSON.stringify(row.rates)}::jsonb, ${row.voucherId === undefined ? 1 : row.voucherId})
        returning id::float8 as id`,
  );
  return inserted?.id ?? 0;
}

async function insertTask(
  db: Db,
  companyId: number,
  row: { status?: string; dueDate?: string | null; completedAt?: string | null },
): Promise<number> {
  const [inserted] = await rowsOf<{ id: number }>(
    db,
    sql`insert into tasks (company_id, title, status, due_date, completed_at)
        values (${companyId}, 'Avstemming', ${row.status ?? 'todo'}, ${row.dueDate ?? null},
                ${row.completedAt ?? null}::timestamptz)
        returning id::float8 as id`,
  );
  return inserted?.id ?? 0;
}

async function insertConsent(db: Db, companyId: number, row: { status: string; validUntil: string | null }) {
  await db.execute(
    sql`insert into bank_consents (company_id, bank_id, bank_group, provider_consent_id, instruction_id, status,
                                   valid_until, frequency_per_day, requested_accounts)
        values (${companyId}, (select id from banks order by id limit 1), 'dnb', ${randomUUID()}, ${randomUUID()},
                ${row.status}, ${row.validUntil}, 4, '{}')`,
  );
}

describe('voucher statistics', () => {
  it('counts live vouchers per month and source, every month of the span listed', async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    await insertVoucher(context.db, company.id, { date: '2025-01-10', source: 0, amountOre: 10_000 });
    await insertVoucher(context.db, company.id, { date: '2025-01-31', source: 2, amountOre: 25_000 });
    await insertVoucher(context.db, company.id, { date: '2025-03-01', source: 2, amountOre: null });
    const deleted = await insertVoucher(context.db, company.id, { date: '2025-03-02', amountOre: 999 });
    await context.db.execute(
      sql`update vouchers set deleted_at = now() where company_id = ${company.id} and id = ${deleted}`,
    );

    const reply = await get(
      `/api/statistic/voucher?companyId=${company.id}&from=2025-01&to=2025-04`,
      VoucherStatisticReply,
    );
    expect(reply.span).toEqual({ from: '2025-01', to: '2025-04' });
    expect(reply.months.map((month) => [month.month, month.count, month.amountOre])).toEqual([
      ['2025-01', 2, 35_000],
      ['2025-02', 0, 0],
      ['2025-03', 1, 0],
      ['2025-04', 0, 0],
    ]);
    expect(reply.total.sources).toEqual([
      { source: 0, count: 1, amountOre: 10_000 },
      { source: 2, count: 2, amountOre: 25_000 },
    ]);
  });

  it('moves a voucher between months when its date changes', async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    const id = await insertVoucher(context.db, company.id, { date: '2025-05-05', amountOre: 500 });
    await context.db.execute(
      sql`update vouchers set effective_date = '2025-06-06' where company_id = ${company.id} and id = ${id}`,
    );
    const reply = await get(
      `/api/statistic/voucher?companyId=${company.id}&from=2025-05&to=2025-06`,
      VoucherStatisticReply,
    );
    expect(reply.months.map((month) => month.count)).toEqual([0, 1]);
  });

  it('refuses a span backwards or longer than five years, and another company', async () => {
    const backwards = await context.call(
      'GET',
      `/api/statistic/voucher?companyId=${context.companyId}&from=2025-05&to=2025-01`,
    );
    expect(backwards.statusCode).toBe(400);
    const long = await context.call(
      'GET',
      `/api/statistic/voucher?companyId=${context.companyId}&from=2020-01&to=2025-01`,
    );
    expect(long.statusCode).toBe(400);
    const fiveYears = await context.call(
      'GET',
      `/api/statistic/voucher?companyId=${context.companyId}&from=2020-02&to=2025-01`,
    );
    expect(fiveYears.statusCode).toBe(200);
    const foreign = await context.call(
      'GET',
      `/api/statistic/voucher?companyId=${context.outsiderCompanyId}`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps a span made from one end within the months a period may name', async () => {
    const late = await get(
      `/api/statistic/voucher?companyId=${context.companyId}&from=2999-05`,
      VoucherStatisticReply,
    );
    expect(late.span).toEqual({ from: '2999-05', to: '2999-12' });
    const early = await get(
      `/api/statistic/bank?companyId=${context.companyId}&to=1970-03`,
      BankStatisticReply,
    );
    expect(early.span).toEqual({ from: '1970-01', to: '1970-03' });
  });

  it('defaults to the last twelve months up to this one', async () => {
    const reply = await get(`/api/statistic/voucher?companyId=${context.companyId}`, VoucherStatisticReply);
    expect(reply.months).toHaveLength(12);
    expect(reply.span.to).toBe(today.slice(0, 7));
  });
});

describe('bank statistics', () => {
  it('counts explained against missing per month and account, and the days it took to explain', async () => {
    const db = context.db;
    const companyId = context.companyId;
    const first = await insertTransaction(db, companyId, companyBankId, {
      date: addDays(today, -10),
      amountOre: -5_000,
    });
    await insertTransaction(db, companyId, companyBankId, { date: addDays(today, -10), amountOre: 7_000 });
    await insertTransaction(db, companyId, otherBankId, { date: addDays(today, -10), amountOre: -1_000 });
    await db.execute(
      sql`update bank_transactions set status = 2 where company_id = ${companyId} and id = ${first}`,
    );
    const [explained] = await rowsOf<{ explainedOn: string | null }>(
      db,
      sql`select to_char(explained_on, 'YYYY-MM-DD') as "explainedOn" from bank_transactions
           where company_id = ${companyId} and id = ${first}`,
    );
    expect(explained?.explainedOn).toBe(today);

    const month = addDays(today, -10).slice(0, 7);
    const reply = await get(
      `/api/statistic/bank?companyId=${companyId}&from=${month}&to=${month}`,
      BankStatisticReply,
    );
    expect(reply.total).toEqual({
      transactionCount: 3,
      explainedCount: 1,
      unexplainedCount: 2,
      unexplainedOre: 8_000,
      averageDaysToExplain: 10,
    });
    const account = reply.accounts.find((row) => row.companyBankId === otherBankId);
    expect(account).toMatchObject({ transactionCount: 1, unexplainedCount: 1, unexplainedOre: 1_000 });

    await db.execute(
      sql`update bank_transactions set status = 1 where company_id = ${companyId} and id = ${first}`,
    );
    const again = await get(
      `/api/statistic/bank?companyId=${companyId}&from=${month}&to=${month}`,
      BankStatisticReply,
    );
    expect(again.total.averageDaysToExplain).toBeNull();
    expect(again.total.unexplainedCount).toBe(3);
    await db.execute(sql`delete from bank_transactions where company_id = ${companyId}`);
  });
});

describe('payment statistics', () => {
  it('counts payments per due month and status, with the failed ones in the counter', async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    await insertPayment(context.db, company.id, { dueDate: '2025-02-03', status: 0, amountOre: 100 });
    await insertPayment(context.db, company.id, { dueDate: '2025-02-04', status: 2, amountOre: 200 });
    await insertPayment(context.db, company.id, { dueDate: '2025-03-04', status: 2, amountOre: 300 });
    await insertPayment(context.db, company.id, { dueDate: '2025-03-05', status: 3, amountOre: 400 });
    const reply = await get(
      `/api/statistic/payment?companyId=${company.id}&from=2025-02&to=2025-03`,
      PaymentStatisticReply,
    );
    expect(reply.counter).toEqual({
      total: 4,
      forApproval: 1,
      processing: 0,
      paid: 1,
      totalFailed: 2,
      ignored: 0,
      canceled: 0,
    });
    expect(reply.months[1]?.statuses).toEqual([
      { status: 3, count: 1, amountOre: 400 },
      { status: 2, count: 1, amountOre: 300 },
    ]);
  });
});

describe('VAT statistics', () => {
  it('adds VAT per rate and two-month term, credit notes against, documents without a voucher left out', async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    const rate = (percent: string, taxable: number, category = 'S'): VatRate => ({
      category,
      percent,
      taxableAmountOre: taxable,
      taxAmountOre: Math.round((taxable * Number(percent)) / 100),
    });
    await insertEhfDocument(context.db, company.id, {
      issueDate: '2025-01-15',
      rates: [rate('25.00', 100_000), rate('15', 20_000)],
    });
    await insertEhfDocument(context.db, company.id, { issueDate: '2025-02-20', rates: [rate('25', 40_000)] });
    await insertEhfDocument(context.db, company.id, {
      issueDate: '2025-02-21',
      kind: 'creditnote',
      rates: [rate('25', 10_000)],
    });
    await insertEhfDocument(context.db, company.id, {
      issueDate: '2025-05-01',
      rates: [rate('12', 5_000), rate('0', 3_000, 'Z'), rate('x', 1_000, 'E')],
    });
    await insertEhfDocument(context.db, company.id, {
      issueDate: '2025-05-02',
      rates: [rate('25', 999_999)],
      voucherId: null,
    });

    const reply = await get(`/api/statistic/mva?companyId=${company.id}&year=2025`, VatStatisticReply);
    expect(reply.terms).toHaveLength(6);
    expect(reply.terms[0]?.rates).toEqual([
      { category: 'S', rate: 25, documentCount: 3, taxableOre: 130_000, taxOre: 32_500 },
      { category: 'S', rate: 15, documentCount: 1, taxableOre: 20_000, taxOre: 3_000 },
    ]);
    expect(reply.terms[2]?.rates.map((total) => [total.category, total.rate, total.taxableOre])).toEqual([
      ['S', 12, 5_000],
      ['E', 0, 1_000],
      ['Z', 0, 3_000],
    ]);
    expect(reply.taxOre).toBe(32_500 + 3_000 + 600);
  });
});

describe('consent statistics and the front page', () => {
  it('counts consents by state and those that end within 14 days', async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    await insertConsent(context.db, company.id, { status: 'valid', validUntil: addDays(today, 3) });
    await insertConsent(context.db, company.id, { status: 'valid', validUntil: addDays(today, 60) });
    await insertConsent(context.db, company.id, { status: 'expired', validUntil: addDays(today, -3) });
    const reply = await get(`/api/statistic/ztl?companyId=${company.id}`, ConsentStatisticReply);
    expect(reply.statuses).toEqual([
      { status: 'valid', count: 2 },
      { status: 'expired', count: 1 },
    ]);
    expect(reply.expiringSoon).toBe(1);
    expect(reply.consents[0]).toMatchObject({ status: 'expired', daysLeft: -3, accountCount: 0 });
  });

  it("shows what waits and each account's balance with its trend", async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    const empty = await get(`/api/statistic/overview?companyId=${company.id}`, CompanyOverview);
    expect(empty.has).toEqual({ bankAccounts: false, transactions: false, vouchers: false });
    expect(empty.accounts).toEqual([]);

    const account = await givenBankAccount(context.app, context.session, company.id);
    await insertTransaction(context.db, company.id, account.Id, { date: today, amountOre: -4_200 });
    await insertPayment(context.db, company.id, { dueDate: today, status: 0, amountOre: 1 });
    await insertPayment(context.db, company.id, { dueDate: today, status: 2, amountOre: 1 });
    await insertConsent(context.db, company.id, { status: 'valid', validUntil: addDays(today, 14) });
    await insertTask(context.db, company.id, { dueDate: addDays(today, -1) });
    await insertTask(context.db, company.id, { dueDate: addDays(today, 5) });
    await insertTask(context.db, company.id, { dueDate: addDays(today, 30) });
    await insertTask(context.db, company.id, { status: 'done', dueDate: addDays(today, -1) });
    const lastMonth = `${addDays(`${today.slice(0, 7)}-01`, -1)}`;
    await context.db.execute(
      sql`insert into bank_balances (company_id, company_bank_id, balance_date, balance_type, amount_ore, source)
          values (${company.id}, ${account.Id}, ${lastMonth}, 'CLBD', 100000, 'statement'),
                 (${company.id}, ${account.Id}, ${addDays(lastMonth, -3)}, 'CLBD', 90000, 'statement'),
                 (${company.id}, ${account.Id}, ${today}, 'CLBD', 120000, 'statement')`,
    );

    const overview = await get(`/api/statistic/overview?companyId=${company.id}`, CompanyOverview);
    expect(overview.waiting).toEqual({
      transactionsMissingVoucher: 1,
      transactionsMissingVoucherOre: 4_200,
      paymentsForApproval: 1,
      paymentsFailed: 1,
      consentsExpiring: 1,
      inboxUnread: 0,
      tasksDue: 2,
      tasksOverdue: 1,
    });
    expect(overview.has).toEqual({ bankAccounts: true, transactions: true, vouchers: false });
    expect(overview.accounts[0]?.balance).toEqual({ date: today, amountOre: 120_000 });
    expect(overview.accounts[0]?.trend).toEqual([
      { date: lastMonth, amountOre: 100_000 },
      { date: today, amountOre: 120_000 },
    ]);
  });
});

describe('the team', () => {
  let accountant: { id: number; session: LoginData };

  beforeAll(async () => {
    const user = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT });
    accountant = { id: user.id, session: await login(context.app, user.email) };
  });

  it('lists every company the person serves with its backlog and weekly work, and sums per accountant', async () => {
    const served = await givenCompany(context.db, { memberIds: [accountant.id] });
    const alsoServed = await givenCompany(context.db, { memberIds: [accountant.id] });
    await givenCompany(context.db);
    await context.db.execute(
      sql`update companies set responsible_accountant_user_id = ${accountant.id} where id = ${served.id}`,
    );
    const account = await givenBankAccount(context.app, accountant.session, served.id);
    const id = await insertTransaction(context.db, served.id, account.Id, {
      date: addDays(today, -3),
      amountOre: 10,
    });
    await insertTransaction(context.db, served.id, account.Id, { date: addDays(today, -3), amountOre: -20 });
    await context.db.execute(
      sql`update bank_transactions set status = 3 where company_id = ${served.id} and id = ${id}`,
    );
    await insertVoucher(context.db, served.id, { date: today });
    await insertVoucher(context.db, served.id, { date: today, createdAt: `${addDays(today, -7)}T12:00:00Z` });
    await insertTask(context.db, alsoServed.id, { status: 'done', completedAt: new Date().toISOString() });
    await insertTask(context.db, alsoServed.id, { dueDate: addDays(today, -2) });

    const reply = await get('/api/statistic/team?weeks=2', TeamStatisticReply, accountant.session);
    expect(reply.weeks).toHaveLength(2);
    expect(reply.companies.map((row) => row.companyId).sort()).toEqual([served.id, alsoServed.id].sort());
    const servedRow = reply.companies.find((row) => row.companyId === served.id);
    expect(servedRow?.responsibleAccountant?.userId).toBe(accountant.id);
    expect(servedRow?.todo).toMatchObject({
      transactionsMissingVoucher: 1,
      transactionsMissingVoucherOre: 20,
    });
    expect(servedRow?.weeks.map((week) => [week.vouchersAdded, week.transactionsExplained])).toEqual([
      [1, 0],
      [1, 1],
    ]);
    const alsoRow = reply.companies.find((row) => row.companyId === alsoServed.id);
    expect(alsoRow?.todo).toMatchObject({ tasksOpen: 1, tasksOverdue: 1 });
    expect(alsoRow?.weeks[1]?.tasksCompleted).toBe(1);

    expect(reply.accountants.map((row) => [row.accountant?.userId ?? null, row.companyCount])).toEqual([
      [accountant.id, 1],
      [null, 1],
    ]);
  });

  it('is refused to a role without the team view', async () => {
    const staff = await givenUser(context.db, { roleId: RoleId.HR_COMPANY_A });
    await addCompanyUser(context.db, context.companyId, staff.id);
    const session = await login(context.app, staff.email);
    const answer = await context.call('GET', '/api/statistic/team', undefined, session);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe(ErrorCode.ROLE_FORBIDS);
    const statistics = await context.call(
      'GET',
      `/api/statistic/voucher?companyId=${context.companyId}`,
      undefined,
      session,
    );
    expect(statistics.statusCode).toBe(403);
  });
});

/** A small deterministic generator, so a failing sequence of changes can be run again. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('the summaries equal the raw computation', () => {
  it('after random inserts, changes and deletes in two companies', async () => {
    const seed = Date.now() % 1_000_000;
    const random = seededRandom(seed);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const dayIn2025 = () => addDays('2025-01-01', Math.floor(random() * 420));
    const principal = { userId: accountantOf.id, roleId: RoleId.ACCOUNTANT, sessionId: 'statistics-test' };
    const companies = [
      await givenCompany(context.db, { memberIds: [accountantOf.id] }),
      await givenCompany(context.db, { memberIds: [accountantOf.id] }),
    ];
    const accounts = new Map<number, number>();
    for (const company of companies) {
      accounts.set(company.id, (await givenBankAccount(context.app, accountantOf.session, company.id)).Id);
    }

    for (let round = 0; round < 6; round += 1) {
      for (const company of companies) {
        const bankId = accounts.get(company.id) ?? 0;
        for (let index = 0; index < 12; index += 1) {
          const weekAgo = Math.floor(random() * 20) * 7;
          await insertVoucher(context.db, company.id, {
            date: dayIn2025(),
            source: pick([0, 1, 2, 3, 4]),
            amountOre: pick([null, Math.floor(random() * 100_000) - 20_000]),
            createdAt: `${addDays(today, -weekAgo)}T${pick(['00:30', '12:00', '23:30'])}:00Z`,
          });
          await insertTransaction(context.db, company.id, bankId, {
            date: dayIn2025(),
            amountOre: Math.floor(random() * 200_000) - 100_000,
            status: pick([1, 1, 2, 3, 4]),
          });
          await insertPayment(context.db, company.id, {
            dueDate: dayIn2025(),
            status: pick([0, 1, 2, 3, 4, 4001]),
            amountOre: Math.floor(random() * 50_000) + 1,
          });
          await insertTask(context.db, company.id, {
            status: pick(['todo', 'done']),
            dueDate: pick([null, addDays(today, Math.floor(random() * 20) - 10)]),
            completedAt: pick([null, `${addDays(today, -Math.floor(random() * 60))}T10:00:00Z`]),
          });
        }
        await insertEhfDocument(context.db, company.id, {
          issueDate: dayIn2025(),
          kind: pick(['invoice', 'creditnote']),
          voucherId: pick([null, 1, 2]),
          rates: [
            {
              category: 'S',
              percent: pick(['25', '25.00', '15']),
              taxableAmountOre: 10_000,
              taxAmountOre: 2_500,
            },
            { category: pick(['Z', 'E']), percent: '0', taxableAmountOre: 300, taxAmountOre: 0 },
          ],
        });
        // Changes that move rows between months, states and weeks, and deletes.
        await context.db.execute(sql`
          update vouchers set effective_date = effective_date + ${Math.floor(random() * 40) - 20}::int,
                 source = (source + 1) % 5
           where company_id = ${company.id} and id % 7 = ${Math.floor(random() * 7)}`);
        await context.db.execute(sql`
          update vouchers set deleted_at = now() where company_id = ${company.id} and id % 11 = ${Math.floor(random() * 11)}`);
        await context.db.execute(sql`
          update bank_transactions set status = case when status = 1 then ${pick([2, 3, 4])} else 1 end
           where company_id = ${company.id} and id % 5 = ${Math.floor(random() * 5)}`);
        await context.db.execute(sql`
          update bank_transactions set booking_date = booking_date + 31
           where company_id = ${company.id} and id % 13 = ${Math.floor(random() * 13)}`);
        await context.db.execute(sql`
          delete from bank_transactions where company_id = ${company.id} and id % 17 = ${Math.floor(random() * 17)}`);
        await context.db.execute(sql`
          update payments set status = ${pick([1, 2, 3])}, due_date = due_date + 15
           where company_id = ${company.id} and id % 4 = ${Math.floor(random() * 4)}`);
        await context.db.execute(sql`
          delete from payments where company_id = ${company.id} and id % 9 = ${Math.floor(random() * 9)}`);
        await context.db.execute(sql`
          update tasks set status = 'done', completed_at = now()
           where company_id = ${company.id} and status <> 'done' and id % 3 = ${Math.floor(random() * 3)}`);
        await context.db.execute(sql`
          update tasks set status = 'todo', completed_at = null
           where company_id = ${company.id} and status = 'done' and id % 5 = ${Math.floor(random() * 5)}`);
        await context.db.execute(sql`
          update ehf_documents set voucher_id = case when voucher_id is null then 3 else null end
           where company_id = ${company.id} and id % 3 = ${Math.floor(random() * 3)}`);
      }

      for (const company of companies) {
        const period = { companyId: company.id, from: '2024-12', to: '2026-03' };
        const message = `seed ${seed}, round ${round}, company ${company.id}`;
        expect(await service.voucherStatistic(context.db, principal, period), message).toEqual(
          await service.voucherStatistic(context.db, principal, period, rawFacts),
        );
        expect(await service.bankStatistic(context.db, principal, period), message).toEqual(
          await service.bankStatistic(context.db, principal, period, rawFacts),
        );
        expect(await service.paymentStatistic(context.db, principal, period), message).toEqual(
          await service.paymentStatistic(context.db, principal, period, rawFacts),
        );
        for (const year of [2025, 2026]) {
          const query = { companyId: company.id, year };
          expect(await service.vatStatistic(context.db, principal, query), message).toEqual(
            await service.vatStatistic(context.db, principal, query, rawFacts),
          );
        }
        const overview = { companyId: company.id };
        expect(await service.companyOverview(context.db, principal, overview), message).toEqual(
          await service.companyOverview(context.db, principal, overview, rawFacts),
        );
      }
      expect(await service.teamStatistic(context.db, principal, { weeks: 26 }), `seed ${seed}`).toEqual(
        await service.teamStatistic(context.db, principal, { weeks: 26 }, rawFacts),
      );
    }
  });
});
