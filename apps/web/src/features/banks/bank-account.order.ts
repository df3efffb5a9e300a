import type { CompanyBank } from '@bilag/contracts';

export type MoveDirection = 'up' | 'down';

/**
 * The account ids in their new order after moving one account a step, or undefined when it cannot
 * move that way (it is already first or last, or it is not in the list).
 */
export function moveAccount(
  ids: readonly number[],
  accountId: number,
  direction: MoveDirection,
): number[] | undefined {
  const from = ids.indexOf(accountId);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from === -1 || to < 0 || to >= ids.length) return undefined;
  const next = [...ids];
  next[from] = next[to] as number;
  next[to] = accountId;
  return next;
}

/** The accounts in the order of `ids`, numbered again from 0, as the server stores them. */
export function orderAccounts(accounts: readonly CompanyBank[], ids: readonly number[]): CompanyBank[] {
  const byId = new Map(accounts.map((account) => [account.Id, account]));
  return ids.flatMap((id, index) => {
    const account = byId.get(id);
    return account ? [{ ...account, Sorting: index }] : [];
  });
}
