import { ErrorCode, PaymentStatus, RoleId } from '@bilag/contracts';
import { addDays, isNorwegianBankingDay, nextBankingDay, todayIsoDate } from '@bilag/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments } from '../../db/schema';
import { givenAccountNumber, givenCompany, type HttpMethod } from '../../test/fixtures';
import { createTestApp } from '../../test/test-app';
import { callAs, givenPerson, type Person } from './payment.fixtures';

const base = '/api/main/v2/voucher-payments/internal-transfer';

type Account = { Id: number; AccountNumber: string };

/** A banking day some days ahead, so the test holds whatever day it runs. */
function bankingDayAhead(days: number): string {
  return nextBankingDay(addDays(todayIsoDate('Europe/Oslo'), days));
}

function weekendAhead(): string {
  let day = addDays(todayIsoDate('Europe/Oslo'), 7);
  while (isNorwegianBankingDay(day)) day = addDays(day, 1);
  return day;
}

describe('internal transfers', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let owner: Person;
  let payer: Person;
  let member: Person;
  let outsider: Person;
  let companyId: number;
  let companyName: string;
  let outsiderCompanyId: number;
  let operating: Account;
  let tax: Account;
  let euro: Account;
  let outsiderAccount: Account;

  const person = (roleId: number) => givenPerson(context, roleId);

  function call(as: Person, method: HttpMethod, url: string, payload?: object, headers: object = {}) {
    return callAs(context.app, as, method, url, payload, headers);
  }

  async function account(as: Person, forCompany: number, seed: number, currency = 'NOK'): Promise<Account> {
    const response = await call(as, 'POST', '/api/main/company-banks/add', {
      companyId: forCompany,
      accountNumber: givenAccountNumber('1503', seed),
      name: `Konto ${seed}`,
      currency,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  async function transfers(query = '') {
    const response = await call(member, 'GET', `${base}/${companyId}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      total: number;
      rows: { Id: number; AmountOre: number; DueDate: string }[];
    };
  }

  function transfer(overrides: object = {}) {
    return {
      fromCompanyBankId: operating.Id,
      toCompanyBankId: tax.Id,
      amountOre: 1_850_000,
      dueDate: bankingDayAhead(3),
      message: 'Skattetrekk mars',
      ...overrides,
    };
  }

  beforeAll(async () => {
    context = await createTestApp();
    owner = await person(RoleId.ACCOUNTANT);
    payer = await person(RoleId.ACCOUNTANT);
    member = await person(RoleId.ACCOUNTANT);
    outsider = await person(RoleId.CEO);
    const company = await givenCompany(context.db, {
      ownerUserId: owner.id,
      memberIds: [payer.id, member.id],
    });
    companyId = company.id;
    companyName = company.name;
    outsiderCompanyId = (await givenCompany(context.db, { memberIds: [outsider.id] })).id;
    operating = await account(owner, companyId, 11);
    tax = await account(owner, companyId, 12);
    euro = await account(owner, companyId, 13, 'EUR');
    outsiderAccount = await account(outsider, outsiderCompanyId, 14);
    const added = await call(owner, 'POST', '/api/main/company-users-assign-payment', {
      companyId,
      userId: payer.id,
      isAllowPayments: false,
    });
    expect(added.statusCode, added.body).toBe(200);
    const outsiderPayer = await call(outsider, 'POST', '/api/main/company-users-assign-payment', {
      companyId: outsiderCompanyId,
      userId: outsider.id,
    });
    expect(outsiderPayer.statusCode, outsiderPayer.body).toBe(200);
  });
  afterAll(() => context.close());

  it("lists the company's accounts a transfer can go between", async () => {
    const response = await call(member, 'GET', `/api/main/internal-transfers/banks?companyId=${companyId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        CompanyBankId: operating.Id,
        Currency: 'NOK',
        BankName: 'DNB Bank',
        Name: 'Konto 11',
      }),
      expect.objectContaining({ CompanyBankId: tax.Id, Currency: 'NOK' }),
      expect.objectContaining({ CompanyBankId: euro.Id, Currency: 'EUR' }),
    ]);
  });

  it('lets a payment user add a transfer waiting for approval, to the account of the company, and records it', async () => {
    const body = { companyId, ...transfer() };
    const response = await call(payer, 'POST', `${base}/add`, body);
    expect(response.statusCode, response.body).toBe(200);
    const payment = response.json().data;
    expect(payment).toMatchObject({
      Type: 2,
      Source: 2,
      Status: PaymentStatus.FOR_APPROVE,
      DebtorCompanyBankId: operating.Id,
      DebtorAccountNumber: operating.AccountNumber,
      CreditorCompanyBankId: tax.Id,
      CreditorAccount: tax.AccountNumber,
      CreditorName: companyName,
      CreditorCountry: 'NO',
      AmountOre: 1_850_000,
      Currency: 'NOK',
      DueDate: body.dueDate,
      Message: 'Skattetrekk mars',
      VoucherId: null,
      CreatedBy: payer.id,
    });
    expect(payment.EndToEndId).toMatch(/^BILAG-[0-9A-F]{29}$/);
    const audit = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, String(payment.Id))));
    expect(audit).toEqual([expect.objectContaining({ action: 'create', userId: payer.id, companyId })]);
    expect((await transfers()).rows.map((row) => row.Id)).toEqual([payment.Id]);
  });

  it('lets only payment users prepare transfers', async () => {
    const response = await call(member, 'POST', `${base}/add`, { companyId, ...transfer() });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(ErrorCode.FORBIDDEN);
    expect((await transfers()).total).toBe(1);
  });

  it('refuses a transfer to the same account, between currencies, or with an account of another company', async () => {
    const same = await call(payer, 'POST', `${base}/add`, {
      companyId,
      ...transfer({ toCompanyBankId: operating.Id }),
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('A transfer must go between two different accounts.');
    const currencies = await call(payer, 'POST', `${base}/add`, {
      companyId,
      ...transfer({ toCompanyBankId: euro.Id }),
    });
    expect(currencies.statusCode).toBe(400);
    expect(currencies.json().message).toBe('Both accounts of a transfer must have the same currency.');
    const foreign = await call(payer, 'POST', `${base}/add`, {
      companyId,
      ...transfer({ toCompanyBankId: outsiderAccount.Id }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).not.toContain(outsiderAccount.AccountNumber);
    expect((await transfers()).total).toBe(1);
  });

  it('refuses a due date that is not a banking day, naming the next one, in the language asked', async () => {
    const weekend = weekendAhead();
    const response = await call(
      payer,
      'POST',
      `${base}/add`,
      { companyId, ...transfer({ dueDate: weekend, amountOre: 0 }) },
      { language: 'no' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data.problems).toEqual([
      { field: 'amountOre', reason: 'AMOUNT_NOT_POSITIVE', message: 'Beløpet må være mer enn null.' },
      {
        field: 'dueDate',
        reason: 'DUE_DATE_NOT_BANKING_DAY',
        message: `Forfallsdatoen er ikke en bankdag; neste bankdag er ${nextBankingDay(weekend)}.`,
      },
    ]);
    const past = await call(payer, 'POST', `${base}/add`, {
      companyId,
      ...transfer({ dueDate: addDays(todayIsoDate('Europe/Oslo'), -1) }),
    });
    expect(past.json().data.problems.map((problem: { reason: string }) => problem.reason)).toEqual([
      'DUE_DATE_PAST',
    ]);
  });

  it('adds several transfers all together, or none when one is refused', async () => {
    const refused = await call(payer, 'POST', '/api/main/internal-transfers/insert', {
      companyId,
      transfers: [
        transfer({ amountOre: 100 }),
        transfer({ amountOre: 200 }),
        transfer({ dueDate: weekendAhead() }),
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.problems.map((problem: { field: string }) => problem.field)).toEqual([
      'transfers.2.dueDate',
    ]);
    expect((await transfers()).total).toBe(1);

    const inserted = await call(payer, 'POST', '/api/main/internal-transfers/insert', {
      companyId,
      transfers: [
        transfer({ amountOre: 100, dueDate: bankingDayAhead(10) }),
        transfer({ amountOre: 200, dueDate: bankingDayAhead(20) }),
        transfer({ amountOre: 300, fromCompanyBankId: tax.Id, toCompanyBankId: operating.Id }),
      ],
    });
    expect(inserted.statusCode, inserted.body).toBe(200);
    expect(inserted.json().data.map((row: { AmountOre: number }) => row.AmountOre)).toEqual([100, 200, 300]);
    expect((await transfers()).total).toBe(4);
  });

  it('lists the newest due dates first, ten a page, and drops a date range missing one end', async () => {
    const filler = Array.from({ length: 8 }, (_, index) => transfer({ amountOre: 1_000 + index }));
    const inserted = await call(payer, 'POST', '/api/main/internal-transfers/insert', {
      companyId,
      transfers: filler,
    });
    expect(inserted.statusCode, inserted.body).toBe(200);
    const first = await transfers();
    expect(first.total).toBe(12);
    expect(first.rows).toHaveLength(10);
    const dates = first.rows.map((row) => row.DueDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe(bankingDayAhead(20));
    expect((await transfers('pageNumber=2')).rows).toHaveLength(2);
    const soon = bankingDayAhead(3);
    expect((await transfers(`from=${soon}&to=${soon}`)).total).toBe(10);
    expect((await transfers(`from=${soon}`)).total).toBe(12);
    expect((await transfers('statuses=3')).total).toBe(0);
  });

  it('counts transfers per status with totals per account and date, and asks for the company', async () => {
    const response = await call(
      member,
      'GET',
      `/api/main/v2/voucher-payments/internal-transfer-statistic?companyId=${companyId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const statistic = response.json().data;
    expect(statistic.counts).toContainEqual({ Status: 0, Total: 12 });
    expect(statistic.totalFailed).toBe(0);
    const fromTax = statistic.totals.filter(
      (total: { DebtorCompanyBankId: number }) => total.DebtorCompanyBankId === tax.Id,
    );
    expect(fromTax).toEqual([expect.objectContaining({ AmountOre: 300, Count: 1, Currency: 'NOK' })]);

    const missing = await call(member, 'GET', '/api/main/v2/voucher-payments/internal-transfer-statistic');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: ErrorCode.COMPANY_ID_MISSING, message: 'Invalid params' });
  });

  it('edits a transfer waiting for approval and refuses one further along', async () => {
    const [latest] = (await transfers()).rows;
    if (!latest) throw new Error('no transfer');
    const dueDate = bankingDayAhead(5);
    const edited = await call(payer, 'POST', `${base}/edit`, {
      companyId,
      id: latest.Id,
      ...transfer({ amountOre: 4_200, dueDate, message: 'Rettet beløp' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      Id: latest.Id,
      AmountOre: 4_200,
      DueDate: dueDate,
      Message: 'Rettet beløp',
    });
    const [audit] = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(latest.Id)), eq(auditLog.action, 'update')));
    expect(audit).toMatchObject({
      entity: 'payment',
      userId: payer.id,
      after: expect.objectContaining({ amountOre: 4_200 }),
    });

    await context.db
      .update(payments)
      .set({ status: PaymentStatus.PROCESSING })
      .where(and(eq(payments.companyId, companyId), eq(payments.id, latest.Id)));
    const refused = await call(payer, 'POST', `${base}/edit`, { companyId, id: latest.Id, ...transfer() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Only a payment waiting for approval can be changed; this one is processing.',
    );
  });

  it('acts once on a repeated add with the same idempotency key', async () => {
    const headers = { 'idempotency-key': `transfer-${companyId}-once` };
    const body = { companyId, ...transfer({ amountOre: 777 }) };
    const first = await call(payer, 'POST', `${base}/add`, body, headers);
    const second = await call(payer, 'POST', `${base}/add`, body, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.Id).toBe(first.json().data.Id);
    expect((await transfers('pageSize=50')).rows.filter((row) => row.AmountOre === 777)).toHaveLength(1);
  });

  it("keeps another company's transfers and accounts from an outsider, and changes nothing", async () => {
    const [target] = (await transfers()).rows;
    if (!target) throw new Error('no transfer');
    for (const url of [
      `${base}/${companyId}`,
      `/api/main/v2/voucher-payments/internal-transfer-statistic?companyId=${companyId}`,
      `/api/main/internal-transfers/banks?companyId=${companyId}`,
    ]) {
      const response = await call(outsider, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain(operating.AccountNumber);
    }
    const add = await call(outsider, 'POST', `${base}/add`, { companyId, ...transfer() });
    expect(add.statusCode).toBe(404);
    const outsiderSecond = await account(outsider, outsiderCompanyId, 15);
    const editForeign = await call(outsider, 'POST', `${base}/edit`, {
      companyId: outsiderCompanyId,
      id: target.Id,
      ...transfer({
        fromCompanyBankId: outsiderAccount.Id,
        toCompanyBankId: outsiderSecond.Id,
        amountOre: 1,
      }),
    });
    expect(editForeign.statusCode).toBe(404);
    const withOurAccounts = await call(outsider, 'POST', `${base}/edit`, {
      companyId: outsiderCompanyId,
      id: target.Id,
      ...transfer({ amountOre: 1 }),
    });
    expect(withOurAccounts.statusCode).toBe(400);
    const after = (await transfers()).rows.find((row) => row.Id === target.Id);
    expect(after?.AmountOre).toBe(target.AmountOre);
    const theirs = await call(outsider, 'GET', `${base}/${outsiderCompanyId}`);
    expect(theirs.json().data.total).toBe(0);
  });
});
