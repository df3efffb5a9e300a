import { z } from 'zod';
import { envelope } from '../envelope';

export const RefreshTokenRequest = z.object({ refreshToken: z.string().min(1).max(200) });
export type RefreshTokenRequest = z.infer<typeof RefreshTokenRequest>;

export const RefreshTokenData = z.object({
  token: z.string().describe('The new access token'),
  refreshToken: z.string().describe('The rotated refresh token; the one sent is now spent'),
  expiresIn: z.number().int(),
});
export const RefreshTokenReply = envelope(RefreshTokenData);
export type RefreshTokenReply = z.infer<typeof RefreshTokenReply>;
