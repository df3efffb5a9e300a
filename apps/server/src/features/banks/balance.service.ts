import type { AccountBalance, BalanceQuery } from '@bilag/contracts';
import { accountNumberOf } from '@bilag/domain';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { requireCompanyAccess } from '../companies';
import * as repository from './balance.repository';
import type { BankBalanceRow } from './bank.table';
import { listCompanyBanks } from './company-bank.repository';

function dayBefore(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Whether the period's closing booked balance is proven: the opening balance plus the movement gives it,
 * and the statement that stated it added up, so a disputed balance is never presented as proven. Without
 * an opening balance only the statement's own proof can tell. Other balance types are not proven.
 */
function closingProof(
  balanceType: BalanceQuery['balanceType'],
  openingOre: number | null,
  movementOre: number,
  closing: BankBalanceRow | undefined,
): Pick<AccountBalance, 'Proven' | 'DifferenceOre'> {
  if (balanceType !== 'CLBD' || closing === undefined) return { Proven: null, DifferenceOre: null };
  if (openingOre !== null) {
    const difference = closing.amountOre - (openingOre + movementOre);
    if (difference !== 0) return { Proven: false, DifferenceOre: difference };
  }
  if (closing.proven === false) return { Proven: false, DifferenceOre: closing.proofDifferenceOre };
  return { Proven: openingOre === null ? closing.proven : true, DifferenceOre: null };
}

/**
 * The balance query: for each account, the last stated balance of the type before the period (opening),
 * the last one within it (closing), the stated balances of the period, and the transactions' sum.
 */
export async function listAccountBalances(
  db: Db,
  principal: Principal,
  query: BalanceQuery,
): Promise<AccountBalance[]> {
  const companyId = (await requireCompanyAccess(db, principal.userId, query.companyId)).Id;
  let accounts = await listCompanyBanks(db, companyId);
  if (query.accountNumber) {
    const wanted = accountNumberOf(query.accountNumber);
    accounts = accounts.filter(({ account }) => account.accountNumber === wanted);
    if (accounts.length === 0) throw Errors.notFound('companyBankNotFound');
  }
  const ids = accounts.map(({ account }) => account.id);
  if (ids.length === 0) return [];
  const { ibDate } = query;
  const [balances, openings, sums] = await Promise.all([
    repository.listBalances(db, companyId, ids, query.balanceType, query.source, query.ubDate),
    // A statement states its opening balance as OPBD: where no closing balance comes before the period,
    // the first opening balance within it is the period's opening.
    query.balanceType === 'CLBD'
      ? repository.listBalances(db, companyId, ids, 'OPBD', query.source, query.ubDate)
      : Promise.resolve([]),
    repository.sumTransactionsByAccount(db, companyId, ids, ibDate, query.ubDate),
  ]);
  return accounts.map(({ account }) => {
    const own = balances.filter((balance) => balance.companyBankId === account.id);
    const before =
      ibDate === undefined ? [] : own.filter((balance) => balance.balanceDate <= dayBefore(ibDate));
    const within = ibDate === undefined ? own : own.filter((balance) => balance.balanceDate >= ibDate);
    const openingOre =
      before.at(-1)?.amountOre ??
      openings.find(
        (opening) =>
          opening.companyBankId === account.id && (ibDate === undefined || opening.balanceDate >= ibDate),
      )?.amountOre ??
      null;
    const closing = within.at(-1);
    const movementOre = Number(sums.find((sum) => sum.companyBankId === account.id)?.total ?? 0);
    return {
      CompanyBankId: account.id,
      AccountNumber: account.accountNumber,
      Currency: account.currency,
      OpeningOre: openingOre,
      ClosingOre: closing?.amountOre ?? null,
      MovementOre: movementOre,
      ...closingProof(query.balanceType, openingOre, movementOre, closing),
      Entries: within.map((balance) => ({
        Date: balance.balanceDate,
        Type: balance.balanceType,
        AmountOre: balance.amountOre,
        Currency: balance.currency,
        Source: balance.source,
        Proven: balance.proven,
        ProofDifferenceOre: balance.proofDifferenceOre,
      })),
    };
  });
}
