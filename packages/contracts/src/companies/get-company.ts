import { z } from 'zod';
import { envelope } from '../envelope';
import { Company } from './company';

export const GetCompanyParams = z.object({ companyId: z.coerce.number().int().positive() });
export const GetCompanyReply = envelope(Company);
export type GetCompanyReply = z.infer<typeof GetCompanyReply>;
