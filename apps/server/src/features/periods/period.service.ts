import {
  BankTransactionStatus,
  type ClosePeriodRequest,
  type Language,
  PERIOD_LIMITS,
  type PeriodAccount,
  type PeriodBlocker,
  type PeriodException,
  type PeriodMonthDetail,
  type PeriodOverview,
  type PeriodState,
  type PeriodSummary,
  type PeriodYear,
  periodBlockerKey,
  type ReopenPeriodRequest,
  roleMay,
} from '@bilag/contracts';
import {
  type AccountMonthFacts,
  type AccountMonthProof,
  addMonths,
  firstDayOf,
  lastDayOf,
  type Month,
  monthOf,
  monthsFrom,
  proveAccountMonths,
  todayIsoDate,
} from '@bilag/domain';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { ObjectStore } from '../../platform/object-store';
import { requireCompanyAccess } from '../companies';
import { notifyCompanyUsers } from '../notifications';
import * as repository from './period.repository';
import type { PeriodArchiveInput, PeriodArchiveTransaction } from './period-archive';

/** Months are closed by the Norwegian calendar: a month is over once its last day has passed in Norway. */
function today(): string {
  return todayIsoDate('Europe/Oslo');
}

type AccountProofs = { account: repository.PeriodAccountRow; months: AccountMonthProof[] };

/** Every account of the companies, proven month by month from `first` to `last`. */
async function proveMonths(
  db: Db,
  companyIds: readonly number[],
  first: Month,
  last: Month,
): Promise<Map<number, AccountProofs[]>> {
  const firstDay = firstDayOf(first);
  const lastDay = lastDayOf(last);
  // One after another: inside the closing's transaction the queries share one connection.
  const accounts = await repository.accountsOf(db, companyIds);
  const totals = await repository.monthTotals(db, companyIds, firstDay, lastDay);
  const balances = await repository.monthBalances(db, companyIds, firstDay, lastDay);
  const before = await repository.closingsBefore(db, companyIds, firstDay);
  const key = (companyBankId: number, month: string) => `${companyBankId}/${month}`;
  const totalsByKey = new Map(totals.map((row) => [key(row.companyBankId, row.month), row]));
  const balancesByKey = new Map(balances.map((row) => [key(row.companyBankId, row.month), row]));
  const closingBefore = new Map(before.map((row) => [row.companyBankId, row.amountOre]));
  const months = monthsFrom(first, last);
  const proven = new Map<number, AccountProofs[]>(companyIds.map((companyId) => [companyId, []]));
  for (const account of accounts) {
    const facts = months.map((month): AccountMonthFacts => {
      const total = totalsByKey.get(key(account.id, month));
      const balance = balancesByKey.get(key(account.id, month));
      return {
        month,
        transactionCount: total?.transactionCount ?? 0,
        unexplainedCount: total?.unexplainedCount ?? 0,
        movementOre: total?.movementOre ?? 0,
        unexplainedOre: total?.unexplainedOre ?? 0,
        closing:
          balance?.closingOre != null && balance.closingDate !== null
            ? { amountOre: balance.closingOre, date: balance.closingDate }
            : null,
        statedOpeningOre: balance?.statedOpeningOre ?? null,
      };
    });
    proven.get(account.companyId)?.push({
      account,
      months: proveAccountMonths(closingBefore.get(account.id) ?? null, facts),
    });
  }
  return proven;
}

function blockersOf(accounts: readonly AccountProofs[], index: number): PeriodBlocker[] {
  return accounts.flatMap(({ account, months }) =>
    (months[index]?.blockers ?? []).map((blocker) => ({
      key: periodBlockerKey(blocker.kind, account.id),
      kind: blocker.kind,
      companyBankId: account.id,
      accountNumber: account.accountNumber,
      count: blocker.count,
      amountOre: blocker.amountOre,
    })),
  );
}

/** Whether any account holds a transaction or a stated balance in the month or before it. */
function hasBooks(accounts: readonly AccountProofs[], index: number): boolean {
  return accounts.some(({ months }) => {
    const proof = months[index];
    return proof !== undefined && (proof.proof !== 'no-activity' || proof.openingOre !== null);
  });
}

