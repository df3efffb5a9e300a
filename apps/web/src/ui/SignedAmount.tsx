import { Text } from '@mantine/core';
import { formatMoney, formatOre } from './format';

/**
 * A green dark enough for AA contrast on white, on striped rows and on a selected row's tint; the
 * theme's greens are lighter than that at small sizes.
 */
export const MONEY_IN_COLOR = '#237032';

/** Money in reads green, money out in the text colour with its minus sign, as bank statements show it. */
export function SignedAmount({
  amountOre,
  currency,
  size = 'sm',
}: {
  amountOre: number;
  /** Left out where the rows have no currency of their own yet (an import being checked). */
  currency?: string;
  size?: string;
}) {
  return (
    <Text
      span
      size={size}
      fw={600}
      c={amountOre > 0 ? MONEY_IN_COLOR : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-direction={amountOre > 0 ? 'in' : 'out'}
    >
      {amountOre > 0 ? '+' : ''}
      {currency ? formatMoney(amountOre, currency) : formatOre(amountOre)}
    </Text>
  );
}
