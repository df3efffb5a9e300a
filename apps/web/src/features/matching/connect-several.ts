/** A transaction or voucher as the sum check sees it; a voucher may not have an amount yet. */
type Amounted = { AmountOre: number | null };

export type ConnectBalance = {
  transactionsOre: number;
  /** Undefined while a chosen voucher has no amount, which no sum can check. */
  vouchersOre: number | undefined;
  /** Transactions minus vouchers, compared as sizes: money out is negative, a voucher's amount is not. */
  differenceOre: number | undefined;
  canConnect: boolean;
};

function sumOf(rows: readonly Amounted[]): number | undefined {
  let sum = 0;
  for (const row of rows) {
    if (row.AmountOre === null) return undefined;
    sum += row.AmountOre;
  }
  return sum;
}

/**
 * Whether the chosen transactions and vouchers may be connected: one with one always; more only when
 * they add up to the øre, as the server demands.
 */
export function connectBalance(
  transactions: readonly { AmountOre: number }[],
  vouchers: readonly Amounted[],
): ConnectBalance {
  const transactionsOre = sumOf(transactions) ?? 0;
  const vouchersOre = sumOf(vouchers);
  const differenceOre =
    vouchersOre === undefined ? undefined : Math.abs(transactionsOre) - Math.abs(vouchersOre);
  const isOneWithOne = transactions.length === 1 && vouchers.length === 1;
  const hasBoth = transactions.length > 0 && vouchers.length > 0;
  return {
    transactionsOre,
    vouchersOre,
    differenceOre,
    canConnect: hasBoth && (isOneWithOne || differenceOre === 0),
  };
}
