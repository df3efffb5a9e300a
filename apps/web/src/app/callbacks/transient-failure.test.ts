import { describe, expect, it } from 'vitest';
import { ApiError, CONNECT_FAIL_CODE } from '../api/errors';
import { isTransientFailure } from './transient-failure';

describe('which failures a return page offers to try again', () => {
  it('offers it when the server was not reached or failed itself', () => {
    expect(
      isTransientFailure(new ApiError({ status: 0, code: CONNECT_FAIL_CODE, message: 'Failed to fetch' })),
    ).toBe(true);
    expect(
      isTransientFailure(new ApiError({ status: 503, code: 'PROVIDER_UNAVAILABLE', message: 'Down' })),
    ).toBe(true);
    expect(isTransientFailure(new Error('unexpected'))).toBe(true);
  });

  it('does not offer it for a refusal, which answers the same every time', () => {
    for (const status of [403, 404, 409, 422])
      expect(isTransientFailure(new ApiError({ status, code: 'X', message: 'No' }))).toBe(false);
  });
});
