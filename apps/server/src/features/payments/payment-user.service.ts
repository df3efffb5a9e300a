import { ErrorCode, type PaymentUser, type VerifiedBank } from '@bilag/contracts';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { AppError, Errors } from '../../platform/errors';
import type { PaymentUserRow } from './payment.table';
import { requirePaymentsCompany, requirePaymentUserManager } from './payment-access';
import * as repository from './payment-user.repository';

type VerifiedAccount = {
  companyBankId: number;
  accountNumber: string;
  name: string | null;
  verifiedAt: Date;
  verifiedBy: 'manual' | 'bank-authorisation';
};

function toVerifiedBank(account: VerifiedAccount): VerifiedBank {
  return {
    CompanyBankId: account.companyBankId,
    AccountNumber: account.accountNumber,
    Name: account.name,
    IsVerified: true,
    VerifiedAt: account.verifiedAt.toISOString(),
    VerifiedBy: account.verifiedBy,
  };
}

function toAccountVerification(account: repository.AccountVerification): VerifiedBank {
  const { verification } = account;
  if (verification) return toVerifiedBank({ ...account, ...verification });
  return {
    CompanyBankId: account.companyBankId,
    AccountNumber: account.accountNumber,
    Name: account.name,
    IsVerified: false,
    VerifiedAt: null,
    VerifiedBy: null,
  };
}

async function toPaymentUsers(db: Db, companyId: number, listings: repository.PaymentUserListing[]) {
  const accounts = await repository.listVerifiedAccounts(
    db,
    companyId,
    listings.map((listing) => listing.paymentUser.userId),
  );
  return listings.map(
    ({ paymentUser, fullName, email }): PaymentUser => ({
      Id: paymentUser.id,
      CompanyId: paymentUser.companyId,
      UserId: paymentUser.userId,
      FullName: fullName,
      Email: email,
      IsAllowPayments: paymentUser.isAllowPayments,
      VerifiedBanks: accounts.filter((account) => account.userId === paymentUser.userId).map(toVerifiedBank),
      CreatedAt: paymentUser.createdAt.toISOString(),
    }),
  );
}

async function getPaymentUser(db: Db, companyId: number, id: number): Promise<PaymentUser> {
  const [paymentUser] = await toPaymentUsers(
    db,
    companyId,
    await repository.listPaymentUsers(db, companyId, id),
  );
  if (!paymentUser) throw Errors.notFound('paymentUserNotFound');
  return paymentUser;
}

function auditedState(row: PaymentUserRow) {
  return { userId: row.userId, isAllowPayments: row.isAllowPayments };
}

async function requireMember(db: Db, companyId: number, userId: number) {
  if (!(await repository.isCompanyMember(db, companyId, userId)))
    throw Errors.notFound('paymentUserNotMember');
}

export async function listPaymentUsers(db: Db, principal: Principal, companyIdInput: number | undefined) {
  const companyId = await requirePaymentsCompany(db, principal, companyIdInput);
  const rows = await toPaymentUsers(db, companyId, await repository.listPaymentUsers(db, companyId));
  return { rows, total: rows.length };
}

export async function addPaymentUser(
  db: Db,
  principal: Principal,
  input: { companyId?: number | undefined; userId: number; isAllowPayments: boolean },
): Promise<PaymentUser> {
  const companyId = await requirePaymentUserManager(db, principal, input.companyId);
  const id = await db.transaction(async (tx) => {
    await requireMember(tx, companyId, input.userId);
    const row = await repository.insertPaymentUser(tx, {
      companyId,
      userId: input.userId,
      isAllowPayments: input.isAllowPayments,
      createdBy: principal.userId,
    });
    if (!row) throw Errors.conflict('paymentUserExists');
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'payment-user',
      entityId: row.id,
      action: 'create',
      after: auditedState(row),
    });
    return row.id;
  });
  return getPaymentUser(db, companyId, id);
}

export async function updatePaymentUser(
  db: Db,
  principal: Principal,
  id: number,
  input: { companyId?: number | undefined; isAllowPayments: boolean },
): Promise<PaymentUser> {
  const companyId = await requirePaymentUserManager(db, principal, input.companyId);
  await db.transaction(async (tx) => {
    const before = await repository.lockPaymentUser(tx, companyId, id);
    if (!before) throw Errors.notFound('paymentUserNotFound');
    if (before.isAllowPayments === input.isAllowPayments) return;
    const after = await repository.updatePaymentUser(tx, companyId, id, {
      isAllowPayments: input.isAllowPayments,
    });
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'payment-user',
      entityId: id,
      action: 'update',
      before: auditedState(before),
      after: after ? auditedState(after) : null,
    });
  });
  return getPaymentUser(db, companyId, id);
}

/** The person is no longer a payment user, and no account stays verified for them. */
export async function removePaymentUser(
  db: Db,
  principal: Principal,
  id: number,
  companyIdInput: number | undefined,
): Promise<null> {
  const companyId = await requirePaymentUserManager(db, principal, companyIdInput);
  await db.transaction(async (tx) => {
    const before = await repository.lockPaymentUser(tx, companyId, id);
    if (!before) throw Errors.notFound('paymentUserNotFound');
    const accounts = await repository.listAccountsVerifiedFor(tx, companyId, before.userId);
    await repository.deleteVerifiedAccounts(tx, companyId, before.userId);
    await repository.deletePaymentUser(tx, companyId, id);
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'payment-user',
      entityId: id,
      action: 'delete',
      before: {
        ...auditedState(before),
        accountNumbers: accounts
          .filter((account) => account.verification)
          .map((account) => account.accountNumber),
      },
    });
  });
  return null;
}

