import { randomUUID } from 'node:crypto';
import { type LoginData, PaymentType } from '@bilag/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { vouchers } from '../../db/schema';
import {
  bearer,
  givenAccountNumber,
  givenBankAccount,
  givenTenantApp,
  givenUser,
  givenVoucher,
  type HttpMethod,
  login,
} from '../../test/fixtures';
import { newEndToEndId } from './payment.mapping';
import {
  type NewPaymentRow,
  type PaymentRow,
  payments,
  paymentUserBanks,
  paymentUsers,
} from './payment.table';

/**
 * Makes a member a payment user of the company, with the accounts verified for them. Given again, it
 * sets whether they may pay and adds the accounts not yet verified.
 */
export async function givenPaymentUser(
  db: Db,
  companyId: number,
  userId: number,
  options: { isAllowPayments?: boolean; companyBankIds?: number[] } = {},
) {
  const isAllowPayments = options.isAllowPayments ?? true;
  await db
    .insert(paymentUsers)
    .values({ companyId, userId, isAllowPayments })
    .onConflictDoUpdate({ target: [paymentUsers.companyId, paymentUsers.userId], set: { isAllowPayments } });
  for (const companyBankId of options.companyBankIds ?? [])
    await db
      .insert(paymentUserBanks)
      .values({ companyId, userId, companyBankId, verifiedBy: 'manual' })
      .onConflictDoNothing();
}

/**
 * A test app of its own (see `givenTenantApp`) whose member is a payment user who may pay, with bank
 * accounts of the company numbered from the seeds; `verified` has them verified for the member too.
 */
export async function givenPayingTenantApp(options: { accountSeeds: number[]; verified?: boolean }) {
  const context = await givenTenantApp();
  const accounts: { Id: number; AccountNumber: string }[] = [];
  for (const seed of options.accountSeeds)
    accounts.push(
      await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', seed),
      ),
    );
  await givenPaymentUser(
    context.db,
    context.companyId,
    context.user.id,
    options.verified ? { companyBankIds: accounts.map((account) => account.Id) } : {},
  );
  return { ...context, accounts };
}
export type PayingTenantApp = Awaited<ReturnType<typeof givenPayingTenantApp>>;

/** A domestic payment put straight into the table, as the list, a file or the bank would have left it. */
export async function givenPaymentRow(
  db: Db,
  values: Pick<NewPaymentRow, 'companyId' | 'debtorCompanyBankId' | 'source'> & Partial<NewPaymentRow>,
): Promise<PaymentRow> {
  const uuid = randomUUID();
  const [row] = await db
    .insert(payments)
    .values({
      uuid,
      type: PaymentType.DOMESTIC,
      creditorName: 'Vestlandsmel AS',
      creditorAccount: givenAccountNumber('1206', Math.floor(Math.random() * 10_000)),
      amountOre: 125_050,
      dueDate: '2030-03-15',
      endToEndId: newEndToEndId(uuid),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no payment');
  return row;
}

/** A user of the given role, logged in. */
export type Person = { id: number; email: string; session: LoginData };

export async function givenPerson(
  context: { app: FastifyInstance; db: Db },
  roleId: number,
): Promise<Person> {
  const user = await givenUser(context.db, { roleId });
  return { id: user.id, email: user.email, session: await login(context.app, user.email) };
}

/** A call to the API as the given person. */
export function callAs(
  app: FastifyInstance,
  as: { session: LoginData },
  method: HttpMethod,
  url: string,
  payload?: object,
  headers: object = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...bearer(as.session), ...headers },
    ...(payload ? { payload } : {}),
  });
}

export type PayableVoucherFields = {
  supplierName?: string;
  amountOre?: number;
  dueDate?: string;
  kid?: string;
  accountNumber?: string;
  description?: string;
  currency?: string;
};

/** A voucher with what a payment needs, given through the API as a person would. */
export async function givenPayableVoucher(
  app: FastifyInstance,
  session: LoginData,
  companyId: number,
  fields: PayableVoucherFields,
): Promise<{ Id: number }> {
  const voucher = await givenVoucher(app, session, companyId, {});
  const updated = await app.inject({
    method: 'PUT',
    url: `/api/main/voucher/${voucher.Id}`,
    headers: bearer(session),
    payload: { companyId, ...fields },
  });
  if (updated.statusCode !== 200) throw new Error(`updating a voucher failed: ${updated.body}`);
  return voucher;
}

/** Marks a voucher as one that arrived as an EHF invoice, which no call of the API can set. */
export async function givenEhfSource(db: Db, companyId: number, voucherId: number) {
  await db
    .update(vouchers)
    .set({ source: 2 })
    .where(and(eq(vouchers.companyId, companyId), eq(vouchers.id, voucherId)));
}
