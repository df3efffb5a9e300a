import type { ConnectMissingCounts, ConnectMissingList } from '@bilag/contracts';

/** The list without the connected transactions, and without the connected vouchers among the suggestions. */
export function withoutConnected(
  list: ConnectMissingList,
  transactionIds: readonly number[],
  voucherIds: readonly number[],
  counts: ConnectMissingCounts,
): ConnectMissingList {
  const rows = list.rows
    .filter((row) => !transactionIds.includes(row.Transaction.Id))
    .map((row) => ({
      ...row,
      Suggestions: row.Suggestions.filter((suggestion) => !voucherIds.includes(suggestion.Voucher.Id)),
    }));
  return { rows, counts, total: Math.max(0, list.total - (list.rows.length - rows.length)) };
}

/** The list without one suggestion of one transaction. */
export function withoutSuggestion(
  list: ConnectMissingList,
  transactionId: number,
  voucherId: number,
  counts: ConnectMissingCounts,
): ConnectMissingList {
  return {
    ...list,
    counts,
    rows: list.rows.map((row) =>
      row.Transaction.Id === transactionId
        ? { ...row, Suggestions: row.Suggestions.filter((suggestion) => suggestion.Voucher.Id !== voucherId) }
        : row,
    ),
  };
}
