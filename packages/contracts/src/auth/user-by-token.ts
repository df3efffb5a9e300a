import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { route } from '../route';
import { SessionUser } from './user';

/** GET users/token/{token}: the user an access token belongs to (used by the task web views). */
export const UserByTokenParams = z.object({ token: z.string().min(1).max(4096) });
export const UserByTokenReply = envelope(SessionUser);
export type UserByTokenReply = z.infer<typeof UserByTokenReply>;

/** Public: the token in the path is the credential. */
export const userByToken = route({
  method: 'GET',
  path: `${ApiPrefix.account}/users/token/:token`,
  access: 'public',
  params: UserByTokenParams,
  reply: UserByTokenReply,
  summary: 'The user an access token belongs to',
  tags: ['account'],
});