function stateOf(
  month: Month,
  closing: repository.ClosingRow | undefined,
  accounts: readonly AccountProofs[],
  index: number,
  blockers: number,
): PeriodState {
  if (closing) return 'closed';
  if (lastDayOf(month) >= today()) return 'not-ended';
  if (!hasBooks(accounts, index)) return 'empty';
  return blockers > 0 ? 'blocked' : 'ready';
}

function summaries(
  months: readonly Month[],
  accounts: readonly AccountProofs[],
  closings: readonly repository.ClosingRow[],
): PeriodSummary[] {
  return months.map((month, index) => {
    const blockers = blockersOf(accounts, index);
    const closing = closings.find((row) => row.month === month);
    const proofs = accounts.map((account) => account.months[index]).filter((proof) => proof !== undefined);
    return {
      month,
      state: stateOf(month, closing, accounts, index, blockers.length),
      transactionCount: proofs.reduce((sum, proof) => sum + proof.transactionCount, 0),
      unexplainedCount: proofs.reduce((sum, proof) => sum + proof.unexplainedCount, 0),
      unexplainedOre: proofs.reduce((sum, proof) => sum + proof.unexplainedOre, 0),
      differenceOre: blockers
        .filter((blocker) => blocker.kind === 'difference' || blocker.kind === 'opening-mismatch')
        .reduce((sum, blocker) => sum + Math.abs(blocker.amountOre), 0),
      blockerCount: blockers.length,
      closedAt: closing?.closedAt ?? null,
      closedByName: closing?.closedByName ?? null,
    };
  });
}

export async function listPeriods(
  db: Db,
  principal: Principal,
  query: { companyId: number; year: number },
): Promise<PeriodYear> {
  const companyId = (await requireCompanyAccess(db, principal.userId, query.companyId)).Id;
  const first = `${String(query.year).padStart(4, '0')}-01`;
  const last = `${String(query.year).padStart(4, '0')}-12`;
  const [proven, closings] = await Promise.all([
    proveMonths(db, [companyId], first, last),
    repository.openClosings(db, [companyId], firstDayOf(first), firstDayOf(last)),
  ]);
  return {
    year: query.year,
    months: summaries(monthsFrom(first, last), proven.get(companyId) ?? [], closings),
  };
}

export async function periodOverview(
  db: Db,
  principal: Principal,
  query: { until?: Month | undefined; months: number },
): Promise<PeriodOverview> {
  const last = query.until ?? addMonths(monthOf(today()), -1);
  const first = addMonths(last, -(query.months - 1));
  const months = monthsFrom(first, last);
  const companies = await repository.companiesOfUser(db, principal.userId);
  if (companies.length === 0) return { months, rows: [] };
  const companyIds = companies.map((company) => company.id);
  const [proven, closings] = await Promise.all([
    proveMonths(db, companyIds, first, last),
    repository.openClosings(db, companyIds, firstDayOf(first), firstDayOf(last)),
  ]);
  return {
    months,
    rows: companies.map((company) => ({
      companyId: company.id,
      companyName: company.name,
      companyAlias: company.alias,
      months: summaries(
        months,
        proven.get(company.id) ?? [],
        closings.filter((closing) => closing.companyId === company.id),
      ),
    })),
  };
}

function toAccount(proof: AccountProofs): PeriodAccount | undefined {
  const [month] = proof.months;
  if (!month) return undefined;
  return {
    companyBankId: proof.account.id,
    accountNumber: proof.account.accountNumber,
    name: proof.account.name,
    currency: proof.account.currency,
    openingOre: month.openingOre,
    statedOpeningOre: month.statedOpeningOre,
    movementOre: month.movementOre,
    closingOre: month.closing?.amountOre ?? null,
    closingDate: month.closing?.date ?? null,
    differenceOre: month.differenceOre,
    proof: month.proof,
    transactionCount: month.transactionCount,
    explainedCount: month.transactionCount - month.unexplainedCount,
    unexplainedCount: month.unexplainedCount,
    unexplainedOre: month.unexplainedOre,
  };
}

