import type { ConnectMissingCounts } from '@bilag/contracts';

export type WaitingKind = 'vouchersMissing' | 'transactionsWithoutVoucher' | 'suggestionsToAccept';

export type WaitingItem = { kind: WaitingKind; count: number };

/** The bank transactions of the newest year that has any, as the bank list opens on it. */
export type BankYearSummary = { year: number; total: number; missingVoucher: number };

type WaitingInput = {
  /** Undefined where the person may not see matching, or while it loads. */
  matching: ConnectMissingCounts | undefined;
  bank: BankYearSummary | undefined;
};

/**
 * What waits on the front page, each counted as the list it opens shows it: the bank transactions
 * nothing was found or suggested for (their voucher is missing), those of the bank list's year still
 * without a voucher, and those with a voucher suggested. Nothing counted, nothing shown.
 */
export function waitingWork({ matching, bank }: WaitingInput): WaitingItem[] {
  const items: WaitingItem[] = [];
  if (matching) items.push({ kind: 'vouchersMissing', count: matching.missing - matching.withSuggestions });
  if (bank) items.push({ kind: 'transactionsWithoutVoucher', count: bank.missingVoucher });
  if (matching) items.push({ kind: 'suggestionsToAccept', count: matching.withSuggestions });
  return items.filter((item) => item.count > 0);
}
