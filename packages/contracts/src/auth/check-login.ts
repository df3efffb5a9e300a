import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { route } from '../route';
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

const tags = ['account'];

export const login = route({
  method: 'POST',
  path: `${ApiPrefix.account}/check-login`,
  access: 'public',
  body: LoginRequest,
  reply: LoginReply,
  summary: 'Sign in',
  tags,
});

export const checkLogin = route({
  method: 'GET',
  path: `${ApiPrefix.account}/check-login`,
  access: 'user',
  action: 'account.use',
  reply: CheckLoginReply,
  summary: 'The signed-in user',
  tags,
});
