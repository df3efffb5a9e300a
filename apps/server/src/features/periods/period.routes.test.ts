import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BankTransactionStatus,
  ErrorCode,
  type LoginData,
  PeriodMonthDetail,
  PeriodOverview,
  PeriodYear,
  RoleId,
} from '@bilag/contracts';
import { monthOf, todayIsoDate } from '@bilag/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  givenAccountNumber,
  givenBankAccount,
  givenCompany,
  givenTenantApp,
  givenTransaction,
  givenUser,
  givenVoucher,
  importInOneStep,
  login,
  type TenantApp,
} from '../../test/fixtures';
import { addCompanyUser } from '../companies';
import { camt053 } from '../imports/__fixtures__/statements';
import { monthTotals, monthTotalsFromTransactions } from './period.repository';

let context: TenantApp;
/** A member who may close months but not accept exceptions or reopen. */
let limited: { id: number; session: LoginData };

beforeAll(async () => {
  context = await givenTenantApp();
  const user = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT_LIMIT });
  await addCompanyUser(context.db, context.companyId, user.id);
  limited = { id: user.id, session: await login(context.app, user.email) };
});
afterAll(() => context.close());

async function ok<T>(response: Promise<{ statusCode: number; body: string; json: () => { data: T } }>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
}

function monthDetail(month: string, companyId = context.companyId, session = context.session) {
  return ok(
    context.call('GET', `/api/main/periods/${month}?companyId=${companyId}`, undefined, session),
  ).then((data) => PeriodMonthDetail.parse(data));
}

function close(month: string, exceptions: { key: string; reason: string }[] = [], session = context.session) {
  return context.call(
    'POST',
    `/api/main/periods/${month}/close`,
    { companyId: context.companyId, exceptions },
    session,
  );
}

function reopen(month: string, reason: string, session = context.session) {
  return context.call(
    'POST',
    `/api/main/periods/${month}/reopen`,
    { companyId: context.companyId, reason },
    session,
  );
}

/** A statement of the month imported as camt.053, with the bank's opening and closing balances. */
async function givenStatement(
  companyBankId: number,
  accountNumber: string,
  month: string,
  options: { opening: string; closing: string; entries: { day: string; amount: string; credit: boolean }[] },
) {
  const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const response = await importInOneStep(
    context.app,
    context.session,
    { companyId: context.companyId, companyBankId },
    {
      name: `${month}.xml`,
      bytes: camt053(accountNumber, {
        id: `STMT-${accountNumber}-${month}`,
        from: `${month}-01`,
        to: `${month}-${lastDay}`,
        opening: options.opening,
        closing: options.closing,
        entries: options.entries.map((entry, index) => ({
          amount: entry.amount,
          credit: entry.credit,
          date: `${month}-${entry.day}`,
          reference: `${month}-${accountNumber}-${index}`,
          text: `Post ${index + 1}`,
        })),
      }),
    },
  );
  expect(response.statusCode, response.body).toBe(200);
}

