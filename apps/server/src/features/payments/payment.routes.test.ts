import { ErrorCode, type LoginData, type Payment, PaymentStatus, RoleId } from '@bilag/contracts';
import { addBankingDays, addDays, bankableDueDate, createKid, todayIsoDate } from '@bilag/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  givenAccountNumber,
  givenBankAccount,
  givenCompany,
  givenUser,
  type HttpMethod,
  login,
} from '../../test/fixtures';
import { addCompanyUser } from '../companies';
import {
  givenEhfSource,
  givenPayableVoucher,
  givenPayingTenantApp,
  givenPaymentUser,
  type PayableVoucherFields,
  type PayingTenantApp,
} from './payment.fixtures';

const LIST = '/api/main/v2/voucher-payments';
const today = () => todayIsoDate('Europe/Oslo');

describe('the payment list: adding, editing and paying', () => {
  let context: PayingTenantApp;
  let companyId: number;
  let payingAccount: { Id: number; AccountNumber: string };
  let nextSupplierAccount = 100;

  beforeAll(async () => {
    context = await givenPayingTenantApp({ accountSeeds: [1], verified: true });
    companyId = context.companyId;
    [payingAccount] = context.accounts as [typeof payingAccount];
  });
  afterAll(() => context.close());

  function call(
    method: HttpMethod,
    url: string,
    payload?: object,
    options: { as?: LoginData; language?: 'en' | 'no'; key?: string } = {},
  ) {
    return context.app.inject({
      method,
      url,
      headers: {
        ...bearer(options.as ?? context.session),
        language: options.language ?? 'en',
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  }

  /** A supplier account of its own for each voucher, so tests do not see each other's duplicates. */
  function supplierAccount() {
    nextSupplierAccount += 1;
    return givenAccountNumber('1503', nextSupplierAccount);
  }

  function voucher(fields: PayableVoucherFields = {}) {
    return givenPayableVoucher(context.app, context.session, companyId, {
      supplierName: 'Leverandør AS',
      amountOre: 125_000,
      dueDate: '2025-03-14',
      kid: createKid('20250314', 'MOD10'),
      accountNumber: supplierAccount(),
      ...fields,
    });
  }

  async function addToList(voucherIds: number[], options: { confirmDuplicate?: boolean; key?: string } = {}) {
    const response = await call(
      'POST',
      `${LIST}/add-to-paymentlist`,
      { companyId, voucherIds, confirmDuplicate: options.confirmDuplicate ?? false },
      options.key ? { key: options.key } : {},
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      added: { voucherId: number; payment: Payment; isNew: boolean }[];
      skipped: { voucherId: number; reason: string; message: string }[];
      duplicates: { voucherId: number; matches: Payment[] }[];
    };
  }

  async function paymentOf(voucherId: number): Promise<Payment> {
    const added = await addToList([voucherId]);
    const [first] = added.added;
    if (!first) throw new Error(`nothing was added: ${JSON.stringify(added)}`);
    return first.payment;
  }

  async function paymentsOfVoucher(voucherId: number) {
    const response = await call('GET', `${LIST}/by-voucher?companyId=${companyId}&voucherId=${voucherId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { rows: Payment[]; payableRestOre: number | null };
  }

  function setStatus(ids: number[], status: number, options: { as?: LoginData; reason?: string } = {}) {
    return call(
      'POST',
      `${LIST}/update`,
      { companyId, ids, status, ...(options.reason ? { reason: options.reason } : {}) },
      options.as ? { as: options.as } : {},
    );
  }

  function draft(overrides: Record<string, unknown> = {}) {
    return {
      companyId,
      type: 0,
      debtorCompanyBankId: payingAccount.Id,
      creditorName: 'Kontorrekvisita AS',
      creditorAccount: supplierAccount(),
      amountOre: 49_900,
      dueDate: addBankingDays(today(), 3),
      message: 'Faktura 1001',
      ...overrides,
    };
  }

  describe('putting vouchers on the list', () => {
    it("pays what is left of the voucher to its supplier's account, with its KID, on a banking day, from the default account", async () => {
      const kid = createKid('7001', 'MOD11');
      const accountNumber = supplierAccount();
      const { Id } = await voucher({
        supplierName: 'Strøm AS',
        amountOre: 98_750,
        kid,
        accountNumber: `${accountNumber.slice(0, 4)}.${accountNumber.slice(4, 6)}.${accountNumber.slice(6)}`,
      });
      const result = await addToList([Id]);
      expect(result.skipped).toEqual([]);
      expect(result.added).toHaveLength(1);
      expect(result.added[0]).toMatchObject({
        voucherId: Id,
        isNew: true,
        payment: {
          VoucherId: Id,
          Type: 0,
          Source: 0,
          Status: PaymentStatus.FOR_APPROVE,
          CreditorName: 'Strøm AS',
          CreditorAccount: accountNumber,
          AmountOre: 98_750,
          Kid: kid,
          Message: null,
          DueDate: bankableDueDate('2025-03-14', { today: today(), currency: 'NOK', isInternational: false }),
          DebtorCompanyBankId: payingAccount.Id,
          DebtorAccountNumber: payingAccount.AccountNumber,
          VoucherSupplierName: 'Strøm AS',
        },
      });
      expect(await paymentsOfVoucher(Id)).toMatchObject({ payableRestOre: 0, rows: [{ AmountOre: 98_750 }] });
    });

    it('uses the voucher text cut to 140 characters as the message when the voucher has no valid KID', async () => {
      const description = `Faktura for mars ${'x'.repeat(200)}`;
      const { Id } = await voucher({ description, kid: '1234567890' });
      const payment = await paymentOf(Id);
      expect(payment.Kid).toBeNull();
      expect(payment.Message).toBe(description.slice(0, 140));
    });

    it('names the creditor Unknown (in the caller’s language) when the voucher has no supplier', async () => {
      const { Id } = await voucher({ supplierName: undefined });
      const response = await call(
        'POST',
        `${LIST}/add-to-paymentlist`,
        { companyId, voucherIds: [Id] },
        { language: 'no' },
      );
      expect(response.json().data.added[0].payment.CreditorName).toBe('Ukjent');
    });

    it('adds a voucher with an IBAN as an international payment, still to be completed', async () => {
      const { Id } = await voucher({ accountNumber: 'DE89 3704 0044 0532 0130 00', currency: 'EUR' });
      const payment = await paymentOf(Id);
      expect(payment).toMatchObject({
        Type: 1,
        CreditorAccount: 'DE89370400440532013000',
        CreditorCountry: 'DE',
      });
    });

    it('answers a voucher already wholly on the list with its open payment, and makes no second one', async () => {
      const { Id } = await voucher();
      const first = await paymentOf(Id);
      const again = await addToList([Id]);
      expect(again.added).toEqual([{ voucherId: Id, payment: first, isNew: false }]);
      expect((await paymentsOfVoucher(Id)).rows).toHaveLength(1);
    });

    it('says why each voucher that cannot be paid was left out, in the caller’s language', async () => {
      const noAmount = await voucher({ amountOre: 0 });
      const credit = await voucher({ amountOre: -5_000 });
      const noAccount = await voucher({ accountNumber: '' });
      const paid = await voucher();
      await call('PUT', `/api/main/voucher/${paid.Id}`, { companyId, isPaid: true });
      const deleted = await voucher();
      const removed = await call('DELETE', `/api/main/voucher/${deleted.Id}?companyId=${companyId}`);
      expect(removed.statusCode, removed.body).toBe(200);
      const ids = [noAmount.Id, credit.Id, noAccount.Id, paid.Id, deleted.Id, 2_000_000];
      const response = await call(
        'POST',
        `${LIST}/add-to-paymentlist`,
        { companyId, voucherIds: ids },
        { language: 'no' },
      );
      expect(response.json().data.added).toEqual([]);
      expect(response.json().data.skipped).toEqual([
        { voucherId: noAmount.Id, reason: 'NO_AMOUNT', message: 'Bilaget har ikke noe beløp å betale.' },
        {
          voucherId: credit.Id,
          reason: 'CREDIT',
          message: 'Bilaget er en kreditnota (negativt beløp); det er ingenting å betale.',
        },
        {
          voucherId: noAccount.Id,
          reason: 'NO_ACCOUNT',
          message: 'Bilaget har ikke noe kontonummer å betale til.',
        },
        { voucherId: paid.Id, reason: 'PAID', message: 'Bilaget er allerede merket som betalt.' },
        { voucherId: deleted.Id, reason: 'DELETED', message: 'Bilaget er slettet.' },
        { voucherId: 2_000_000, reason: 'NOT_FOUND', message: 'Fant ikke bilaget.' },
      ]);
    });

    it('makes exactly one payment from 100 concurrent adds of one voucher', async () => {
      const { Id } = await voucher({ amountOre: 10_000 });
      const responses = await Promise.all(
        Array.from({ length: 100 }, () =>
          call('POST', `${LIST}/add-to-paymentlist`, { companyId, voucherIds: [Id] }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(100).fill(200));
      const added = responses.map((response) => response.json().data.added[0]);
      expect(added.filter((entry) => entry.isNew)).toHaveLength(1);
      expect(new Set(added.map((entry) => entry.payment.Id)).size).toBe(1);
      expect(await paymentsOfVoucher(Id)).toMatchObject({ payableRestOre: 0, rows: [{ AmountOre: 10_000 }] });
    });

    it('acts once for 100 concurrent adds with one idempotency key, and answers each alike', async () => {
      const { Id } = await voucher({ amountOre: 20_000 });
      const key = `add-${Id}-once-only`;
      const responses = await Promise.all(
        Array.from({ length: 100 }, () =>
          call('POST', `${LIST}/add-to-paymentlist`, { companyId, voucherIds: [Id] }, { key }),
        ),
      );
      const answered = responses.filter((response) => response.statusCode === 200);
      // A repeat that arrives while the first still runs is told so; every other one gets the first answer.
      const busy = responses.filter((response) => response.statusCode !== 200);
      for (const response of busy) expect(response.json().code).toBe(ErrorCode.CONFLICT);
      expect(answered.length).toBeGreaterThan(0);
      const later = await call(
        'POST',
        `${LIST}/add-to-paymentlist`,
        { companyId, voucherIds: [Id] },
        { key },
      );
      expect(later.headers['idempotent-replayed']).toBe('true');
      const bodies = new Set([...answered, later].map((response) => JSON.stringify(response.json().data)));
      expect(bodies.size).toBe(1);
      expect(later.json().data.added[0].isNew).toBe(true);
      expect((await paymentsOfVoucher(Id)).rows).toHaveLength(1);
    });

    it('holds back a voucher that would pay the same creditor the same amount and KID again, until confirmed', async () => {
      const accountNumber = supplierAccount();
      const kid = createKid('555001', 'MOD10');
      const first = await voucher({ accountNumber, kid, amountOre: 33_300 });
      const second = await voucher({ accountNumber, kid, amountOre: 33_300 });
      const original = await paymentOf(first.Id);
      const held = await addToList([second.Id]);
      expect(held.added).toEqual([]);
      expect(held.duplicates).toEqual([{ voucherId: second.Id, matches: [original] }]);
      expect((await paymentsOfVoucher(second.Id)).rows).toEqual([]);

      const check = await call(
        'GET',
        `${LIST}/duplicate-check?companyId=${companyId}&creditorAccount=${accountNumber}&amountOre=33300&kid=${kid}`,
      );
      expect(check.json().data).toEqual({ windowDays: 90, matches: [original] });
      const excluded = await call(
        'GET',
        `${LIST}/duplicate-check?companyId=${companyId}&creditorAccount=${accountNumber}&amountOre=33300&kid=${kid}&excludeId=${original.Id}`,
      );
      expect(excluded.json().data.matches).toEqual([]);

      const confirmed = await addToList([second.Id], { confirmDuplicate: true });
      expect(confirmed.added).toMatchObject([{ voucherId: second.Id, isNew: true }]);
    });

    it('puts every unpaid EHF voucher of the company on the list in one go, and none twice', async () => {
      const ehf = await voucher({ amountOre: 40_000 });
      const ehfWithoutAccount = await voucher({ accountNumber: '' });
      const uploaded = await voucher();
      await givenEhfSource(context.db, companyId, ehf.Id);
      await givenEhfSource(context.db, companyId, ehfWithoutAccount.Id);
      const response = await call('POST', `/api/main/voucher/unpaid-ehf-to-payment-list/${companyId}`, {});
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.added).toMatchObject([
        { voucherId: ehf.Id, isNew: true, payment: { Source: 1, AmountOre: 40_000 } },
      ]);
      const again = await call('POST', `/api/main/voucher/unpaid-ehf-to-payment-list/${companyId}`, {});
      expect(again.json().data).toEqual({ added: [], skipped: [], duplicates: [] });
      expect((await paymentsOfVoucher(uploaded.Id)).rows).toEqual([]);
    });
  });

  describe('payments typed by hand', () => {
    it('adds a domestic payment with the account stored compact and the message cut to 140', async () => {
      const account = supplierAccount();
      const message = `Faktura ${'9'.repeat(200)}`;
      const response = await call(
        'POST',
        '/api/main/payments/add',
        draft({
          creditorAccount: `${account.slice(0, 4)} ${account.slice(4, 6)} ${account.slice(6)}`,
          message,
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({
        Source: 2,
        VoucherId: null,
        CreditorAccount: account,
        Message: message.slice(0, 140),
        DebtorAccountNumber: payingAccount.AccountNumber,
      });
      const fetched = await call(
        'GET',
        `/api/main/payments/${response.json().data.Id}?companyId=${companyId}`,
      );
      expect(fetched.json().data).toEqual(response.json().data);
    });

    it('refuses a payment the bank would refuse, listing every problem in the caller’s language', async () => {
      const saturday = (() => {
        let day = addDays(today(), 5);
        while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 6) day = addDays(day, 1);
        return day;
      })();
      const response = await call(
        'POST',
        '/api/main/payments/add',
        draft({ creditorAccount: '1234.56.78901', amountOre: 0, kid: '12345678', dueDate: saturday }),
        { language: 'no' },
      );
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(body.message).toMatch(/^Betalingen kan ikke gjennomføres slik den er: /);
      const problems = body.data.problems as { field: string; reason: string; message: string }[];
      expect(problems.map((problem) => problem.reason).sort()).toEqual(
        [
          'ACCOUNT_INVALID',
          'AMOUNT_NOT_POSITIVE',
          'DUE_DATE_NOT_BANKING_DAY',
          'KID_INVALID',
          'KID_WITH_MESSAGE',
        ].sort(),
      );
      expect(problems.find((problem) => problem.reason === 'AMOUNT_NOT_POSITIVE')?.message).toBe(
        'Beløpet må være mer enn null.',
      );
      const due = problems.find((problem) => problem.reason === 'DUE_DATE_NOT_BANKING_DAY');
      expect(due?.message).toBe(
        `Forfallsdatoen er ikke en bankdag; neste bankdag er ${bankableDueDate(saturday, { today: today(), currency: 'NOK', isInternational: false })}.`,
      );
    });

    it('validates a draft without storing it, and tells the banking day its due date moves to', async () => {
      const response = await call('POST', `${LIST}/validate`, {
        companyId,
        type: 1,
        creditorName: 'GmbH',
        creditorAccount: 'DE89 3704 0044 0532 0130 00',
        creditorCountry: 'DE',
        amountOre: 10_000,
        currency: 'EUR',
        dueDate: today(),
      });
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(data.isValid).toBe(false);
      expect(data.problems.map((problem: { reason: string }) => problem.reason)).toEqual(
        expect.arrayContaining(['BIC_MISSING', 'CHARGE_BEARER_MISSING', 'REASON_CODE_MISSING']),
      );
      expect(data.dueDate).toBe(
        bankableDueDate(today(), { today: today(), currency: 'EUR', isInternational: true }),
      );
    });

    it('refuses an account to pay from that is not one of the company’s', async () => {
      const other = await givenCompany(context.db, { memberIds: [context.outsider.id] });
      const foreignAccount = await givenBankAccount(
        context.app,
        context.outsiderSession,
        other.id,
        givenAccountNumber('1503', 2),
      );
      const response = await call(
        'POST',
        '/api/main/payments/add',
        draft({ debtorCompanyBankId: foreignAccount.Id }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The account to pay from is not one of the company’s accounts.');
    });

    it('answers 409 with the earlier payments when the same payment is added again, and adds it once confirmed', async () => {
      const payment = draft();
      const first = await call('POST', '/api/main/payments/add', payment);
      expect(first.statusCode).toBe(200);
      const again = await call('POST', '/api/main/payments/add', payment);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: ErrorCode.CONFLICT,
        message:
          'A payment to the same account with the same amount and KID or message is open or was paid in the last 90 days. Confirm to pay it again.',
        data: { duplicates: [first.json().data] },
      });
      const confirmed = await call('POST', '/api/main/payments/add', { ...payment, confirmDuplicate: true });
      expect(confirmed.statusCode).toBe(200);
    });

    it('never lets the payments of a voucher add up to more than its amount', async () => {
      const { Id } = await voucher({ amountOre: 100_000 });
      const part = await call('POST', '/api/main/payments/add', draft({ voucherId: Id, amountOre: 60_000 }));
      expect(part.statusCode, part.body).toBe(200);
      expect(part.json().data).toMatchObject({ VoucherId: Id, Source: 0 });
      const tooMuch = await call(
        'POST',
        '/api/main/payments/add',
        draft({ voucherId: Id, amountOre: 40_001 }),
      );
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().message).toBe(
        'The payments of this voucher would be more than its amount; 400,00 is left to pay.',
      );
      const rest = await addToList([Id]);
      expect(rest.added).toMatchObject([{ isNew: true, payment: { AmountOre: 40_000 } }]);
      const edit = await call('PUT', `${LIST}/${part.json().data.Id}`, draft({ amountOre: 60_001 }));
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toContain('600,00');
    });

    it('edits a payment waiting for approval through either PUT, and refuses one that is no longer waiting', async () => {
      const added = (await call('POST', '/api/main/payments/add', draft())).json().data as Payment;
      const edited = await call(
        'PUT',
        `${LIST}/${added.Id}`,
        draft({ creditorName: 'Nytt Navn AS', amountOre: 12_345 }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toMatchObject({
        Id: added.Id,
        CreditorName: 'Nytt Navn AS',
        AmountOre: 12_345,
      });
      const viaPayments = await call('PUT', `/api/main/payments/${added.Id}`, draft({ amountOre: 23_456 }));
      expect(viaPayments.json().data).toMatchObject({ Id: added.Id, AmountOre: 23_456 });

      expect((await setStatus([added.Id], PaymentStatus.PROCESSING)).statusCode).toBe(200);
      const refused = await call('PUT', `${LIST}/${added.Id}`, draft(), { language: 'no' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Bare en betaling som venter på godkjenning kan endres; denne er under behandling.',
      );
    });
  });

  describe('statuses', () => {
    it('moves payments only along the state machine, and refuses everything else with 409', async () => {
      const paid = (await call('POST', '/api/main/payments/add', draft())).json().data as Payment;
      const ignored = (await call('POST', '/api/main/payments/add', draft())).json().data as Payment;
      expect((await setStatus([paid.Id], PaymentStatus.PROCESSING)).statusCode).toBe(200);
      const done = await setStatus([paid.Id], PaymentStatus.PAID, { reason: 'Seen on the statement' });
      expect(done.json().data).toMatchObject([{ Id: paid.Id, Status: PaymentStatus.PAID }]);
      expect(done.json().data[0].PaidAt).not.toBeNull();

      const back = await setStatus([paid.Id], PaymentStatus.FOR_APPROVE);
      expect(back.statusCode).toBe(409);
      expect(back.json().message).toBe('A payment that is paid cannot become waiting for approval.');

      const removed = await call('POST', `${LIST}/delete-list`, { companyId, ids: [ignored.Id] });
      expect(removed.json().data).toEqual({ removed: [ignored.Id] });
      expect((await setStatus([ignored.Id], PaymentStatus.PROCESSING)).statusCode).toBe(409);

      const both = await setStatus([paid.Id, ignored.Id], PaymentStatus.FAILED);
      expect(both.statusCode).toBe(409);
      const fetched = await call('GET', `/api/main/payments/${ignored.Id}?companyId=${companyId}`);
      expect(fetched.json().data.Status).toBe(PaymentStatus.IGNORED);
    });

    it('frees the voucher when its payment is taken off the list', async () => {
      const { Id } = await voucher({ amountOre: 77_700 });
      const payment = await paymentOf(Id);
      const removed = await call('POST', `${LIST}/delete-list`, { companyId, ids: [payment.Id] });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await paymentsOfVoucher(Id)).toMatchObject({ payableRestOre: 77_700 });
      const again = await addToList([Id]);
      expect(again.added).toMatchObject([{ isNew: true, payment: { AmountOre: 77_700 } }]);
    });

    it('cancels a payment the bank has not paid, and shows each step in its history', async () => {
      const payment = (await call('POST', '/api/main/payments/add', draft())).json().data as Payment;
      await setStatus([payment.Id], PaymentStatus.PROCESSING, { reason: 'Sent to the bank' });
      const canceled = await call('POST', `${LIST}/cancel/${payment.Id}`, { companyId });
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json().data.Status).toBe(PaymentStatus.CANCELED);

      const info = await call(
        'GET',
        `${LIST}/get-payment-info-by-uuid?companyId=${companyId}&paymentsUUID=${payment.Uuid}`,
      );
      expect(info.statusCode, info.body).toBe(200);
      expect(info.json().data.payment.Id).toBe(payment.Id);
      expect(info.json().data.history).toMatchObject([
        { Action: 'status', FromStatus: 1, ToStatus: 4001, UserName: 'Test Person' },
        { Action: 'status', FromStatus: 0, ToStatus: 1, Reason: 'Sent to the bank' },
        { Action: 'create', FromStatus: null, ToStatus: 0 },
      ]);
      const byUuid = await call('GET', `${LIST}/by-uuid?companyId=${companyId}&paymentsUUID=${payment.Uuid}`);
      expect(byUuid.json().data).toEqual([canceled.json().data]);
    });
  });

  describe('who may do what', () => {
    let member: LoginData;
    let preparer: LoginData;

    beforeAll(async () => {
      const memberUser = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT });
      const preparerUser = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT });
      await addCompanyUser(context.db, companyId, memberUser.id);
      await addCompanyUser(context.db, companyId, preparerUser.id);
      await givenPaymentUser(context.db, companyId, preparerUser.id, { isAllowPayments: false });
      member = await login(context.app, memberUser.email);
      preparer = await login(context.app, preparerUser.email);
    });

    it('lets a member who is not a payment user look, but not put anything on the list', async () => {
      const { Id } = await voucher();
      const refused = await call(
        'POST',
        `${LIST}/add-to-paymentlist`,
        { companyId, voucherIds: [Id] },
        { as: member },
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(ErrorCode.FORBIDDEN);
      expect((await paymentsOfVoucher(Id)).rows).toEqual([]);
      const list = await call('GET', `${LIST}?companyId=${companyId}`, undefined, { as: member });
      expect(list.statusCode).toBe(200);
      const actions = await call('GET', `/api/main/payment-actions/${companyId}`, undefined, { as: member });
      expect(actions.json().data).toMatchObject({ canView: true, canPrepare: false, canPay: false });
    });

    it('lets a payment user who may not pay prepare payments, but not cancel or change statuses', async () => {
      const { Id } = await voucher();
      const added = await call(
        'POST',
        `${LIST}/add-to-paymentlist`,
        { companyId, voucherIds: [Id] },
        { as: preparer },
      );
      expect(added.statusCode).toBe(200);
      const payment = added.json().data.added[0].payment as Payment;
      const cancel = await call('POST', `${LIST}/cancel/${payment.Id}`, { companyId }, { as: preparer });
      expect(cancel.statusCode).toBe(403);
      expect(cancel.json().message).toBe(
        'You are a payment user of the company, but not allowed to pay. Ask to be allowed under Payment users.',
      );
      expect((await setStatus([payment.Id], PaymentStatus.PROCESSING, { as: preparer })).statusCode).toBe(
        403,
      );
      const actions = await call('GET', `/api/main/payment-actions/${companyId}`, undefined, {
        as: preparer,
      });
      expect(actions.json().data).toMatchObject({ canPrepare: true, canPay: false });
      const mine = await call('GET', `/api/main/payment-actions/${companyId}`);
      expect(mine.json().data).toMatchObject({ canPay: true, verifiedCompanyBankIds: [payingAccount.Id] });
    });

    it("answers another company's payment as missing and leaves it as it was", async () => {
      const outsiderCompany = context.outsiderCompanyId;
      await givenPaymentUser(context.db, outsiderCompany, context.outsider.id);
      const payment = (await call('POST', '/api/main/payments/add', draft())).json().data as Payment;
      const as = context.outsiderSession;
      const attempts = [
        call('POST', `${LIST}/cancel/${payment.Id}`, { companyId: outsiderCompany }, { as }),
        call('POST', `${LIST}/update`, { companyId: outsiderCompany, ids: [payment.Id], status: 4 }, { as }),
        call('POST', `${LIST}/delete-list`, { companyId: outsiderCompany, ids: [payment.Id] }, { as }),
        call('GET', `/api/main/payments/${payment.Id}?companyId=${outsiderCompany}`, undefined, { as }),
        call('PUT', `/api/main/payments/${payment.Id}`, { ...draft(), companyId: outsiderCompany }, { as }),
      ];
      const answers = await Promise.all(attempts);
      expect(answers.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 400]);
      const stolen = await call('GET', `/api/main/payments/${payment.Id}?companyId=${companyId}`, undefined, {
        as,
      });
      expect(stolen.statusCode).toBe(404);
      const unchanged = await call('GET', `/api/main/payments/${payment.Id}?companyId=${companyId}`);
      expect(unchanged.json().data).toEqual(payment);
    });
  });
});
