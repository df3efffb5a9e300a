import { BankTransactionStatus, PaymentStatus } from '@bilag/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import {
  givenAccountNumber,
  givenBankAccount,
  givenTenantApp,
  givenVoucher,
  importInOneStep,
  type TenantApp,
} from '../../test/fixtures';
import { camt053 } from '../imports/__fixtures__/statements';
import { givenPaymentRow } from './payment.fixtures';
import { type NewPaymentRow, payments } from './payment.table';

describe('payments settled by the bank statement', () => {
  let context: TenantApp;

  beforeAll(async () => {
    context = await givenTenantApp();
  });
  afterAll(() => context.close());

  function givenPayment(companyBankId: number, fields: Partial<NewPaymentRow>) {
    return givenPaymentRow(context.db, {
      companyId: context.companyId,
      debtorCompanyBankId: companyBankId,
      source: 0,
      status: PaymentStatus.PROCESSING,
      creditorAccount: givenAccountNumber('1206', 40),
      dueDate: '2025-04-03',
      ...fields,
    });
  }

  /** A statement file of the account imported in one step, under the given file name. */
  function importStatement(companyBankId: number, name: string, bytes: Uint8Array) {
    return importInOneStep(
      context.app,
      context.session,
      { companyId: context.companyId, companyBankId },
      { name, bytes },
    );
  }

  async function paymentById(id: number) {
    const [row] = await context.db
      .select()
      .from(payments)
      .where(and(eq(payments.companyId, context.companyId), eq(payments.id, id)));
    return row;
  }

  async function transactionsOf(companyBankId: number) {
    const list = await context.call(
      'GET',
      `/api/main/transactions/v2/list?companyId=${context.companyId}&companyBankId=${companyBankId}&year=2025`,
    );
    return list.json().data.rows as { Id: number; EndToEndId: string | null; Status: number }[];
  }

  it('marks a sent payment paid when the statement shows its end-to-end id and amount, and connects the line to its voucher', async () => {
    const account = await givenBankAccount(
      context.app,
      context.session,
      context.companyId,
      givenAccountNumber('1503', 3100),
    );
    const voucher = await givenVoucher(context.app, context.session, context.companyId, {
      date: '2025-03-20',
      supplierName: 'Vestlandsmel AS',
      amountOre: 125_050,
      dueDate: '2025-04-03',
    });
    const otherVoucher = await givenVoucher(context.app, context.session, context.companyId, {
      date: '2025-03-21',
      supplierName: 'Bergen Bakeri AS',
      amountOre: 10_000,
      dueDate: '2025-04-03',
    });
    const sent = await givenPayment(account.Id, { voucherId: voucher.Id });
    const wrongAmount = await givenPayment(account.Id, { voucherId: otherVoucher.Id, amountOre: 10_000 });
    const paidOutside = await givenPayment(account.Id, {
      status: PaymentStatus.FOR_APPROVE,
      amountOre: 4_200,
      creditorName: 'Kaffebrenneriet',
    });
    const statement = camt053(account.AccountNumber, {
      id: 'SETTLE-1',
      from: '2025-04-01',
      to: '2025-04-30',
      opening: '2000.00',
      closing: '608.50',
      entries: [
        {
          amount: '1250.50',
          credit: false,
          date: '2025-04-03',
          reference: 'S1',
          text: 'Betaling Vestlandsmel AS',
          endToEndId: sent.endToEndId,
        },
        {
          amount: '99.00',
          credit: false,
          date: '2025-04-03',
          reference: 'S2',
          text: 'Betaling Bergen Bakeri AS',
          endToEndId: wrongAmount.endToEndId,
        },
        {
          amount: '42.00',
          credit: false,
          date: '2025-04-04',
          reference: 'S3',
          text: 'Kaffebrenneriet',
          endToEndId: paidOutside.endToEndId,
        },
      ],
    });

    const imported = await importStatement(account.Id, 'april.xml', statement);
    expect(imported.statusCode, imported.body).toBe(200);

    const rows = await transactionsOf(account.Id);
    const lineOf = (endToEndId: string) => rows.find((row) => row.EndToEndId === endToEndId);
    const paidLine = lineOf(sent.endToEndId);
    expect(paidLine?.Status).toBe(BankTransactionStatus.CONNECTED);

    expect(await paymentById(sent.id)).toMatchObject({
      status: PaymentStatus.PAID,
      paidTransactionId: paidLine?.Id,
      paidReason: 'Statement 03.04.2025: Betaling Vestlandsmel AS',
    });
    expect((await paymentById(wrongAmount.id))?.status).toBe(PaymentStatus.PROCESSING);
    expect(await paymentById(paidOutside.id)).toMatchObject({
      status: PaymentStatus.PAID,
      paidTransactionId: lineOf(paidOutside.endToEndId)?.Id,
    });

    const connections = await context.call(
      'GET',
      `/api/main/transactionVoucher/admin-connections?companyId=${context.companyId}`,
      undefined,
      context.adminSession,
    );
    const connection = connections
      .json()
      .data.rows.find((row: { BankTransactionId: number }) => row.BankTransactionId === paidLine?.Id);
    expect(connection).toMatchObject({
      VoucherId: voucher.Id,
      Source: 'auto',
      Reasons: [{ code: 'SAME_PAYMENT_REFERENCE' }, { code: 'SAME_AMOUNT' }],
    });
    const history = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, context.companyId), eq(auditLog.entityId, String(paidLine?.Id))))
      .orderBy(asc(auditLog.id));
    expect(history.map((entry) => entry.after)).toContainEqual(
      expect.objectContaining({ voucherId: voucher.Id, paymentId: sent.id, endToEndId: sent.endToEndId }),
    );

    const again = await importStatement(account.Id, 'april.xml', statement);
    expect(again.statusCode).toBe(200);
    expect(again.json().data[0]).toMatchObject({ Imported: 0, Duplicates: 3 });
    expect(await paymentById(sent.id)).toMatchObject({
      status: PaymentStatus.PAID,
      paidTransactionId: paidLine?.Id,
    });
  });

  it('leaves a payment alone when the line with its end-to-end id is money coming in', async () => {
    const account = await givenBankAccount(
      context.app,
      context.session,
      context.companyId,
      givenAccountNumber('1503', 3400),
    );
    const payment = await givenPayment(account.Id, { amountOre: 30_000 });
    const statement = camt053(account.AccountNumber, {
      id: 'SETTLE-2',
      from: '2025-05-01',
      to: '2025-05-31',
      opening: '0',
      closing: '300.00',
      entries: [
        {
          amount: '300.00',
          credit: true,
          date: '2025-05-02',
          reference: 'R1',
          text: 'Returnert betaling',
          endToEndId: payment.endToEndId,
        },
      ],
    });
    const imported = await importStatement(account.Id, 'may.xml', statement);
    expect(imported.statusCode).toBe(200);
    expect((await paymentById(payment.id))?.status).toBe(PaymentStatus.PROCESSING);
  });
});
