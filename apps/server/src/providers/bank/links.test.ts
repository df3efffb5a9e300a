import { describe, expect, it } from 'vitest';
import { pathOnBank } from './http-client';

describe('following a bank’s links', () => {
  const bank = 'https://sandbox.test/psd2/dnb';

  it('follows a path from the API root, an absolute path on the bank, or a full URL on the bank', () => {
    const page2 = '/v1/accounts/a1/transactions?bookingStatus=both&dateFrom=2025-01-01&page=2';
    expect(pathOnBank(bank, page2)).toBe(page2);
    expect(pathOnBank(bank, `/psd2/dnb${page2}`)).toBe(page2);
    expect(pathOnBank(`${bank}/`, `https://sandbox.test/psd2/dnb${page2}`)).toBe(page2);
    expect(pathOnBank('https://api.bank.test', page2)).toBe(page2);
  });

  it('does not follow a link off the bank, so the consent is never sent elsewhere', () => {
    for (const href of [
      'https://elsewhere.test/v1/accounts/a1/transactions?page=2',
      '//elsewhere.test/v1/accounts',
      'http://sandbox.test/psd2/dnb/v1/accounts',
      'javascript:alert(1)',
      'https://sandbox.test:8443/psd2/dnb/v1/accounts',
    ]) {
      expect(pathOnBank(bank, href)).toBeUndefined();
    }
  });
});
