import type { PeriodAccount, PeriodBlocker } from '@bilag/contracts';
import { accountLabel } from '../banks';

/** An account as people know it everywhere in Bilag: its name and number, or the number alone. */
export function periodAccountLabel(account: Pick<PeriodAccount, 'name' | 'accountNumber'>): string {
  return accountLabel({ Name: account.name, AccountNumber: account.accountNumber });
}

export type AccountLabels = ReadonlyMap<number, string>;

/** The month's accounts by id, so a blocker names its account as the table of accounts does. */
export function accountLabels(accounts: readonly PeriodAccount[]): AccountLabels {
  return new Map(accounts.map((account) => [account.companyBankId, periodAccountLabel(account)]));
}

/** A blocker's account; one the month no longer lists (an exception on record) by its number. */
export function blockerAccountLabel(
  labels: AccountLabels,
  blocker: Pick<PeriodBlocker, 'companyBankId' | 'accountNumber'>,
): string {
  return (
    labels.get(blocker.companyBankId) ??
    periodAccountLabel({ name: null, accountNumber: blocker.accountNumber })
  );
}
