import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { route } from '../route';
import { SessionUser } from './user';

/** An access token is a few hundred characters; the bound only keeps a forged one from being huge. */
const AccessToken = z.string().min(1).max(4096);

/** GET users/token/{token}: the user an access token belongs to (used by the task web views). */
export const UserByTokenParams = z.object({ token: AccessToken });
export const UserByTokenReply = envelope(SessionUser);
export type UserByTokenReply = z.infer<typeof UserByTokenReply>;

/**
 * Public: the token in the path is the credential. Kept for the catalogue's clients only: a path is
 * written to access logs and proxy logs, so new callers use userByTokenInBody.
 */
export const userByToken = route({
  method: 'GET',
  path: `${ApiPrefix.account}/users/token/:token`,
  access: 'public',
  params: UserByTokenParams,
  reply: UserByTokenReply,
  summary: 'The user an access token belongs to (token in the path; prefer POST users/token)',
  tags: ['account'],
});

/** POST users/token: the same lookup with the token in the body, which logs and proxies do not record. */
export const UserByTokenRequest = z.object({ token: AccessToken });
export type UserByTokenRequest = z.infer<typeof UserByTokenRequest>;

/** Public: the token in the body is the credential. */
export const userByTokenInBody = route({
  method: 'POST',
  path: `${ApiPrefix.account}/users/token`,
  access: 'public',
  body: UserByTokenRequest,
  reply: UserByTokenReply,
  summary: 'The user an access token belongs to',
  tags: ['account'],
});
