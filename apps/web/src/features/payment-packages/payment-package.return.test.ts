import { describe, expect, it } from 'vitest';
import {
  isPayable,
  isSettling,
  outcomeOf,
  readCheckoutReturn,
  withoutProviderParams,
} from './payment-package.return';

describe('the return from the card provider', () => {
  it('reads the purchase and how the visit to the checkout ended', () => {
    const search = new URLSearchParams(
      'purchase=42&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=canceled',
    );
    expect(readCheckoutReturn(search)).toEqual({ purchaseId: 42, redirectStatus: 'canceled' });
    expect(readCheckoutReturn(new URLSearchParams('purchase=7'))).toEqual({
      purchaseId: 7,
      redirectStatus: null,
    });
    expect(readCheckoutReturn(new URLSearchParams('purchase=7&redirect_status=maybe'))).toEqual({
      purchaseId: 7,
      redirectStatus: null,
    });
  });

  it('opens on no purchase for an address without a whole positive number', () => {
    for (const query of ['', 'purchase=', 'purchase=0', 'purchase=-3', 'purchase=1.5', 'purchase=abc']) {
      expect(readCheckoutReturn(new URLSearchParams(query)), query).toBeNull();
    }
  });

  it('drops the provider’s parameters, the client secret among them, and keeps the rest', () => {
    const search = new URLSearchParams(
      'purchase=42&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded&x=1',
    );
    expect(withoutProviderParams(search).toString()).toBe('purchase=42&x=1');
  });

  it('tells paid, being processed, refused, left, waiting and canceled apart', () => {
    expect(outcomeOf('active', 'succeeded')).toBe('paid');
    expect(outcomeOf('expired', null)).toBe('paid');
    expect(outcomeOf('processing', 'processing')).toBe('processing');
    expect(outcomeOf('failed', 'canceled')).toBe('refused');
    expect(outcomeOf('pending', 'canceled')).toBe('left');
    expect(outcomeOf('pending', 'succeeded')).toBe('waiting');
    expect(outcomeOf('canceled', null)).toBe('canceled');
  });

  it('keeps asking while the payment settles, and offers to pay what is not paid', () => {
    expect(isSettling('processing', null)).toBe(true);
    expect(isSettling('pending', 'succeeded')).toBe(true);
    expect(isSettling('pending', 'canceled')).toBe(false);
    expect(isSettling('active', 'succeeded')).toBe(false);
    expect(
      ['pending', 'failed', 'canceled', 'processing', 'active', 'expired'].filter((status) =>
        isPayable(status as never),
      ),
    ).toEqual(['pending', 'failed', 'canceled']);
  });
});
