import type { CompanyBank, ConsentAccount } from '@bilag/contracts';

export type BankReadBalance = NonNullable<ConsentAccount['balance']>;

/**
 * The newest balance the bank itself gave for each of the company's accounts, by account id. An account
 * read under more than one consent (a renewed one, say) keeps the newest.
 */
export function bankBalancesByAccount(accounts: readonly ConsentAccount[]): Map<number, BankReadBalance> {
  const newest = new Map<number, BankReadBalance>();
  for (const { companyBankId, balance } of accounts) {
    if (companyBankId === null || balance === null) continue;
    const known = newest.get(companyBankId);
    if (!known || balance.date > known.date) newest.set(companyBankId, balance);
  }
  return newest;
}

/**
 * The bank's balance where it is at least as new as the one of the last statement imported, which
 * stays the one shown where it is newer.
 */
export function shownBankBalance(
  account: Pick<CompanyBank, 'BalanceDate'>,
  bankBalance: BankReadBalance | undefined,
): BankReadBalance | undefined {
  if (!bankBalance) return undefined;
  return account.BalanceDate === null || bankBalance.date >= account.BalanceDate ? bankBalance : undefined;
}