/** Every account of the company, each marked whether it is verified for the person. */
export async function verifiedBanksOfPaymentUser(
  db: Db,
  principal: Principal,
  userId: number,
  companyIdInput: number | undefined,
): Promise<VerifiedBank[]> {
  const companyId = await requirePaymentsCompany(db, principal, companyIdInput);
  await requireMember(db, companyId, userId);
  return (await repository.listAccountsVerifiedFor(db, companyId, userId)).map(toAccountVerification);
}

/**
 * Makes the named accounts the ones the person may pay from. Accounts that stay keep how and when they
 * were verified (a bank's confirmation is not turned into a manual one); a person who is not yet a
 * payment user becomes one.
 */
export async function setVerifiedBanksOfPaymentUser(
  db: Db,
  principal: Principal,
  userId: number,
  input: { companyId?: number | undefined; accountNumbers: string[]; isAllowPayments?: boolean | undefined },
): Promise<VerifiedBank[]> {
  const companyId = await requirePaymentUserManager(db, principal, input.companyId);
  await db.transaction(async (tx) => {
    await requireMember(tx, companyId, userId);
    const wanted = [...new Set(input.accountNumbers)];
    const accounts = await repository.findCompanyAccountsByNumber(tx, companyId, wanted);
    const unknown = wanted.find((number) => !accounts.some((account) => account.accountNumber === number));
    if (unknown !== undefined)
      throw new AppError(ErrorCode.NOT_FOUND, 'paymentUserAccountUnknown', { params: { account: unknown } });

    let paymentUser = await repository.lockPaymentUserOfPerson(tx, companyId, userId);
    if (!paymentUser) {
      paymentUser = await repository.insertPaymentUser(tx, {
        companyId,
        userId,
        isAllowPayments: input.isAllowPayments ?? true,
        createdBy: principal.userId,
      });
      // A concurrent request made the person a payment user between the lock and the insert.
      paymentUser ??= await repository.lockPaymentUserOfPerson(tx, companyId, userId);
      if (!paymentUser) throw Errors.conflict('paymentUserExists');
      await writeAudit(tx, {
        companyId,
        userId: principal.userId,
        entity: 'payment-user',
        entityId: paymentUser.id,
        action: 'create',
        after: auditedState(paymentUser),
      });
    } else if (input.isAllowPayments !== undefined && input.isAllowPayments !== paymentUser.isAllowPayments) {
      const updated = await repository.updatePaymentUser(tx, companyId, paymentUser.id, {
        isAllowPayments: input.isAllowPayments,
      });
      await writeAudit(tx, {
        companyId,
        userId: principal.userId,
        entity: 'payment-user',
        entityId: paymentUser.id,
        action: 'update',
        before: auditedState(paymentUser),
        after: updated ? auditedState(updated) : null,
      });
    }

    const current = (await repository.listAccountsVerifiedFor(tx, companyId, userId)).filter(
      (account) => account.verification,
    );
    const wantedIds = new Set(accounts.map((account) => account.id));
    const currentIds = new Set(current.map((account) => account.companyBankId));
    const dropped = current.filter((account) => !wantedIds.has(account.companyBankId));
    const added = accounts.filter((account) => !currentIds.has(account.id));
    if (dropped.length === 0 && added.length === 0) return;
    await repository.deleteVerifiedAccounts(
      tx,
      companyId,
      userId,
      dropped.map((account) => account.companyBankId),
    );
    await repository.saveVerifiedAccounts(tx, {
      companyId,
      userId,
      companyBankIds: added.map((account) => account.id),
      verifiedBy: 'manual',
      createdBy: principal.userId,
    });
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'payment-user',
      entityId: paymentUser.id,
      action: 'verified-banks',
      before: { accountNumbers: current.map((account) => account.accountNumber) },
      after: { accountNumbers: accounts.map((account) => account.accountNumber).sort() },
    });
  });
  return (await repository.listAccountsVerifiedFor(db, companyId, userId)).map(toAccountVerification);
}

export async function assignableUsers(db: Db, principal: Principal, companyIdInput: number | undefined) {
  const companyId = await requirePaymentsCompany(db, principal, companyIdInput);
  return (await repository.listAssignableUsers(db, companyId)).map((user) => ({
    UserId: user.userId,
    FullName: user.fullName,
    Email: user.email,
  }));
}

/** The accounts the signed-in person may pay from in the company. */
export async function myVerifiedPaymentBanks(
  db: Db,
  principal: Principal,
  companyIdInput: number,
): Promise<VerifiedBank[]> {
  const companyId = await requirePaymentsCompany(db, principal, companyIdInput);
  return (await repository.listAccountsVerifiedFor(db, companyId, principal.userId))
    .filter((account) => account.verification)
    .map(toAccountVerification);
}
