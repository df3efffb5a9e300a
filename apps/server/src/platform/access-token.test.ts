import { ErrorCode } from '@bilag/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-token';

const SECRET = 'a-test-secret-of-enough-length-for-hmac';
const CLAIMS = { userId: 7, roleId: 3, sessionId: 'session-1' };

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the same claims when a token is checked again', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
  });

  it('refuses a token once it has expired, though it was accepted before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
    const tokens = createAccessTokens(SECRET, 60);
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    vi.setSystemTime(new Date('2026-11-24T12:01:01Z'));
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: ErrorCode.ACCESS_TOKEN_EXPIRED });
  });

  it('refuses a token whose signature was changed, and one signed with another secret', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const token = await tokens.sign(CLAIMS);
    await tokens.verify(token);
    const [header, payload, signature = ''] = token.split('.');
    const changed = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await expect(tokens.verify(changed)).rejects.toMatchObject({ code: ErrorCode.INVALID_TOKEN });
    const foreign = await createAccessTokens('another-secret-of-enough-length', 60).sign(CLAIMS);
    await expect(tokens.verify(foreign)).rejects.toMatchObject({ code: ErrorCode.INVALID_TOKEN });
  });
});
