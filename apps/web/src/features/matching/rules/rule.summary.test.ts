import { describe, expect, it } from 'vitest';
import { translator } from '../../../i18n/test-translator';
import { actionText, changeText, conditionText } from './rule.summary';

const en = translator('en');
const no = translator('no');

describe('a rule in words', () => {
  it('says what each condition looks for', () => {
    expect(conditionText({ kind: 'text', operator: 'contains', value: 'Telenor' }, en)).toBe(
      'Text contains "Telenor"',
    );
    expect(conditionText({ kind: 'text', operator: 'oneOf', values: ['Rema', 'Kiwi'] }, en)).toBe(
      'Text contains one of "Rema", "Kiwi"',
    );
    expect(conditionText({ kind: 'amount', operator: 'between', minOre: 10000, maxOre: 250050 }, en)).toBe(
      'Amount between 100,00\u00A0NOK and 2\u00A0500,50\u00A0NOK',
    );
    expect(
      conditionText({ kind: 'amount', operator: 'approximately', amountOre: 50000, toleranceOre: 500 }, en),
    ).toBe('Amount about 500,00\u00A0NOK (± 5,00\u00A0NOK)');
    expect(conditionText({ kind: 'amount', operator: 'sign', sign: 'out' }, en)).toBe('Money out');
    expect(conditionText({ kind: 'counterpartyAccount', accountNumber: '15037788993' }, en)).toBe(
      'Paid to or from account 1503.77.88993',
    );
    expect(conditionText({ kind: 'kidPresent', present: false }, no)).toBe('Har ikke KID');
  });

  it('says what each action does', () => {
    expect(actionText({ kind: 'connect', by: 'kid' }, en)).toBe('Connect the open voucher with the same KID');
    expect(actionText({ kind: 'setStatus', status: 4 }, en)).toBe('Set the status to voucher lost');
    expect(actionText({ kind: 'addLabel', label: 'Strøm' }, no)).toBe('Legg til etiketten «Strøm»');
  });

  it('says what a previewed action would do to a transaction, or that it would skip it', () => {
    const change = { kind: 'connect' as const, voucherId: 12, status: null, text: null, isSkipped: false };
    expect(changeText(change, en)).toBe('Connect to voucher 12');
    expect(changeText({ ...change, voucherId: null, isSkipped: true }, en)).toBe(
      'Connect: skipped, no single voucher fits',
    );
    expect(changeText({ ...change, kind: 'setNote', voucherId: null, text: 'Husleie' }, en)).toBe(
      'Set the note "Husleie"',
    );
  });
});
