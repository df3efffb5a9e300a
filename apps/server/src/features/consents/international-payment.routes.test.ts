import { randomUUID } from 'node:crypto';
import { ErrorCode, PaymentStatus, PaymentType } from '@bilag/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, paymentBasketApprovals, paymentBaskets, payments, paymentUsers } from '../../db/schema';
import { givenBankAccount, givenTenantApp, type TenantApp } from '../../test/fixtures';

const CANCEL = '/api/consent/international-payment/cancel';
const CANCEL_V2 = '/api/consent/v2/international-payment/cancel';

describe('cancelling an unsigned international payment', () => {
  let context: TenantApp;
  let account: { Id: number; AccountNumber: string };

  beforeAll(async () => {
    context = await givenTenantApp();
    account = await givenBankAccount(context.app, context.session, context.companyId, '15030123457');
    await context.db.insert(paymentUsers).values({ companyId: context.companyId, userId: context.user.id });
  });
  afterAll(() => context.close());

  async function givenPayment(
    values: { type?: PaymentType; status?: PaymentStatus; basketUuid?: string } = {},
  ) {
    const uuid = randomUUID();
    const [row] = await context.db
      .insert(payments)
      .values({
        companyId: context.companyId,
        uuid,
        endToEndId: uuid.replaceAll('-', '').slice(0, 30),
        type: values.type ?? PaymentType.INTERNATIONAL,
        source: 2,
        status: values.status ?? PaymentStatus.FOR_APPROVE,
        debtorCompanyBankId: account.Id,
        debtorAccountNumber: account.AccountNumber,
        creditorName: 'Boulangerie Dupont',
        creditorAccount: 'FR7630006000011234567890189',
        creditorBic: 'AGRIFRPP',
        amountOre: 125_000,
        currency: values.type === PaymentType.DOMESTIC ? 'NOK' : 'EUR',
        dueDate: '2030-01-15',
        basketUuid: values.basketUuid ?? null,
      })
      .returning();
    if (!row) throw new Error('no payment');
    return row;
  }

  async function givenBasket(options: { signed: boolean }) {
    const uuid = randomUUID();
    await context.db.insert(paymentBaskets).values({
      companyId: context.companyId,
      uuid,
      bankGroup: 'dnb',
      debtorCompanyBankId: account.Id,
      debtorAccountNumber: account.AccountNumber,
      paymentKind: 'crossBorder',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    if (options.signed)
      await context.db.insert(paymentBasketApprovals).values({
        companyId: context.companyId,
        basketUuid: uuid,
        userId: context.user.id,
        ssnFingerprint: randomUUID(),
        signingRequestId: randomUUID(),
      });
    return uuid;
  }

  async function paymentNow(id: number) {
    const [row] = await context.db
      .select()
      .from(payments)
      .where(and(eq(payments.companyId, context.companyId), eq(payments.id, id)));
    return row;
  }

  it('cancels one nobody signed: it leaves its basket, becomes CANCELED, and its history says so', async () => {
    const basketUuid = await givenBasket({ signed: false });
    const payment = await givenPayment({ basketUuid });

    const response = await context.call('POST', CANCEL, {
      companyId: context.companyId,
      paymentId: payment.id,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(await paymentNow(payment.id)).toMatchObject({ status: PaymentStatus.CANCELED, basketUuid: null });
    const history = await context.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, context.companyId),
          eq(auditLog.entity, 'payment'),
          eq(auditLog.entityId, String(payment.id)),
        ),
      );
    expect(history.map((row) => row.action).sort()).toEqual(['basket', 'status']);
    const repeated = await context.call('POST', CANCEL, {
      companyId: context.companyId,
      paymentId: payment.id,
    });
    expect(repeated.statusCode).toBe(200);
  });

  it('refuses a domestic payment, a signed one and one no longer waiting, in both reply shapes', async () => {
    const domestic = await givenPayment({ type: PaymentType.DOMESTIC });
    const refusedDomestic = await context.call('POST', CANCEL, {
      companyId: context.companyId,
      paymentId: domestic.id,
    });
    expect(refusedDomestic.statusCode).toBe(409);
    expect(refusedDomestic.json().message).toBe(
      'Only an international payment can be cancelled here; this one is domestic.',
    );

    const signed = await givenPayment({ basketUuid: await givenBasket({ signed: true }) });
    const refusedSigned = await context.call('POST', CANCEL_V2, {
      companyId: context.companyId,
      paymentId: signed.id,
    });
    expect(refusedSigned.statusCode).toBe(409);
    expect(refusedSigned.json()).toMatchObject({
      code: 409,
      errors: [{ code: ErrorCode.CONFLICT, message: expect.stringContaining('has been signed') }],
    });

    const paid = await givenPayment({ status: PaymentStatus.PAID });
    const refusedPaid = await context.call('POST', CANCEL, {
      companyId: context.companyId,
      paymentId: paid.id,
    });
    expect(refusedPaid.statusCode).toBe(409);

    for (const row of [domestic, signed, paid]) expect((await paymentNow(row.id))?.status).toBe(row.status);
  });

  it('answers another company’s payment like a missing one', async () => {
    const payment = await givenPayment();
    await context.db
      .insert(paymentUsers)
      .values({ companyId: context.outsiderCompanyId, userId: context.outsider.id });
    const response = await context.call(
      'POST',
      CANCEL,
      { companyId: context.outsiderCompanyId, paymentId: payment.id },
      context.outsiderSession,
    );
    expect(response.statusCode).toBe(404);
    const missing = await context.call('POST', CANCEL, { companyId: context.companyId, paymentId: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect((await paymentNow(payment.id))?.status).toBe(PaymentStatus.FOR_APPROVE);
  });
});
