import type { AccountBalance, BalanceQuery } from '@bilag/contracts';
import { normalizeAccountNumber } from '@bilag/domain';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { requireCompanyAccess } from '../companies';
import * as repository from './balance.repository';
import { listCompanyBanks } from './company-bank.repository';

function dayBefore(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
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
    const wanted = normalizeAccountNumber(query.accountNumber);
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
    return {
      CompanyBankId: account.id,
      AccountNumber: account.accountNumber,
      Currency: account.currency,
      OpeningOre:
        before.at(-1)?.amountOre ??
        openings.find(
          (opening) =>
            opening.companyBankId === account.id && (ibDate === undefined || opening.balanceDate >= ibDate),
        )?.amountOre ??
        null,
      ClosingOre: within.at(-1)?.amountOre ?? null,
      MovementOre: Number(sums.find((sum) => sum.companyBankId === account.id)?.total ?? 0),
      Entries: within.map((balance) => ({
        Date: balance.balanceDate,
        Type: balance.balanceType,
        AmountOre: balance.amountOre,
        Currency: balance.currency,
        Source: balance.source,
      })),
    };
  });
}
