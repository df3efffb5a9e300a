import { ApiPrefix } from '../endpoints';
import { Id } from '../ids';
import { route } from '../route';
import { RuleDraft, RuleReply } from './rule';

export const AddLocalRuleRequest = RuleDraft.extend({ companyId: Id });
export const AddGlobalRuleRequest = RuleDraft;

const tags = ['rules'];

/** Global rules hold for every company; the service lets only the roles that may edit them add one. */
export const addGlobalRule = route({
  method: 'POST',
  path: `${ApiPrefix.main}/globalRules/add`,
  access: 'user',
  action: 'rules.global.edit',
  body: AddGlobalRuleRequest,
  reply: RuleReply,
  summary: 'Add one of the bureau’s global rules',
  tags,
});

export const addLocalRule = route({
  method: 'POST',
  path: `${ApiPrefix.main}/localRules/add`,
  access: 'company',
  action: 'rules.edit',
  body: AddLocalRuleRequest,
  reply: RuleReply,
  summary: "Add one of a company's rules",
  tags,
});
