import { describe, expect, it } from 'vitest';
import {
  bankableDueDate,
  checkPayment,
  earliestDueDate,
  isSepaCountry,
  isSepaPayment,
  MAX_PAYMENT_MINOR_UNITS,
  type PaymentToCheck,
  paymentMessage,
} from './payment-check';
import { isPaymentReasonCode, PAYMENT_REASON_CODES } from './reason-codes';

/** A Monday with ordinary banking days around it. */
const TODAY = '2026-03-02';

const domestic: PaymentToCheck = {
  isInternational: false,
  creditorName: 'Kornmo Mølle AS',
  creditorAccount: '86011117947',
  amountOre: 1_250_000,
  currency: 'NOK',
  dueDate: '2026-03-10',
  kid: '9876541',
};

const international: PaymentToCheck = {
  isInternational: true,
  creditorName: 'Backwaren Müller GmbH',
  creditorAccount: 'DE89370400440532013000',
  creditorBic: 'COBADEFFXXX',
  creditorCountry: 'DE',
  amountOre: 345_000,
  currency: 'EUR',
  dueDate: '2026-03-10',
  message: 'Invoice 2026-118',
  chargeBearer: 'SHA',
  reasonCode: '14',
};

function reasonsOf(payment: Partial<PaymentToCheck>, base: PaymentToCheck = domestic) {
  return checkPayment({ ...base, ...payment }, TODAY).map((problem) => problem.reason);
}

describe('checkPayment, domestic', () => {
  it('finds nothing wrong with a valid payment with a KID, or with a message', () => {
    expect(checkPayment(domestic, TODAY)).toEqual([]);
    expect(checkPayment({ ...domestic, kid: undefined, message: 'Faktura 1042' }, TODAY)).toEqual([]);
    expect(checkPayment({ ...domestic, kid: undefined, message: undefined }, TODAY)).toEqual([]);
  });

  it('refuses an account number whose mod 11 check digit does not add up, naming the field', () => {
    expect(checkPayment({ ...domestic, creditorAccount: '86011117948' }, TODAY)).toEqual([
      { field: 'creditorAccount', reason: 'ACCOUNT_INVALID' },
    ]);
    expect(reasonsOf({ creditorAccount: '8601111794' })).toEqual(['ACCOUNT_INVALID']);
  });

  it('takes an account number written with spaces and dots', () => {
    expect(reasonsOf({ creditorAccount: '8601.11.17947' })).toEqual([]);
    expect(reasonsOf({ creditorAccount: '8601 11 17947' })).toEqual([]);
  });

  it('takes a MOD10 and a MOD11 KID and refuses one whose check digit fits neither', () => {
    expect(reasonsOf({ kid: '9876541' })).toEqual([]);
    expect(reasonsOf({ kid: '9876545' })).toEqual([]);
    expect(reasonsOf({ kid: '1000005-' })).toEqual([]);
    expect(checkPayment({ ...domestic, kid: '9876542' }, TODAY)).toEqual([
      { field: 'kid', reason: 'KID_INVALID' },
    ]);
    expect(reasonsOf({ kid: '98A6541' })).toEqual(['KID_INVALID']);
    expect(reasonsOf({ kid: '1' })).toEqual(['KID_INVALID']);
  });

  it('refuses a KID and a message together', () => {
    expect(checkPayment({ ...domestic, message: 'Faktura 1042' }, TODAY)).toEqual([
      { field: 'message', reason: 'KID_WITH_MESSAGE' },
    ]);
    expect(reasonsOf({ kid: '   ', message: 'Faktura 1042' })).toEqual([]);
    expect(reasonsOf({ message: '   ' })).toEqual([]);
  });

  it('pays a domestic payment in NOK only', () => {
    expect(reasonsOf({ currency: 'EUR' })).toEqual(['DOMESTIC_CURRENCY']);
  });

  it('refuses an unknown currency and then does not judge the due date by it', () => {
    expect(checkPayment({ ...domestic, currency: 'XYZ' }, TODAY)).toEqual([
      { field: 'currency', reason: 'CURRENCY_INVALID' },
      { field: 'currency', reason: 'DOMESTIC_CURRENCY' },
    ]);
    expect(reasonsOf({ currency: 'XYZ', dueDate: '2026-03-07' }, international)).toEqual([
      'CURRENCY_INVALID',
    ]);
  });

  it('needs a creditor name', () => {
    expect(reasonsOf({ creditorName: '  ' })).toEqual(['CREDITOR_NAME_MISSING']);
  });

  it('needs a whole amount above zero and at most the largest a payment carries', () => {
    expect(reasonsOf({ amountOre: 0 })).toEqual(['AMOUNT_NOT_POSITIVE']);
    expect(reasonsOf({ amountOre: -100 })).toEqual(['AMOUNT_NOT_POSITIVE']);
    expect(reasonsOf({ amountOre: 10.5 })).toEqual(['AMOUNT_NOT_POSITIVE']);
    expect(reasonsOf({ amountOre: MAX_PAYMENT_MINOR_UNITS })).toEqual([]);
    expect(reasonsOf({ amountOre: MAX_PAYMENT_MINOR_UNITS + 1 })).toEqual(['AMOUNT_TOO_LARGE']);
  });

  it('reports every problem of a payment at once', () => {
    expect(
      reasonsOf({ creditorName: '', creditorAccount: '123', kid: '12', amountOre: 0, dueDate: '2026-03-01' }),
    ).toEqual([
      'CREDITOR_NAME_MISSING',
      'ACCOUNT_INVALID',
      'KID_INVALID',
      'AMOUNT_NOT_POSITIVE',
      'DUE_DATE_PAST',
    ]);
  });
});

