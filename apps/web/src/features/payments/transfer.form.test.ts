import { describe, expect, it } from 'vitest';
import { emptyTransferForm, movedTransferDate, parseTransferForm } from './transfer.form';

const today = '2025-06-16';
const filled = {
  fromCompanyBankId: '1',
  toCompanyBankId: '2',
  amount: '10 000',
  dueDate: '18.06.2025',
  message: '',
};

describe('the internal transfer form', () => {
  it('reads two accounts, the amount in øre and the date', () => {
    expect(parseTransferForm(filled, today)).toEqual({
      isValid: true,
      draft: { fromCompanyBankId: 1, toCompanyBankId: 2, amountOre: 1_000_000, dueDate: '2025-06-18' },
    });
  });

  it('refuses a transfer to the same account, a past date and a missing amount', () => {
    const parsed = parseTransferForm(
      { ...filled, toCompanyBankId: '1', dueDate: '01.06.2025', amount: '' },
      today,
    );
    expect(parsed.isValid ? {} : parsed.errors).toEqual({
      toCompanyBankId: 'payments.transfers.errors.sameAccount',
      dueDate: { key: 'payments.problems.DUE_DATE_PAST', earliest: '16.06.2025' },
      amount: 'payments.form.errors.amountRequired',
    });
  });

  it('asks for both accounts', () => {
    const parsed = parseTransferForm(emptyTransferForm(), today);
    expect(parsed.isValid ? [] : Object.keys(parsed.errors)).toEqual([
      'fromCompanyBankId',
      'toCompanyBankId',
      'amount',
      'dueDate',
    ]);
  });

  it('offers the next banking day for a weekend', () => {
    expect(movedTransferDate({ ...filled, dueDate: '21.06.2025' }, today)).toBe('2025-06-23');
    expect(movedTransferDate(filled, today)).toBeUndefined();
  });
});
