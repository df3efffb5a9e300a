import { describe, expect, it } from 'vitest';
import { closeAction, PeriodAction, parseExceptions, reasonError } from './period.close';

const bookkeeper = ['period.view', PeriodAction.close];
const accountant = [...bookkeeper, PeriodAction.exceptions, PeriodAction.reopen];

describe('what the close button does', () => {
  it('asks to confirm a month nothing blocks', () => {
    expect(closeAction('ready', bookkeeper)).toEqual({ kind: 'confirm' });
    expect(closeAction('ready', accountant)).toEqual({ kind: 'confirm' });
  });

  it('asks an accountant for a reason for each blocker of a blocked month', () => {
    expect(closeAction('blocked', accountant)).toEqual({ kind: 'exceptions' });
  });

  it('tells anyone else that the blockers must be fixed first', () => {
    expect(closeAction('blocked', bookkeeper)).toEqual({
      kind: 'unavailable',
      reasonKey: 'periods.close.unavailable.blocked',
    });
  });

  it('tells a role that may not close months that it may not', () => {
    expect(closeAction('ready', ['period.view'])).toEqual({
      kind: 'unavailable',
      reasonKey: 'periods.close.unavailable.role',
    });
  });

  it('waits for a month to end and shows no button on a closed one', () => {
    expect(closeAction('not-ended', accountant)).toEqual({ kind: 'not-ended' });
    expect(closeAction('empty', accountant)).toEqual({ kind: 'empty' });
    expect(closeAction('closed', accountant)).toEqual({ kind: 'none' });
  });
});

describe('a reason on the record', () => {
  it('needs ten to a thousand characters, not counting the spaces around it', () => {
    expect(reasonError('')).toBe('periods.reason.tooShort');
    expect(reasonError('   just right   ')).toBeUndefined();
    expect(reasonError('  short   ')).toBe('periods.reason.tooShort');
    expect(reasonError('x'.repeat(1000))).toBeUndefined();
    expect(reasonError('x'.repeat(1001))).toBe('periods.reason.tooLong');
  });

  it('sends every blocker’s reason trimmed, once each has one', () => {
    const blockers = [{ key: 'unexplained:7' }, { key: 'difference:7' }];
    expect(
      parseExceptions(blockers, {
        'unexplained:7': '  Card fees booked in April  ',
        'difference:7': 'The bank corrects the balance next month',
      }),
    ).toEqual({
      isValid: true,
      exceptions: [
        { key: 'unexplained:7', reason: 'Card fees booked in April' },
        { key: 'difference:7', reason: 'The bank corrects the balance next month' },
      ],
    });
  });

  it('names each blocker whose reason is missing or too short, and sends nothing', () => {
    expect(
      parseExceptions([{ key: 'unexplained:7' }, { key: 'difference:7' }], { 'difference:7': 'tiny' }),
    ).toEqual({
      isValid: false,
      errors: { 'unexplained:7': 'periods.reason.tooShort', 'difference:7': 'periods.reason.tooShort' },
    });
  });
});
