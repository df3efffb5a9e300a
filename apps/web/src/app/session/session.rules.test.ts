import { describe, expect, it } from 'vitest';
import { ApiError, CONNECT_FAIL_CODE } from '../api/errors';
import { isAccessTokenExpired, isSessionOver } from './session.rules';

const tokenExpired = new ApiError({ status: 401, code: 'ACCESS_TOKEN_EXPIRED', message: 'Token Expired' });
const invalidToken = new ApiError({ status: 401, code: 'INVALID_TOKEN', message: 'Invalid Token' });
const sessionEnded = new ApiError({
  status: 401,
  code: 'REFRESH_TOKEN_REUSED',
  message: 'Økten din er avsluttet.',
  errorType: 'TOKEN_EXPIRED',
});
const wrongPassword = new ApiError({
  status: 401,
  code: 'INVALID_CREDENTIALS',
  message: 'The email or password is wrong.',
});
const offline = new ApiError({ status: 0, code: CONNECT_FAIL_CODE, message: 'Could not reach Bilag.' });

describe('session rules', () => {
  it('offers to renew the session on a 401 "Token Expired"', () => {
    expect(isAccessTokenExpired(tokenExpired)).toBe(true);
    expect(isSessionOver(tokenExpired)).toBe(false);
  });

  it('signs out on a 401 "Invalid Token" or a 401 of error type TOKEN_EXPIRED, whatever its language', () => {
    expect(isSessionOver(invalidToken)).toBe(true);
    expect(isSessionOver(sessionEnded)).toBe(true);
    expect(isAccessTokenExpired(invalidToken)).toBe(false);
  });

  it('leaves other failures to the screen that made the call', () => {
    for (const error of [wrongPassword, offline, new Error('Token Expired')]) {
      expect(isAccessTokenExpired(error)).toBe(false);
      expect(isSessionOver(error)).toBe(false);
    }
  });

  it('marks a call that never reached the server with the catalogue code -1', () => {
    expect(offline.isConnectFail).toBe(true);
    expect(offline.code).toBe(-1);
  });
});
