import type { PeriodBlocker } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { blockerFix, sortBlockers } from './period.blockers';

describe('where a blocker is fixed', () => {
  it('opens the bank list of the account and the month, on the transactions still missing a voucher', () => {
    expect(blockerFix({ kind: 'unexplained', companyBankId: 7 }, '2025-03')).toEqual({
      screen: 'bank-list',
      companyBankId: 7,
      year: 2025,
      month: 3,
    });
  });

  it('opens the statement import on the account when the bank’s opening or closing balance is missing', () => {
    const importing = { screen: 'statement-import', companyBankId: 7 };
    expect(blockerFix({ kind: 'opening-missing', companyBankId: 7 }, '2025-03')).toEqual(importing);
    expect(blockerFix({ kind: 'closing-missing', companyBankId: 7 }, '2025-03')).toEqual(importing);
  });

  it('opens the account’s balances over the month when they do not add up', () => {
    expect(blockerFix({ kind: 'difference', companyBankId: 7 }, '2024-02')).toEqual({
      screen: 'balances',
      companyBankId: 7,
      from: '2024-02-01',
      to: '2024-02-29',
    });
  });

  it('opens the balances from the month before when the opening differs from that month’s closing', () => {
    expect(blockerFix({ kind: 'opening-mismatch', companyBankId: 7 }, '2025-01')).toMatchObject({
      from: '2024-12-01',
      to: '2025-01-31',
    });
  });
});

describe('the order of the blockers', () => {
  const blocker = (kind: PeriodBlocker['kind'], accountNumber: string) => ({ kind, accountNumber });

  it('keeps each account’s blockers together, the bank’s missing balances before what they prove', () => {
    const sorted = sortBlockers([
      blocker('unexplained', '15030000002'),
      blocker('difference', '15030000001'),
      blocker('unexplained', '15030000001'),
      blocker('closing-missing', '15030000002'),
      blocker('opening-missing', '15030000001'),
    ]);
    expect(sorted.map((item) => `${item.accountNumber} ${item.kind}`)).toEqual([
      '15030000001 opening-missing',
      '15030000001 difference',
      '15030000001 unexplained',
      '15030000002 closing-missing',
      '15030000002 unexplained',
    ]);
  });
});
