import { z } from 'zod';
import { envelope } from '../envelope';
import { SessionUser } from './user';

/** POST check-login: sign in with email and password. */
export const LoginRequest = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginData = z.object({
  AccessToken: z.string(),
  RefreshToken: z.string(),
  RoleId: z.number().int(),
  ExpiresIn: z.number().int().describe('Lifetime of the access token in seconds'),
  User: SessionUser,
});
export type LoginData = z.infer<typeof LoginData>;
export const LoginReply = envelope(LoginData);
export type LoginReply = z.infer<typeof LoginReply>;

/** GET check-login: who the bearer token belongs to. */
export const CheckLoginReply = envelope(SessionUser);
export type CheckLoginReply = z.infer<typeof CheckLoginReply>;
