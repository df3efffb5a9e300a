import { describe, expect, it } from 'vitest';
import { nestFormFields } from './form-data';

describe('form fields', () => {
  it('nests bracketed keys and arrays the way the JSON body would have them', () => {
    const nested = nestFormFields([
      ['companyId', '5'],
      ['filter[statuses][0]', '0'],
      ['filter[statuses][1]', '3'],
      ['note', 'Kjøp hos Rema 1000'],
    ]);
    expect(nested).toEqual({ companyId: '5', filter: { statuses: ['0', '3'] }, note: 'Kjøp hos Rema 1000' });
  });

  it('cannot be used to set properties of Object.prototype', () => {
    const nested = nestFormFields([['__proto__[isAdmin]', 'true']]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.getPrototypeOf(nested)).toBe(Object.prototype);
  });
});