async function transactionIdsOf(companyBankId: number, month: string): Promise<number[]> {
  const result = (await context.db.execute(
    sql`select id::float8 as id from bank_transactions where company_id = ${context.companyId}
        and company_bank_id = ${companyBankId} and to_char(booking_date, 'YYYY-MM') = ${month} order by id`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => row.id);
}

async function markLost(ids: readonly number[]) {
  for (const id of ids) {
    await ok(
      context.call('PUT', `/api/main/transactions/status/${id}`, {
        companyId: context.companyId,
        status: BankTransactionStatus.LOST,
      }),
    );
  }
}

describe('a month of the books', () => {
  const month = '2025-04';
  let account: { Id: number; AccountNumber: string };

  beforeAll(async () => {
    account = await givenBankAccount(
      context.app,
      context.session,
      context.companyId,
      givenAccountNumber('1503', 41),
    );
    await givenStatement(account.Id, account.AccountNumber, '2025-03', {
      opening: '1000.00',
      closing: '900.00',
      entries: [{ day: '10', amount: '100.00', credit: false }],
    });
    await givenStatement(account.Id, account.AccountNumber, month, {
      opening: '900.00',
      closing: '1150.00',
      entries: [
        { day: '03', amount: '50.00', credit: false },
        { day: '20', amount: '300.00', credit: true },
      ],
    });
  });

  it('is blocked by its unexplained transactions, then ready, then closed and locked', async () => {
    const blocked = await monthDetail(month);
    const own = blocked.accounts.find((row) => row.companyBankId === account.Id);
    expect(own).toMatchObject({
      openingOre: 90_000,
      statedOpeningOre: 90_000,
      movementOre: 25_000,
      closingOre: 115_000,
      closingDate: '2025-04-30',
      differenceOre: 0,
      proof: 'holds',
      transactionCount: 2,
      unexplainedCount: 2,
      unexplainedOre: 35_000,
    });
    expect(blocked.state).toBe('blocked');
    expect(blocked.blockers).toEqual([
      expect.objectContaining({
        key: `unexplained:${account.Id}`,
        kind: 'unexplained',
        count: 2,
        amountOre: 35_000,
      }),
    ]);
    expect(blocked.unexplained.total).toBe(2);

    const refused = await close(month);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data).toEqual([expect.objectContaining({ key: `unexplained:${account.Id}` })]);

    await markLost(await transactionIdsOf(account.Id, month));
    expect((await monthDetail(month)).state).toBe('ready');
    const closed = PeriodMonthDetail.parse(await ok(close(month)));
    expect(closed.state).toBe('closed');
    expect(closed.closing?.exceptions).toEqual([]);
    expect(closed.history.map((event) => event.kind)).toEqual(['closed']);

    const year = PeriodYear.parse(
      await ok(context.call('GET', `/api/main/periods?companyId=${context.companyId}&year=2025`)),
    );
    expect(year.months.find((row) => row.month === month)).toMatchObject({
      state: 'closed',
      transactionCount: 2,
    });
    expect(year.months.find((row) => row.month === '2025-03')).toMatchObject({
      state: 'blocked',
      unexplainedCount: 1,
      unexplainedOre: 10_000,
    });

    const again = await close(month);
    expect(again.statusCode).toBe(409);
  });

  it('refuses every change to a closed month with 409 and its message, and changes nothing', async () => {
    const [id] = await transactionIdsOf(account.Id, month);
    const attempts = [
      context.call('PUT', `/api/main/transactions/status/${id}`, {
        companyId: context.companyId,
        status: BankTransactionStatus.MISSING_VOUCHER,
      }),
      context.call('PUT', `/api/main/transactions/${id}`, { companyId: context.companyId, note: 'endret' }),
      context.call('DELETE', `/api/main/transactions/${id}?companyId=${context.companyId}`),
      context.call('POST', '/api/main/transactions/add', {
        companyId: context.companyId,
        companyBankId: account.Id,
        date: `${month}-15`,
        text: 'Etterregistrert',
        amountOre: -100,
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe(ErrorCode.PERIOD_CLOSED);
      expect(response.json().message).toContain(month);
    }
    const statement = await importInOneStep(
      context.app,
      context.session,
      { companyId: context.companyId, companyBankId: account.Id },
      {
        name: 'april-igjen.xml',
        bytes: camt053(account.AccountNumber, {
          id: 'STMT-APRIL-LATE',
          from: `${month}-01`,
          to: `${month}-30`,
          opening: '900.00',
          closing: '1140.00',
          entries: [
            { amount: '10.00', credit: false, date: `${month}-29`, reference: 'late-1', text: 'Sen post' },
          ],
        }),
      },
    );
    expect(statement.statusCode, statement.body).toBe(409);
    expect(statement.json().code).toBe(ErrorCode.PERIOD_CLOSED);
    const norwegian = await context.app.inject({
      method: 'PUT',
      url: `/api/main/transactions/${id}`,
      headers: { ...bearer(context.session), 'accept-language': 'nb-NO' },
      payload: { companyId: context.companyId, note: 'endret' },
    });
    expect(norwegian.json().message).toContain('avsluttet');
    const after = await monthDetail(month);
    expect(after.accounts.find((row) => row.companyBankId === account.Id)?.transactionCount).toBe(2);
    expect(after.unexplained.total).toBe(0);
  });

  it('locks the bookkeeping of its vouchers, but lets them be paid and matched from an open month', async () => {
    const voucher = await givenVoucher(context.app, context.session, context.companyId, {
      date: '2025-05-02',
      supplierName: 'Mai AS',
      amountOre: 5_000,
    });
    const moved = await context.call('PUT', `/api/main/voucher/${voucher.Id}`, {
      companyId: context.companyId,
      date: `${month}-28`,
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().code).toBe(ErrorCode.PERIOD_CLOSED);

    const april = await givenVoucher(context.app, context.session, context.companyId, {
      date: '2025-05-03',
      supplierName: 'April AS',
      amountOre: 7_000,
    });
    await context.db.execute(
      sql`update vouchers set effective_date = '2025-03-30', voucher_date = '2025-03-30'
          where company_id = ${context.companyId} and id = ${april.Id}`,
    );
    const payment = await givenTransaction(context.app, context.session, context.companyId, account.Id, {
      date: '2025-05-05',
      amountOre: -7_000,
      text: 'April AS',
    });
    const connected = await context.call('POST', '/api/main/transactionVoucher/add', {
      companyId: context.companyId,
      bankTransactionIds: [payment.Id],
      voucherIds: [april.Id],
    });
    expect(connected.statusCode, connected.body).toBe(200);
  });

  it('answers 404 to another company and lists only its own companies in the overview', async () => {
    const foreign = await context.call(
      'GET',
      `/api/main/periods/${month}?companyId=${context.companyId}`,
      undefined,
      context.outsiderSession,
    );
    expect(foreign.statusCode).toBe(404);
    const closing = await context.call(
      'POST',
      `/api/main/periods/2025-03/close`,
      { companyId: context.companyId, exceptions: [] },
      context.outsiderSession,
    );
    expect(closing.statusCode).toBe(404);
    const overview = PeriodOverview.parse(
      await ok(context.call('GET', '/api/main/periods/overview?until=2025-04&months=2')),
    );
    expect(overview.months).toEqual(['2025-03', '2025-04']);
    expect(overview.rows.map((row) => row.companyId)).toEqual([context.companyId]);
    expect(overview.rows[0]?.months.map((row) => row.state)).toEqual(['blocked', 'closed']);
    const outsiders = PeriodOverview.parse(
      await ok(context.call('GET', '/api/main/periods/overview', undefined, context.outsiderSession)),
    );
    expect(outsiders.rows.map((row) => row.companyId)).toEqual([context.outsiderCompanyId]);
  });

  it('is reopened only by an accountant, with a reason, and the company is told', async () => {
    const refused = await reopen(month, 'Feil i april må rettes', limited.session);
    expect(refused.statusCode).toBe(403);
    const tooShort = await reopen(month, 'feil');
    expect(tooShort.statusCode).toBe(400);
    const reopened = PeriodMonthDetail.parse(await ok(reopen(month, 'Feil i april må rettes')));
    expect(reopened.state).toBe('ready');
    expect(reopened.closing).toBeNull();
    expect(reopened.history.map((event) => [event.kind, event.reason])).toEqual([
      ['closed', null],
      ['reopened', 'Feil i april må rettes'],
    ]);
    const panel = await ok<{ todays: { title: string; link: string | null }[] }>(
      context.call(
        'GET',
        `/api/consent/notifications?companyId=${context.companyId}`,
        undefined,
        limited.session,
      ),
    );
    expect(panel.todays).toContainEqual(
      expect.objectContaining({ link: expect.stringContaining(`/period/${month}`) }),
    );
    const audit = (await context.db.execute(
      sql`select action from audit_log where company_id = ${context.companyId} and entity = 'period'
          and entity_id = ${month} order by id`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((row) => row.action)).toEqual(['close', 'reopen']);
    const [id] = await transactionIdsOf(account.Id, month);
    await ok(
      context.call('PUT', `/api/main/transactions/${id}`, { companyId: context.companyId, note: 'Rettet' }),
    );
    const notAgain = await reopen(month, 'Feil i april må rettes');
    expect(notAgain.statusCode).toBe(409);
  });

  it('closes with accepted exceptions only for an accountant, each reason kept', async () => {
    const march = await monthDetail('2025-03');
    expect(march.blockers.map((blocker) => blocker.kind)).toEqual(['unexplained']);
    const key = `unexplained:${account.Id}`;
    const limitedTry = await close(
      '2025-03',
      [{ key, reason: 'Kvittering etterlyst hos leverandør' }],
      limited.session,
    );
    expect(limitedTry.statusCode).toBe(403);
    const unknown = await close('2025-03', [
      { key: `difference:${account.Id}`, reason: 'Ikke relevant her' },
    ]);
    expect(unknown.statusCode).toBe(400);
    const closed = PeriodMonthDetail.parse(
      await ok(close('2025-03', [{ key, reason: 'Kvittering etterlyst hos leverandør' }])),
    );
    expect(closed.closing?.exceptions).toEqual([
      expect.objectContaining({
        key,
        kind: 'unexplained',
        count: 1,
        amountOre: 10_000,
        reason: 'Kvittering etterlyst hos leverandør',
      }),
    ]);
  });

  it('is not closed before it is over or before its books begin, and two closings at once make one', async () => {
    const current = monthOf(todayIsoDate('Europe/Oslo'));
    const early = await close(current);
    expect(early.statusCode).toBe(409);
    expect((await monthDetail(current)).state).toBe('not-ended');
    const beforeTheBooks = '2024-11';
    expect((await monthDetail(beforeTheBooks)).state).toBe('empty');
    const empty = await close(beforeTheBooks);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toContain('Import the bank statement');
    expect((await monthDetail(month)).state).toBe('ready');
    const answers = await Promise.all([close(month), close(month), close(month)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await reopen(month, 'Åpnet igjen etter samtidig lukking')).statusCode).toBe(200);
  });

  it('gives the closed month as a zip that is the same every time', async () => {
    const notClosed = await context.call(
      'GET',
      `/api/main/periods/2025-05/archive?companyId=${context.companyId}`,
    );
    expect(notClosed.statusCode).toBe(409);
    const url = `/api/main/periods/2025-03/archive?companyId=${context.companyId}`;
    const first = await context.call('GET', url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/zip');
    expect(first.headers['content-disposition']).toContain('2025-03.zip');
    const second = await context.call('GET', url);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const folder = mkdtempSync(path.join(tmpdir(), 'period-archive-'));
    try {
      writeFileSync(path.join(folder, 'archive.zip'), first.rawPayload);
      execFileSync('unzip', ['-q', 'archive.zip', '-d', 'out'], { cwd: folder });
      execFileSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: path.join(folder, 'out') });
      const transactions = readFileSync(path.join(folder, 'out', 'transactions.csv'), 'utf8');
      expect(transactions).toContain('Post 1');
      expect(transactions).toContain('missing-voucher');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the month totals', () => {
  it('equal the transactions themselves after random changes', async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    const account = await givenBankAccount(
      context.app,
      context.session,
      company.id,
      givenAccountNumber('1503', 77),
    );
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const ids: number[] = [];
    for (let step = 0; step < 60; step += 1) {
      const choice = random(4);
      if (choice < 2 || ids.length === 0) {
        const added = await givenTransaction(context.app, context.session, company.id, account.Id, {
          date: `2025-0${1 + random(3)}-${String(1 + random(28)).padStart(2, '0')}`,
          amountOre: random(2_000_000) - 1_000_000,
        });
        ids.push(added.Id);
      } else if (choice === 2) {
        const id = ids[random(ids.length)];
        await ok(
          context.call('PUT', `/api/main/transactions/status/${id}`, {
            companyId: company.id,
            status: [1, 3, 4][random(3)],
          }),
        );
      } else {
        const [id] = ids.splice(random(ids.length), 1);
        await ok(context.call('DELETE', `/api/main/transactions/${id}?companyId=${company.id}`));
      }
    }
    await context.db.execute(
      sql`update bank_transactions set booking_date = booking_date + 20, amount_ore = amount_ore * 2
          where company_id = ${company.id} and id % 3 = 0`,
    );
    const sorted = <T extends { month: string }>(rows: T[]) =>
      rows.sort((left, right) => left.month.localeCompare(right.month));
    const kept = sorted(await monthTotals(context.db, [company.id], '2025-01-01', '2025-12-31'));
    const raw = sorted(
      await monthTotalsFromTransactions(context.db, [company.id], '2025-01-01', '2025-12-31'),
    );
    expect(kept).toEqual(raw);
    expect(kept.length).toBeGreaterThan(1);
  });
});
