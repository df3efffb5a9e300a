import { z } from 'zod';
import { envelope } from '../envelope';

export const RoleActionsParams = z.object({ product: z.string().min(1).max(64) });
export const RoleActionsData = z.object({
  RoleId: z.number().int(),
  product: z.string(),
  actions: z.array(z.string()),
});
export const RoleActionsReply = envelope(RoleActionsData);
export type RoleActionsReply = z.infer<typeof RoleActionsReply>;
