import type { ConnectMissingCounts, WaitingCounts } from '@bilag/contracts';

/** What the bank and matching lists count, per kind of card. */
export type BooksWaitingKind = 'vouchersMissing' | 'transactionsWithoutVoucher' | 'suggestionsToAccept';

/** What the company overview counts, each opening a list of its own. */
export type OverviewWaitingKind =
  | 'paymentsFailed'
  | 'paymentsForApproval'
  | 'consentsExpiring'
  | 'tasksDue'
  | 'inboxUnread';

export type WaitingKind = BooksWaitingKind | OverviewWaitingKind;

export type WaitingItem = {
  kind: WaitingKind;
  count: number;
  /** Of the tasks due, those whose day has passed. */
  overdue?: number;
};

/** The bank transactions of the newest year that has any, as the bank list opens on it. */
export type BankYearSummary = { year: number; total: number; missingVoucher: number };

/** The overview's cards in the order they show: what costs money or access first. */
export const OVERVIEW_WAITING_KINDS: readonly OverviewWaitingKind[] = [
  'paymentsFailed',
  'paymentsForApproval',
  'consentsExpiring',
  'tasksDue',
  'inboxUnread',
];

type WaitingInput = {
  /** Undefined where the person may not see matching, or while it loads. */
  matching: ConnectMissingCounts | undefined;
  bank: BankYearSummary | undefined;
  /** The company overview's counts; undefined while they load or when they could not be had. */
  overview: WaitingCounts | undefined;
  /** The overview's kinds whose list the person may open; the others are not shown. */
  openable: ReadonlySet<OverviewWaitingKind>;
};

function overviewItem(kind: OverviewWaitingKind, counts: WaitingCounts): WaitingItem {
  if (kind === 'tasksDue') return { kind, count: counts.tasksDue, overdue: counts.tasksOverdue };
  return { kind, count: counts[kind] };
}

/**
 * What waits on the front page, each counted as the list it opens shows it: the bank transactions
 * nothing was found or suggested for (their voucher is missing), those of the bank list's year still
 * without a voucher, and those with a voucher suggested; then what the company overview counts (failed
 * payments and those to approve, consents about to end, tasks due, unread arrivals) where the person may
 * open its list. Nothing counted, nothing shown.
 */
export function waitingWork({ matching, bank, overview, openable }: WaitingInput): WaitingItem[] {
  const items: WaitingItem[] = [];
  if (matching) items.push({ kind: 'vouchersMissing', count: matching.missing - matching.withSuggestions });
  if (bank) items.push({ kind: 'transactionsWithoutVoucher', count: bank.missingVoucher });
  if (matching) items.push({ kind: 'suggestionsToAccept', count: matching.withSuggestions });
  if (overview) {
    for (const kind of OVERVIEW_WAITING_KINDS) {
      if (openable.has(kind)) items.push(overviewItem(kind, overview));
    }
  }
  return items.filter((item) => item.count > 0);
}

export type FirstStep = 'addAccount' | 'importStatement' | 'uploadVouchers';

/** What a company still lacks to begin, in the order to do it: an account, its statement, the vouchers. */
export function missingFirstSteps(has: {
  bankAccounts: boolean;
  transactions: boolean;
  vouchers: boolean;
}): FirstStep[] {
  const steps: FirstStep[] = [];
  if (!has.bankAccounts) steps.push('addAccount');
  if (!has.transactions) steps.push('importStatement');
  if (!has.vouchers) steps.push('uploadVouchers');
  return steps;
}
