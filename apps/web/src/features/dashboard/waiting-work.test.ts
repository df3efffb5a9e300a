import type { WaitingCounts } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { missingFirstSteps, OVERVIEW_WAITING_KINDS, waitingWork } from './waiting-work';

const counts = { missing: 4, withSuggestions: 3, connected: 3, connectedAutomatically: 3, openVouchers: 2 };

const nothingWaits: WaitingCounts = {
  transactionsMissingVoucher: 0,
  transactionsMissingVoucherOre: 0,
  paymentsForApproval: 0,
  paymentsFailed: 0,
  consentsExpiring: 0,
  inboxUnread: 0,
  tasksDue: 0,
  tasksOverdue: 0,
};

const everyList = new Set(OVERVIEW_WAITING_KINDS);

describe('what waits on the front page', () => {
  it('counts missing vouchers apart from the transactions that have a suggestion to accept', () => {
    expect(
      waitingWork({
        matching: counts,
        bank: { year: 2026, total: 8, missingVoucher: 4 },
        overview: undefined,
        openable: everyList,
      }),
    ).toEqual([
      { kind: 'vouchersMissing', count: 1 },
      { kind: 'transactionsWithoutVoucher', count: 4 },
      { kind: 'suggestionsToAccept', count: 3 },
    ]);
  });

  it('leaves out what counts nothing and what the person may not see', () => {
    expect(
      waitingWork({
        matching: { ...counts, missing: 3, withSuggestions: 3 },
        bank: undefined,
        overview: undefined,
        openable: everyList,
      }).map((item) => item.kind),
    ).toEqual(['suggestionsToAccept']);
    expect(
      waitingWork({
        matching: undefined,
        bank: { year: 2026, total: 0, missingVoucher: 0 },
        overview: nothingWaits,
        openable: everyList,
      }),
    ).toEqual([]);
  });

  it('adds the failed payments first, then those to approve, consents ending, tasks due and unread mail', () => {
    const overview = {
      ...nothingWaits,
      paymentsForApproval: 2,
      paymentsFailed: 1,
      consentsExpiring: 1,
      inboxUnread: 5,
      tasksDue: 3,
      tasksOverdue: 1,
    };
    expect(waitingWork({ matching: undefined, bank: undefined, overview, openable: everyList })).toEqual([
      { kind: 'paymentsFailed', count: 1 },
      { kind: 'paymentsForApproval', count: 2 },
      { kind: 'consentsExpiring', count: 1 },
      { kind: 'tasksDue', count: 3, overdue: 1 },
      { kind: 'inboxUnread', count: 5 },
    ]);
  });

  it('shows no card whose list the person may not open', () => {
    const overview = { ...nothingWaits, paymentsForApproval: 2, paymentsFailed: 1, inboxUnread: 5 };
    expect(
      waitingWork({ matching: undefined, bank: undefined, overview, openable: new Set(['inboxUnread']) }),
    ).toEqual([{ kind: 'inboxUnread', count: 5 }]);
  });
});

describe('the first steps of a new company', () => {
  it('asks for a bank account, then a statement, then the vouchers, leaving out what is done', () => {
    expect(missingFirstSteps({ bankAccounts: false, transactions: false, vouchers: false })).toEqual([
      'addAccount',
      'importStatement',
      'uploadVouchers',
    ]);
    expect(missingFirstSteps({ bankAccounts: true, transactions: true, vouchers: false })).toEqual([
      'uploadVouchers',
    ]);
    expect(missingFirstSteps({ bankAccounts: true, transactions: true, vouchers: true })).toEqual([]);
  });
});
