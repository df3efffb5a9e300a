import { isDomainError } from '@bilag/domain/errors';
import { parseAmount } from '@bilag/domain/money/norwegian';
import { formatOre } from '../../../ui/format';
import type { FieldError } from '../../../ui/useParsedForm';

export type SecondApproverValues = { amount: string };

export type ParsedSecondApprover =
  | { isValid: true; secondApproverAboveOre: number | null }
  | { isValid: false; errors: { amount: FieldError } };

/** The limit as the field shows it: "50 000,00", or empty for none. */
export function secondApproverValues(secondApproverAboveOre: number | null): SecondApproverValues {
  return {
    amount:
      secondApproverAboveOre === null ? '' : formatOre(secondApproverAboveOre).replaceAll('\u00A0', ' '),
  };
}

/**
 * Reads the amount in NOK above which two people must sign, in the Norwegian ways of writing it
 * ("50 000", "50.000,00", "50000.5"); an empty field means one signature is always enough.
 */
export function parseSecondApprover({ amount }: SecondApproverValues): ParsedSecondApprover {
  if (amount.trim() === '') return { isValid: true, secondApproverAboveOre: null };
  try {
    const ore = parseAmount(amount);
    if (ore <= 0) return { isValid: false, errors: { amount: 'signing.secondApprover.errors.positive' } };
    return { isValid: true, secondApproverAboveOre: ore };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return {
      isValid: false,
      errors: {
        amount:
          error.code === 'AMBIGUOUS_AMOUNT'
            ? 'signing.secondApprover.errors.ambiguous'
            : 'signing.secondApprover.errors.invalid',
      },
    };
  }
}
