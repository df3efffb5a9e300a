import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { route } from '../route';

export const RefreshTokenRequest = z.object({ refreshToken: z.string().min(1).max(200) });
export type RefreshTokenRequest = z.infer<typeof RefreshTokenRequest>;

export const RefreshTokenData = z.object({
  token: z.string().describe('The new access token'),
  refreshToken: z.string().describe('The rotated refresh token; the one sent is now spent'),
  expiresIn: z.number().int(),
});
export const RefreshTokenReply = envelope(RefreshTokenData);
export type RefreshTokenReply = z.infer<typeof RefreshTokenReply>;

/** Public: the refresh token in the body is the credential, as the access token has run out. */
export const refreshToken = route({
  method: 'POST',
  path: `${ApiPrefix.account}/refresh-token`,
  access: 'public',
  body: RefreshTokenRequest,
  reply: RefreshTokenReply,
  summary: 'Exchange a refresh token for a new access token',
  tags: ['account'],
});
