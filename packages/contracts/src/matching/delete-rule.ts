import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { RuleIdParams } from './rule';

/** DELETE {id}: local rules name their company in the query. */
export const RuleCompanyQuery = z.object({ companyId: Id.optional() });
export const DeleteRuleReply = envelope(z.null());

const tags = ['rules'];

export const deleteGlobalRule = route({
  method: 'DELETE',
  path: `${ApiPrefix.main}/globalRules/:id`,
  access: 'user',
  action: 'rules.global.edit',
  params: RuleIdParams,
  query: RuleCompanyQuery,
  reply: DeleteRuleReply,
  summary: 'Delete one of the bureau’s global rules',
  tags,
});

export const deleteLocalRule = route({
  method: 'DELETE',
  path: `${ApiPrefix.main}/localRules/:id`,
  access: 'company',
  action: 'rules.edit',
  params: RuleIdParams,
  query: RuleCompanyQuery,
  reply: DeleteRuleReply,
  summary: "Delete one of a company's rules",
  tags,
});