/** A month's proof and blockers, read in the transaction that may close it. */
async function monthDetail(db: Db, companyId: number, month: Month): Promise<PeriodMonthDetail> {
  const firstDay = firstDayOf(month);
  const lastDay = lastDayOf(month);
  const listed = { companyId, firstDay, lastDay, limit: PERIOD_LIMITS.listedRows };
  const proven = await proveMonths(db, [companyId], month, month);
  const closings = await repository.closingsOfMonth(db, companyId, firstDay);
  const unexplained = await repository.unexplainedTransactions(db, listed);
  const vouchersWithoutTransaction = await repository.vouchersWithoutTransaction(db, listed);
  const accounts = proven.get(companyId) ?? [];
  const blockers = blockersOf(accounts, 0);
  const closing = closings.find((row) => row.reopenedAt === null);
  return {
    month,
    firstDay,
    lastDay,
    state: stateOf(month, closing, accounts, 0, blockers.length),
    accounts: accounts.map(toAccount).filter((account) => account !== undefined),
    blockers,
    unexplained,
    vouchersWithoutTransaction,
    closing: closing
      ? {
          id: closing.id,
          closedAt: closing.closedAt,
          closedByName: closing.closedByName,
          exceptions: closing.exceptions,
        }
      : null,
    history: closings
      .flatMap((row) => [
        {
          kind: 'closed' as const,
          at: row.closedAt,
          byName: row.closedByName,
          reason: null,
          exceptionCount: row.exceptions.length,
        },
        ...(row.reopenedAt === null
          ? []
          : [
              {
                kind: 'reopened' as const,
                at: row.reopenedAt,
                byName: row.reopenedByName,
                reason: row.reopenReason,
                exceptionCount: 0,
              },
            ]),
      ])
      .sort((left, right) => left.at.localeCompare(right.at)),
  };
}

export async function periodByMonth(
  db: Db,
  principal: Principal,
  query: { companyId: number; month: Month },
): Promise<PeriodMonthDetail> {
  const company = await requireCompanyAccess(db, principal.userId, query.companyId);
  return monthDetail(db, company.Id, query.month);
}

/**
 * Closes the month under the company's period lock, so no change to its books lands between reading
 * what blocks it and the closing: every blocker must be accepted with a reason, or there must be none.
 */
export async function closePeriod(
  db: Db,
  principal: Principal,
  month: Month,
  request: ClosePeriodRequest,
): Promise<PeriodMonthDetail> {
  if (request.exceptions.length > 0 && !roleMay(principal.roleId, 'period.exceptions')) {
    throw Errors.forbidden('periodExceptionsNotAllowed');
  }
  const companyId = (await requireCompanyAccess(db, principal.userId, request.companyId)).Id;
  if (lastDayOf(month) >= today()) throw Errors.conflict('periodNotEnded', { month });
  const reasons = new Map(request.exceptions.map((exception) => [exception.key, exception.reason]));
  await db.transaction(async (tx) => {
    await repository.lockCompanyPeriods(tx, companyId);
    const detail = await monthDetail(tx, companyId, month);
    if (detail.closing) throw Errors.conflict('periodAlreadyClosed', { month });
    if (detail.state === 'empty') throw Errors.conflict('periodEmpty', { month });
    for (const key of reasons.keys()) {
      if (!detail.blockers.some((blocker) => blocker.key === key)) {
        throw Errors.invalid('periodExceptionUnknown', { key });
      }
    }
    const standing = detail.blockers.filter((blocker) => !reasons.has(blocker.key));
    if (standing.length > 0) {
      throw Errors.conflict('periodBlocked', { month, count: standing.length }, standing);
    }
    const exceptions: PeriodException[] = detail.blockers.map((blocker) => ({
      ...blocker,
      reason: reasons.get(blocker.key) ?? '',
    }));
    await repository.insertClosing(tx, {
      companyId,
      month: firstDayOf(month),
      closedBy: principal.userId,
      exceptions,
    });
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'period',
      entityId: month,
      action: 'close',
      after: { accounts: detail.accounts, exceptions },
    });
  });
  return monthDetail(db, companyId, month);
}

