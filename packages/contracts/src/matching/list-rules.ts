import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { Text } from '../text';
import { MatchRule } from './rule';

export const RuleListQuery = z.object({
  companyId: Id.optional(),
  keyword: Text.trim().max(100).optional(),
});
export const RuleListReply = envelope(z.object({ total: z.number().int(), rows: z.array(MatchRule) }));

const tags = ['rules'];

export const globalRules = route({
  method: 'GET',
  path: `${ApiPrefix.main}/globalRules`,
  access: 'user',
  action: 'rules.view',
  query: RuleListQuery,
  reply: RuleListReply,
  summary: 'List the bureau’s global rules',
  tags,
});

export const localRules = route({
  method: 'GET',
  path: `${ApiPrefix.main}/localRules`,
  access: 'company',
  action: 'rules.view',
  query: RuleListQuery,
  reply: RuleListReply,
  summary: "List a company's rules",
  tags,
});
