import { z } from 'zod';
import { envelope } from '../envelope';
import { SessionUser } from './user';

/** GET users/token/{token}: the user an access token belongs to (used by the task web views). */
export const UserByTokenParams = z.object({ token: z.string().min(1).max(4096) });
export const UserByTokenReply = envelope(SessionUser);
export type UserByTokenReply = z.infer<typeof UserByTokenReply>;