describe('checkPayment, due dates', () => {
  it('takes today and any banking day up to a year ahead', () => {
    expect(reasonsOf({ dueDate: TODAY })).toEqual([]);
    expect(reasonsOf({ dueDate: '2027-03-02' })).toEqual([]);
  });

  it('refuses a date in the past and names the earliest date', () => {
    expect(checkPayment({ ...domestic, dueDate: '2026-02-27' }, TODAY)).toEqual([
      { field: 'dueDate', reason: 'DUE_DATE_PAST', params: { earliest: TODAY } },
    ]);
  });

  it('refuses a date more than a year ahead', () => {
    expect(checkPayment({ ...domestic, dueDate: '2027-03-03' }, TODAY)).toEqual([
      { field: 'dueDate', reason: 'DUE_DATE_TOO_FAR', params: { days: 365 } },
    ]);
  });

  it('refuses a weekend and names the next banking day', () => {
    expect(checkPayment({ ...domestic, dueDate: '2026-03-07' }, TODAY)).toEqual([
      { field: 'dueDate', reason: 'DUE_DATE_NOT_BANKING_DAY', params: { next: '2026-03-09' } },
    ]);
  });

  it('refuses a bank holiday, naming it and the next banking day', () => {
    expect(checkPayment({ ...domestic, dueDate: '2026-04-02' }, TODAY)).toEqual([
      {
        field: 'dueDate',
        reason: 'DUE_DATE_NOT_BANKING_DAY',
        params: { next: '2026-04-07', holiday: 'Maundy Thursday' },
      },
    ]);
    expect(checkPayment({ ...domestic, dueDate: '2026-12-24' }, TODAY)[0]?.params).toEqual({
      next: '2026-12-28',
      holiday: 'Christmas Eve',
    });
  });

  it('refuses a payment abroad due sooner than the bank can settle it', () => {
    expect(checkPayment({ ...international, dueDate: TODAY }, TODAY)).toEqual([
      { field: 'dueDate', reason: 'DUE_DATE_TOO_EARLY', params: { earliest: '2026-03-03' } },
    ]);
    expect(
      checkPayment(
        {
          ...international,
          currency: 'GBP',
          creditorCountry: 'GB',
          creditorAccount: 'GB29NWBK60161331926819',
          creditorBic: 'NWBKGB2L',
          dueDate: '2026-03-03',
        },
        TODAY,
      ),
    ).toEqual([{ field: 'dueDate', reason: 'DUE_DATE_TOO_EARLY', params: { earliest: '2026-03-04' } }]);
  });
});