export async function reopenPeriod(
  db: Db,
  principal: Principal,
  month: Month,
  request: ReopenPeriodRequest,
): Promise<PeriodMonthDetail> {
  const company = await requireCompanyAccess(db, principal.userId, request.companyId);
  await db.transaction(async (tx) => {
    await repository.lockCompanyPeriods(tx, company.Id);
    const closingId = await repository.markReopened(tx, {
      companyId: company.Id,
      firstDay: firstDayOf(month),
      reopenedBy: principal.userId,
      reason: request.reason,
    });
    if (closingId === undefined) throw Errors.conflict('periodNotClosed', { month });
    await writeAudit(tx, {
      companyId: company.Id,
      userId: principal.userId,
      entity: 'period',
      entityId: month,
      action: 'reopen',
      after: { closingId, reason: request.reason },
    });
    await notifyCompanyUsers(tx, {
      companyId: company.Id,
      kind: 'period-reopened',
      details: {
        author: (await repository.userName(tx, principal.userId)) ?? '',
        month,
        reason: request.reason,
      },
      link: `/${company.Alias}/period/${month}`,
    });
  });
  return monthDetail(db, company.Id, month);
}

const TRANSACTION_STATUS_NAMES: Record<number, PeriodArchiveTransaction['status']> = {
  [BankTransactionStatus.MISSING_VOUCHER]: 'missing-voucher',
  [BankTransactionStatus.CONNECTED]: 'connected',
  [BankTransactionStatus.PRIVATE]: 'private',
  [BankTransactionStatus.LOST]: 'lost',
};

/**
 * What a closed month's archive holds, read before a byte is sent so that a refusal is still an
 * answer; the voucher files are read one at a time while the archive is written.
 */
export async function periodArchive(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  query: { companyId: number; month: Month; language: Language },
): Promise<{ fileName: string; input: PeriodArchiveInput }> {
  const company = await requireCompanyAccess(db, principal.userId, query.companyId);
  const detail = await monthDetail(db, company.Id, query.month);
  if (!detail.closing) throw Errors.conflict('periodNotClosed', { month: query.month });
  const [transactions, vouchers] = await Promise.all([
    repository.archiveTransactions(db, company.Id, detail.firstDay, detail.lastDay),
    repository.archiveVouchers(db, company.Id, detail.firstDay, detail.lastDay),
  ]);
  const accountNumbers = new Map(
    detail.accounts.map((account) => [account.companyBankId, account.accountNumber]),
  );
  return {
    fileName: `${company.Alias}-${query.month}.zip`,
    input: {
      company: { id: company.Id, name: company.Name, organizationNumber: company.OrganisationNumber },
      detail,
      language: query.language,
      transactions: transactions.map((row) => ({
        ...row,
        accountNumber: accountNumbers.get(row.companyBankId) ?? '',
        status: TRANSACTION_STATUS_NAMES[row.status] ?? 'missing-voucher',
      })),
      vouchers: vouchers.map((row) => ({
        ...row,
        files: row.files.map((file) => ({
          id: file.id,
          fileName: file.fileName,
          mimeType: file.mimeType,
          read: () => store.get(file.storageKey),
        })),
      })),
    },
  };
}

/**
 * The day a voucher arriving now is booked on, as the expression its insert writes: its own date, or,
 * where that month is closed, the day it arrived, as a late document is booked in the open period (its
 * own date stays its voucher date). The transaction holds the shared period lock from an earlier
 * statement (`sharedPeriodLock`, `holdSharedPeriodLock`).
 */
export function bookingDayOfArrival(companyId: number, ownDate: string | null): SQL | string {
  return ownDate === null ? today() : repository.dayUnlessInClosedMonth(companyId, ownDate, today());
}
