import type { PeriodBlocker, PeriodException } from '@bilag/contracts';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../ui/format';

/** What is wrong, in one sentence that names the account and, where there is one, the amount. */
export function describeBlocker(
  t: TFunction,
  blocker: Pick<PeriodBlocker | PeriodException, 'kind' | 'count' | 'amountOre'>,
  account: string,
): string {
  const amount = formatMoney(blocker.amountOre, 'NOK');
  switch (blocker.kind) {
    case 'unexplained':
      return t('periods.blockers.unexplained.text', { count: blocker.count, account, amount });
    case 'opening-missing':
      return t('periods.blockers.opening-missing.text', { account });
    case 'opening-mismatch':
      return t('periods.blockers.opening-mismatch.text', { account, amount });
    case 'closing-missing':
      return t('periods.blockers.closing-missing.text', { account });
    case 'difference':
      return t('periods.blockers.difference.text', { account, amount });
  }
}
