import { describe, expect, it } from 'vitest';
import { readOnboardingCallbackQuery } from './onboarding-callback-query';

function read(search: string) {
  return readOnboardingCallbackQuery(new URLSearchParams(search));
}

describe('the onboarding return address', () => {
  it('names the company by its id', () => {
    expect(read('companyId=1')).toEqual({ companyId: 1 });
    expect(read('companyId=%2042%20&status=whatever')).toEqual({ companyId: 42 });
  });

  it('is not one the page acts on without a company id it can trust', () => {
    for (const search of [
      '',
      'companyId=',
      'companyId=0',
      'companyId=-3',
      'companyId=1.5',
      'companyId=1e3',
      'companyId=abc',
      'companyId=9999999999999999',
    ]) {
      expect(read(search), search).toBeUndefined();
    }
  });
});
