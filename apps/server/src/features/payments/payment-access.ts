import { isAdminRole, type PaymentActions, RoleId } from '@bilag/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { requireCompanyAccess } from '../companies';
import { requireServiceOn } from '../company-services';
import { type PaymentUserRow, paymentUserBanks, paymentUsers } from './payment.table';

/**
 * How far a person may go with a company's payments: look at them, prepare them (payment users), or
 * pay them (payment users allowed to pay).
 */
export type PaymentAccessLevel = 'view' | 'prepare' | 'pay';

export type PaymentAccess = {
  companyId: number;
  paymentUser: PaymentUserRow | undefined;
};

async function findPaymentUser(db: Db, companyId: number, userId: number) {
  const [row] = await db
    .select()
    .from(paymentUsers)
    .where(and(eq(paymentUsers.companyId, companyId), eq(paymentUsers.userId, userId)));
  return row;
}

/**
 * The gate every payment call passes first, whatever it does next: membership (a foreign company answers
 * as a missing one), then the company's payment service, which refuses with 403 while payments are off.
 * Answers the company's id.
 */
export async function requirePaymentsCompany(
  db: Db,
  principal: Principal,
  companyIdInput: number | null | undefined,
): Promise<number> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  await requireServiceOn(db, company.Id, 'payments');
  return company.Id;
}

/**
 * A payment list read beside the gate instead of after it: the result is returned only once the gate
 * has passed, and a list costs one round trip less.
 */
export async function readWithPaymentsCompany<T>(
  db: Db,
  principal: Principal,
  companyId: number,
  read: (companyId: number) => Promise<T>,
): Promise<T> {
  const [, result] = await Promise.all([requirePaymentsCompany(db, principal, companyId), read(companyId)]);
  return result;
}

/**
 * The gate of the payment calls that look at or change payments: the company's gate, then the
 * payment-user rules: only the company's payment users change what is paid, and only those allowed to
 * pay send payments to the bank.
 */
export async function requirePaymentAccess(
  db: Db,
  principal: Principal,
  companyIdInput: number | null | undefined,
  level: PaymentAccessLevel,
): Promise<PaymentAccess> {
  const companyId = await requirePaymentsCompany(db, principal, companyIdInput);
  const paymentUser = await findPaymentUser(db, companyId, principal.userId);
  if (level !== 'view') {
    if (!paymentUser) throw Errors.forbidden('paymentUserRequired');
    if (level === 'pay' && !paymentUser.isAllowPayments) throw Errors.forbidden('paymentNotAllowed');
  }
  return { companyId, paymentUser };
}

/** The accounts (company bank ids) a person may pay from in a company. */
export async function verifiedCompanyBankIds(db: Db, companyId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ companyBankId: paymentUserBanks.companyBankId })
    .from(paymentUserBanks)
    .where(and(eq(paymentUserBanks.companyId, companyId), eq(paymentUserBanks.userId, userId)));
  return rows.map((row) => row.companyBankId);
}

/** Paying from an account needs the account verified for the person paying. */
export async function requireVerifiedAccount(
  db: Db,
  companyId: number,
  userId: number,
  companyBankId: number,
  accountNumber: string,
): Promise<void> {
  const verified = await verifiedCompanyBankIds(db, companyId, userId);
  if (!verified.includes(companyBankId))
    throw Errors.forbidden('paymentAccountNotVerified', { account: accountNumber });
}

/** Choosing who pays is for the company's owner, its CEO, or an administrator. */
export async function canManagePaymentUsers(
  db: Db,
  principal: Principal,
  companyId: number,
): Promise<boolean> {
  if (isAdminRole(principal.roleId) || principal.roleId === RoleId.CEO) return true;
  const [company] = await db
    .select({ ownerUserId: companies.ownerUserId })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.ownerUserId === principal.userId;
}

export async function requirePaymentUserManager(
  db: Db,
  principal: Principal,
  companyIdInput: number | null | undefined,
): Promise<number> {
  const companyId = await requirePaymentsCompany(db, principal, companyIdInput);
  if (!(await canManagePaymentUsers(db, principal, companyId)))
    throw Errors.forbidden('paymentUsersManageForbidden');
  return companyId;
}

export async function paymentActionsOf(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
): Promise<PaymentActions> {
  const { companyId, paymentUser } = await requirePaymentAccess(db, principal, companyIdInput, 'view');
  return {
    canView: true,
    canPrepare: paymentUser !== undefined,
    canPay: paymentUser?.isAllowPayments === true,
    canManageUsers: await canManagePaymentUsers(db, principal, companyId),
    verifiedCompanyBankIds: paymentUser ? await verifiedCompanyBankIds(db, companyId, principal.userId) : [],
  };
}
