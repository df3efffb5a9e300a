import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { Company } from './company';

export const GetCompanyParams = z.object({ companyId: Id });
export const GetCompanyReply = envelope(Company);
export type GetCompanyReply = z.infer<typeof GetCompanyReply>;

export const getCompany = route({
  method: 'GET',
  path: `${ApiPrefix.main}/company/:companyId`,
  access: 'company',
  action: 'dashboard.view',
  params: GetCompanyParams,
  reply: GetCompanyReply,
  summary: 'One company the user may work in',
  tags: ['companies'],
});
