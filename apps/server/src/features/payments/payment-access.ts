import { isAdminRole, type PaymentActions, RoleId } from '@bilag/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { requireCompanyAccess } from '../companies';
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
 * The gate of every payment call. Membership first (a foreign company answers as a missing one), then
 * the payment-user rules: only the company's payment users change what is paid, and only those allowed
 * to pay send payments to the bank.
 */
export async function requirePaymentAccess(
  db: Db,
  principal: Principal,
  companyIdInput: number | null | undefined,
  level: PaymentAccessLevel,
): Promise<PaymentAccess> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  const paymentUser = await findPaymentUser(db, company.Id, principal.userId);
  if (level !== 'view') {
    if (!paymentUser) throw Errors.forbidden('paymentUserRequired');
    if (level === 'pay' && !paymentUser.isAllowPayments) throw Errors.forbidden('paymentNotAllowed');
  }
  return { companyId: company.Id, paymentUser };
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
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  if (!(await canManagePaymentUsers(db, principal, company.Id)))
    throw Errors.forbidden('paymentUsersManageForbidden');
  return company.Id;
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