describe('checkPayment, international', () => {
  it('finds nothing wrong with a valid euro payment to Germany', () => {
    expect(checkPayment(international, TODAY)).toEqual([]);
  });

  it('refuses an IBAN whose check digits do not add up', () => {
    expect(reasonsOf({ creditorAccount: 'DE89370400440532013001' }, international)).toEqual(['IBAN_INVALID']);
    expect(reasonsOf({ creditorAccount: '86011117947' }, international)).toEqual(['IBAN_INVALID']);
  });

  it('needs a known country that matches the IBAN', () => {
    expect(reasonsOf({ creditorCountry: undefined }, international)).toEqual(['COUNTRY_MISSING']);
    expect(reasonsOf({ creditorCountry: 'ZZ' }, international)).toEqual(['COUNTRY_INVALID']);
    expect(checkPayment({ ...international, creditorCountry: 'FR' }, TODAY)).toEqual([
      { field: 'creditorCountry', reason: 'COUNTRY_MISMATCH', params: { iban: 'DE' } },
    ]);
  });

  it('needs a valid BIC', () => {
    expect(reasonsOf({ creditorBic: undefined }, international)).toEqual(['BIC_MISSING']);
    expect(reasonsOf({ creditorBic: ' ' }, international)).toEqual(['BIC_MISSING']);
    expect(reasonsOf({ creditorBic: 'COBADE' }, international)).toEqual(['BIC_INVALID']);
    expect(reasonsOf({ creditorBic: 'COBADEFF' }, international)).toEqual([]);
  });

  it('needs the charges chosen, and shared for a euro payment within SEPA', () => {
    expect(reasonsOf({ chargeBearer: undefined }, international)).toEqual(['CHARGE_BEARER_MISSING']);
    expect(reasonsOf({ chargeBearer: 'OUR' }, international)).toEqual(['CHARGE_BEARER_SEPA']);
    expect(reasonsOf({ chargeBearer: 'BEN' }, international)).toEqual(['CHARGE_BEARER_SEPA']);
    const pounds = {
      currency: 'GBP',
      creditorCountry: 'GB',
      creditorAccount: 'GB29NWBK60161331926819',
      creditorBic: 'NWBKGB2L',
    };
    expect(reasonsOf({ ...pounds, chargeBearer: 'OUR' }, international)).toEqual([]);
  });

  it('needs one of the Norwegian purpose codes', () => {
    expect(reasonsOf({ reasonCode: undefined }, international)).toEqual(['REASON_CODE_MISSING']);
    expect(reasonsOf({ reasonCode: '99' }, international)).toEqual(['REASON_CODE_UNKNOWN']);
    for (const { code } of PAYMENT_REASON_CODES)
      expect(reasonsOf({ reasonCode: code }, international)).toEqual([]);
  });

  it('does not hold the domestic rules against it: any currency, a message, no KID check', () => {
    expect(reasonsOf({ currency: 'EUR', kid: '9876542' }, international)).toEqual([]);
  });
});

describe('reason codes', () => {
  it('knows the codes and their texts in both languages', () => {
    expect(isPaymentReasonCode('14')).toBe(true);
    expect(isPaymentReasonCode(' 81 ')).toBe(true);
    expect(isPaymentReasonCode('15')).toBe(false);
    for (const entry of PAYMENT_REASON_CODES) {
      expect(entry.no.length).toBeGreaterThan(0);
      expect(entry.en.length).toBeGreaterThan(0);
    }
  });
});

describe('SEPA', () => {
  it('counts euro payments to SEPA countries only', () => {
    expect(isSepaCountry('DE')).toBe(true);
    expect(isSepaCountry('NO')).toBe(true);
    expect(isSepaCountry('US')).toBe(false);
    expect(isSepaPayment('DE', 'EUR')).toBe(true);
    expect(isSepaPayment('SE', 'SEK')).toBe(false);
    expect(isSepaPayment('US', 'EUR')).toBe(false);
    expect(isSepaPayment(undefined, 'EUR')).toBe(false);
  });
});

describe('due dates a bank takes', () => {
  it('gives today for a domestic payment on a banking day and the next banking day otherwise', () => {
    expect(earliestDueDate({ today: TODAY, currency: 'NOK', isInternational: false })).toBe(TODAY);
    expect(earliestDueDate({ today: '2026-04-02', currency: 'NOK', isInternational: false })).toBe(
      '2026-04-07',
    );
  });

  it('moves a wanted date to a banking day, never before the earliest', () => {
    const options = { today: TODAY, currency: 'NOK', isInternational: false };
    expect(bankableDueDate('2026-03-07', options)).toBe('2026-03-09');
    expect(bankableDueDate('2026-03-10', options)).toBe('2026-03-10');
    expect(bankableDueDate('2026-02-01', options)).toBe(TODAY);
    expect(bankableDueDate(null, options)).toBe(TODAY);
    expect(bankableDueDate(TODAY, { ...options, currency: 'USD', isInternational: true })).toBe('2026-03-04');
  });
});

describe('paymentMessage', () => {
  it('cuts a message to the 140 characters banks carry, with its spaces tidied', () => {
    expect(paymentMessage('  Faktura \n 1042  ')).toBe('Faktura 1042');
    expect(paymentMessage('x'.repeat(200))).toBe('x'.repeat(140));
    expect(paymentMessage('   ')).toBeUndefined();
    expect(paymentMessage(null)).toBeUndefined();
  });

  it('counts characters as banks do and never cuts one in two at the limit', () => {
    expect(paymentMessage(`${'x'.repeat(139)}😀 og mer`)).toBe(`${'x'.repeat(139)}😀`);
    expect(paymentMessage(`${'x'.repeat(139)}e\u0301`)).toBe('x'.repeat(139));
  });
});
