import { type Payment, PaymentType } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyPaymentForm,
  movedDueDate,
  type PaymentFormValues,
  parsePaymentForm,
  serverProblemTexts,
  toFormValues,
} from './payment.form';

/** A Monday with no holiday near it. */
const today = '2025-06-16';

function domestic(changes: Partial<PaymentFormValues> = {}): PaymentFormValues {
  return {
    ...emptyPaymentForm(PaymentType.DOMESTIC, 4),
    creditorName: 'Posten Norge AS',
    creditorAccount: '8601 11 17947',
    amount: '1 250,50',
    dueDate: '20.06.2025',
    ...changes,
  };
}

function international(changes: Partial<PaymentFormValues> = {}): PaymentFormValues {
  return {
    ...emptyPaymentForm(PaymentType.INTERNATIONAL, 4),
    creditorName: 'Muster GmbH',
    creditorAccount: 'DE89 3704 0044 0532 0130 00',
    creditorBic: 'COBADEFFXXX',
    creditorCountry: 'DE',
    currency: 'EUR',
    amount: '99,90',
    dueDate: '20.06.2025',
    reasonCode: '14',
    ...changes,
  };
}

function errorsOf(values: PaymentFormValues) {
  const parsed = parsePaymentForm(values, today);
  return parsed.isValid ? {} : parsed.errors;
}

describe('the domestic payment form', () => {
  it('reads a typed payment into øre, an 11-digit account and an ISO due date', () => {
    const parsed = parsePaymentForm(domestic({ kid: '1234 5678 97' }), today);
    expect(parsed).toEqual({
      isValid: true,
      draft: expect.objectContaining({
        type: 0,
        debtorCompanyBankId: 4,
        creditorAccount: '86011117947',
        amountOre: 125_050,
        currency: 'NOK',
        dueDate: '2025-06-20',
        kid: '1234567897',
      }),
    });
  });

  it('refuses an account whose mod 11 check digit does not add up, and a KID that does not', () => {
    const errors = errorsOf(domestic({ creditorAccount: '8601.11.17948', kid: '1234567890' }));
    expect(errors.creditorAccount).toEqual({ key: 'payments.problems.ACCOUNT_INVALID' });
    expect(errors.kid).toEqual({ key: 'payments.problems.KID_INVALID' });
  });

  it('asks for what is missing, all at once', () => {
    const errors = errorsOf({ ...emptyPaymentForm(PaymentType.DOMESTIC, undefined) });
    expect(Object.keys(errors).sort()).toEqual(
      ['amount', 'creditorAccount', 'creditorName', 'debtorCompanyBankId', 'dueDate'].sort(),
    );
  });

  it('refuses a KID beside a message, and an amount of zero', () => {
    const errors = errorsOf(domestic({ kid: '1234567897', message: 'Faktura 7', amount: '0' }));
    expect(errors.message).toEqual({ key: 'payments.problems.KID_WITH_MESSAGE' });
    expect(errors.amount).toEqual({ key: 'payments.problems.AMOUNT_NOT_POSITIVE' });
  });

  it('cuts the message to the 140 characters a bank carries', () => {
    const parsed = parsePaymentForm(domestic({ message: 'x'.repeat(200) }), today);
    expect(parsed.isValid && parsed.draft.message?.length).toBe(140);
  });

  it('names the next banking day, in Norwegian form, when the due date is a holiday', () => {
    const errors = errorsOf(domestic({ dueDate: '17.05.2025' }));
    expect(errors.dueDate).toMatchObject({ key: 'payments.problems.DUE_DATE_PAST' });
    const holiday = errorsOf(domestic({ dueDate: '25.12.2025' }));
    expect(holiday.dueDate).toMatchObject({
      key: 'payments.problems.DUE_DATE_NOT_BANKING_DAY',
      next: '29.12.2025',
    });
  });

  it('offers to move a due date on a weekend or holiday to the bank’s next day', () => {
    expect(movedDueDate(domestic({ dueDate: '21.06.2025' }), today)).toBe('2025-06-23');
    expect(movedDueDate(domestic({ dueDate: '01.01.2026' }), today)).toBe('2026-01-02');
    expect(movedDueDate(domestic(), today)).toBeUndefined();
    expect(movedDueDate(domestic({ dueDate: 'abc' }), today)).toBeUndefined();
  });

  it('shows a saved payment the Norwegian way', () => {
    const payment = {
      Type: PaymentType.DOMESTIC,
      DebtorCompanyBankId: 4,
      CreditorName: 'Posten',
      CreditorAccount: '86011117947',
      Kid: null,
      Message: 'Faktura 7',
      AmountOre: 125_050,
      Currency: 'NOK',
      DueDate: '2025-06-20',
      CreditorBic: null,
      CreditorCountry: null,
      CreditorAddress: null,
      CreditorPostCode: null,
      CreditorTown: null,
      ChargeBearer: null,
      ReasonCode: null,
    } as Payment;
    expect(toFormValues(payment)).toMatchObject({
      debtorCompanyBankId: '4',
      creditorAccount: '8601.11.17947',
      amount: '1 250,50',
      dueDate: '20.06.2025',
    });
  });
});

describe('the international payment form', () => {
  it('reads IBAN, BIC, country, charges and purpose', () => {
    const parsed = parsePaymentForm(international(), today);
    expect(parsed).toEqual({
      isValid: true,
      draft: expect.objectContaining({
        type: 1,
        creditorAccount: 'DE89370400440532013000',
        creditorBic: 'COBADEFFXXX',
        creditorCountry: 'DE',
        currency: 'EUR',
        chargeBearer: 'SHA',
        reasonCode: '14',
        amountOre: 9990,
      }),
    });
  });

  it('refuses an IBAN of another country, a bad BIC, OUR within SEPA and a missing purpose', () => {
    const errors = errorsOf(
      international({ creditorCountry: 'FR', creditorBic: 'XX', chargeBearer: 'OUR', reasonCode: null }),
    );
    expect(errors.creditorCountry).toEqual({ key: 'payments.problems.COUNTRY_MISMATCH', iban: 'DE' });
    expect(errors.creditorBic).toEqual({ key: 'payments.problems.BIC_INVALID' });
    expect(errors.chargeBearer).toEqual({ key: 'payments.problems.CHARGE_BEARER_SEPA' });
    expect(errors.reasonCode).toEqual({ key: 'payments.problems.REASON_CODE_MISSING' });
  });
});

describe("the server's refusals", () => {
  it('go on the field they name, the amount included', () => {
    expect(
      serverProblemTexts([
        { field: 'amountOre', reason: 'AMOUNT_TOO_LARGE', message: 'Too large' },
        { field: 'creditorAccount', reason: 'ACCOUNT_INVALID', message: 'Bad account' },
        { field: 'unknownField', reason: 'X', message: 'Ignored' },
      ]),
    ).toEqual({ amount: 'Too large', creditorAccount: 'Bad account' });
  });
});
