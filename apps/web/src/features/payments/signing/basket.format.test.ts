import type { Basket } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { basketPaymentDate, basketStep, canCancelBasket, isInSigning } from './basket.format';

const kari = { UserId: 1, UserName: 'Kari Nordmann', ApprovedAt: '2025-05-12T10:00:00Z' };
const ola = { UserId: 2, UserName: 'Ola Nordmann', ApprovedAt: '2025-05-12T10:05:00Z' };

function basket(changes: Partial<Pick<Basket, 'State' | 'Approvals' | 'RequiredApprovals'>> = {}) {
  return { State: 'open' as const, Approvals: [], RequiredApprovals: 1, ...changes };
}

describe('the date the bank pays a basket', () => {
  it('is the earliest due date of its payments', () => {
    const payments = [{ DueDate: '2025-06-20' }, { DueDate: '2025-06-03' }, { DueDate: '2025-06-10' }];
    expect(basketPaymentDate(payments, '2025-06-01')).toBe('2025-06-03');
  });

  it('is today when a due date has passed', () => {
    expect(basketPaymentDate([{ DueDate: '2025-05-28' }, { DueDate: '2025-06-10' }], '2025-06-01')).toBe(
      '2025-06-01',
    );
  });

  it('is unknown without payments', () => {
    expect(basketPaymentDate([], '2025-06-01')).toBeUndefined();
  });
});

describe('what a person can do next with a basket', () => {
  it('asks for a signature until enough people have signed', () => {
    expect(basketStep(basket(), 1)).toBe('sign');
    expect(basketStep(basket({ RequiredApprovals: 2, Approvals: [kari] }), 2)).toBe('sign');
  });

  it('lets the first signer wait for the second, who must be someone else', () => {
    expect(basketStep(basket({ RequiredApprovals: 2, Approvals: [kari] }), 1)).toBe('waitForOther');
  });

  it('lets a signer send a fully signed basket to the bank, and others wait', () => {
    const signed = basket({ RequiredApprovals: 2, Approvals: [kari, ola] });
    expect(basketStep(signed, 2)).toBe('pay');
    expect(basketStep(signed, 3)).toBe('waitForOther');
    expect(basketStep(basket({ State: 'awaiting-sca', Approvals: [kari] }), 1)).toBe('atBank');
    expect(basketStep(basket({ State: 'initiating', Approvals: [kari] }), 2)).toBe('waitForOther');
  });

  it('says how a finished basket ended', () => {
    expect(basketStep(basket({ State: 'accepted', Approvals: [kari] }), 1)).toBe('accepted');
    for (const State of ['rejected', 'canceled', 'expired'] as const)
      expect(basketStep(basket({ State }), 1)).toBe('ended');
  });

  it('can be cancelled only until the bank accepts it', () => {
    expect(
      ['open', 'initiating', 'awaiting-sca'].every((State) => canCancelBasket({ State: State as 'open' })),
    ).toBe(true);
    for (const State of ['accepted', 'rejected', 'canceled', 'expired'] as const)
      expect(canCancelBasket({ State })).toBe(false);
  });
});

describe('payments being signed', () => {
  it('are those waiting for approval that sit in a basket', () => {
    expect(isInSigning({ Status: 0, BasketUuid: 'b' })).toBe(true);
    expect(isInSigning({ Status: 0, BasketUuid: null })).toBe(false);
    expect(isInSigning({ Status: 1, BasketUuid: 'b' })).toBe(false);
  });
});
