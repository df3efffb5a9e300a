import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { route } from '../route';
import { Company } from './company';

/** GET companies of the signed-in user: member companies plus qualifying owned ones (flagged isOwner). */
export const ListCompaniesReply = envelope(z.object({ rows: z.array(Company), total: z.number().int() }));
export type ListCompaniesReply = z.infer<typeof ListCompaniesReply>;

export const listCompanies = route({
  method: 'GET',
  path: `${ApiPrefix.main}/companies`,
  access: 'user',
  action: 'company.switch',
  reply: ListCompaniesReply,
  summary: "The signed-in user's companies and qualifying owned companies",
  tags: ['companies'],
});
