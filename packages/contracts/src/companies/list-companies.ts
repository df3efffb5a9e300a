import { z } from 'zod';
import { envelope } from '../envelope';
import { Company } from './company';

/** GET companies of the signed-in user: member companies plus qualifying owned ones (flagged isOwner). */
export const ListCompaniesReply = envelope(z.object({ rows: z.array(Company), total: z.number().int() }));
export type ListCompaniesReply = z.infer<typeof ListCompaniesReply>;
