import { z } from 'zod';
import { EmptyData, envelope } from '../envelope';

export const LogoutRequest = z.object({ refreshToken: z.string().max(200).optional() }).default({});
export type LogoutRequest = z.infer<typeof LogoutRequest>;
export const LogoutReply = envelope(EmptyData);
export type LogoutReply = z.infer<typeof LogoutReply>;
