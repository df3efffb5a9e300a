import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { route } from '../route';

export const RoleActionsParams = z.object({ product: z.string().min(1).max(64) });
export const RoleActionsData = z.object({
  RoleId: z.number().int(),
  product: z.string(),
  actions: z.array(z.string()),
});
export const RoleActionsReply = envelope(RoleActionsData);
export type RoleActionsReply = z.infer<typeof RoleActionsReply>;

export const roleActions = route({
  method: 'GET',
  path: `${ApiPrefix.account}/action/:product`,
  access: 'user',
  action: 'account.use',
  params: RoleActionsParams,
  reply: RoleActionsReply,
  summary: 'The actions the role of the signed-in user may take',
  tags: ['account'],
});
