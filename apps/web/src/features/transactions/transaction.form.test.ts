import type { BankTransaction } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { parseTransactionForm, toFormValues } from './transaction.form';

const transaction: BankTransaction = {
  Id: 5,
  CompanyId: 1,
  CompanyBankId: 2,
  AccountNumber: '12345678903',
  Date: '2025-03-04',
  ValueDate: null,
  Text: 'Rema 1000',
  Text2: '',
  AmountOre: -12_350,
  Currency: 'NOK',
  Kid: null,
  EndToEndId: null,
  CounterpartyName: null,
  CounterpartyAccount: null,
  Status: 1,
  PaymentStatus: null,
  PaymentDate: null,
  IsPrivate: false,
  Note: null,
  ImportId: 3,
  Files: [],
  CreatedAt: '2025-03-05T08:00:00.000Z',
};

const today = '2025-06-15';

describe('the transaction follow-up form', () => {
  it('sends nothing when nothing was changed', () => {
    expect(parseTransactionForm(toFormValues(transaction), transaction, today)).toEqual({
      isValid: true,
      changes: {},
    });
  });

  it('sends only the fields that were changed, with the date completed the Norwegian way', () => {
    const values = { ...toFormValues(transaction), paymentStatus: '3', paymentDate: '0503', note: ' Lunsj ' };
    expect(parseTransactionForm(values, transaction, today)).toEqual({
      isValid: true,
      changes: { paymentStatus: 3, paymentDate: '2025-03-05', note: 'Lunsj' },
    });
  });

  it('clears a payment status, a date and a note that were emptied', () => {
    const saved = { ...transaction, PaymentStatus: 0, PaymentDate: '2025-03-01', Note: 'x', IsPrivate: true };
    const values = { paymentStatus: null, paymentDate: '', note: '  ', isPrivate: false };
    expect(parseTransactionForm(values, saved, today)).toEqual({
      isValid: true,
      changes: { paymentStatus: null, paymentDate: null, note: null, isPrivate: false },
    });
  });

  it('refuses a payment date it cannot read', () => {
    const values = { ...toFormValues(transaction), paymentDate: '31.02.2025' };
    expect(parseTransactionForm(values, transaction, today)).toEqual({
      isValid: false,
      errors: { paymentDate: 'bankTransactions.form.errors.date' },
    });
  });
});
