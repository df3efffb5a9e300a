import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { route } from '../route';
import { MatchRule } from './rule';

const integer = z.coerce.number().int();

export const RuleListQuery = z.object({
  companyId: integer.positive().optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const RuleListReply = envelope(z.object({ total: z.number().int(), rows: z.array(MatchRule) }));

const tags = ['rules'];

export const globalRules = route({
  method: 'GET',
  path: `${ApiPrefix.main}/globalRules`,
  access: 'user',
  query: RuleListQuery,
  reply: RuleListReply,
  summary: 'List the bureau’s global rules',
  tags,
});

export const localRules = route({
  method: 'GET',
  path: `${ApiPrefix.main}/localRules`,
  access: 'company',
  query: RuleListQuery,
  reply: RuleListReply,
  summary: "List a company's rules",
  tags,
});
