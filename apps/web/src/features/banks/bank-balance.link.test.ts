import { describe, expect, it } from 'vitest';
import { bankBalanceSearch, readBankBalanceLink } from './bank-balance.link';

describe("a link to an account's balances", () => {
  it('names the account and the period, and reads back the same', () => {
    const search = bankBalanceSearch({ companyBankId: 12, from: '2025-03-01', to: '2025-03-31' });
    expect(search).toBe('?account=12&from=2025-03-01&to=2025-03-31');
    expect(readBankBalanceLink(new URLSearchParams(search))).toEqual({
      companyBankId: 12,
      from: '2025-03-01',
      to: '2025-03-31',
    });
  });

  it('is ignored when a part is missing, malformed or the period runs backwards', () => {
    expect(readBankBalanceLink(new URLSearchParams('account=12&from=2025-03-01'))).toBeUndefined();
    expect(
      readBankBalanceLink(new URLSearchParams('account=x&from=2025-03-01&to=2025-03-31')),
    ).toBeUndefined();
    expect(
      readBankBalanceLink(new URLSearchParams('account=12&from=2025-04-01&to=2025-03-31')),
    ).toBeUndefined();
  });
});
