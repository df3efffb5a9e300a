import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { EmptyData, envelope } from '../envelope';
import { route } from '../route';

export const LogoutRequest = z.object({ refreshToken: z.string().max(200).optional() }).default({});
export type LogoutRequest = z.infer<typeof LogoutRequest>;
export const LogoutReply = envelope(EmptyData);
export type LogoutReply = z.infer<typeof LogoutReply>;

export const logout = route({
  method: 'POST',
  path: `${ApiPrefix.account}/logout`,
  access: 'user',
  action: 'account.use',
  body: LogoutRequest,
  reply: LogoutReply,
  summary: 'Sign out and end the session',
  tags: ['account'],
});
