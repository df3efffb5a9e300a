import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/test-translator';
import { reasonText, scorePercent, sharePercent, voucherName } from './matching.format';

const en = translator('en');
const no = translator('no');

describe('why a voucher is suggested, in words', () => {
  it('names the shared KID and the payment reference', () => {
    expect(reasonText({ code: 'SAME_KID', kid: '1234567890' }, en)).toBe('Same KID 1234567890');
    expect(reasonText({ code: 'SAME_PAYMENT_REFERENCE' }, en)).toBe('Same payment reference');
    expect(reasonText({ code: 'SAME_AMOUNT' }, en)).toBe('Same amount');
  });

  it('says how far the amounts are apart in kroner, whichever is larger', () => {
    expect(reasonText({ code: 'AMOUNT_CLOSE', differenceOre: -1250 }, en)).toBe(
      'Amount differs by 12,50\u00A0NOK',
    );
  });

  it('counts days apart, with one day and the same day in their own words', () => {
    expect(reasonText({ code: 'DAYS_APART', days: 0 }, en)).toBe('Same day');
    expect(reasonText({ code: 'DAYS_APART', days: 1 }, en)).toBe('1 day apart');
    expect(reasonText({ code: 'DAYS_APART', days: -4 }, en)).toBe('4 days apart');
    expect(reasonText({ code: 'DAYS_APART', days: 4 }, no)).toBe('4 dager mellom');
  });

  it('names the supplier, what the company has done before and the rule', () => {
    expect(reasonText({ code: 'NAME_MATCHES', name: 'Telenor' }, en)).toBe('Supplier name matches "Telenor"');
    expect(reasonText({ code: 'LEARNED', name: 'Telenor', confirmations: 3 }, en)).toBe(
      'Paid to Telenor 3 times before',
    );
    expect(reasonText({ code: 'LEARNED', name: 'Telenor', confirmations: 1 }, no)).toBe(
      'Betalt til Telenor 1 gang før',
    );
    expect(reasonText({ code: 'RULE', ruleId: 4, name: 'Husleie' }, en)).toBe('Rule "Husleie"');
  });
});

describe('the score of a suggestion', () => {
  it('is a whole percentage within 0 and 100', () => {
    expect(scorePercent(0.874)).toBe(87);
    expect(scorePercent(1.2)).toBe(100);
    expect(scorePercent(-0.1)).toBe(0);
  });
});

describe('a voucher named in buttons', () => {
  it('names the supplier where there is one', () => {
    expect(voucherName({ Id: 12, SupplierName: 'Telenor ASA' }, en)).toBe('voucher 12 from Telenor ASA');
    expect(voucherName({ Id: 12, SupplierName: null }, en)).toBe('Voucher 12');
  });
});

describe('the share of transactions connected automatically', () => {
  it('is a whole percentage of the transactions', () => {
    expect(sharePercent(1, 3)).toBe(33);
    expect(sharePercent(2, 3)).toBe(67);
    expect(sharePercent(5, 5)).toBe(100);
  });

  it('is 0 for a company without transactions', () => {
    expect(sharePercent(0, 0)).toBe(0);
  });
});
