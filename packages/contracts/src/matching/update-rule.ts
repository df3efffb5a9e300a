import { ApiPrefix } from '../endpoints';
import { route } from '../route';
import { AddGlobalRuleRequest, AddLocalRuleRequest } from './add-rule';
import { RuleIdParams, RuleReply } from './rule';

/** PUT {id}: the whole rule again, as when it was added. */
export const UpdateLocalRuleRequest = AddLocalRuleRequest;
export const UpdateGlobalRuleRequest = AddGlobalRuleRequest;

const tags = ['rules'];

export const updateGlobalRule = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/globalRules/:id`,
  access: 'user',
  action: 'rules.global.edit',
  params: RuleIdParams,
  body: UpdateGlobalRuleRequest,
  reply: RuleReply,
  summary: 'Change one of the bureau’s global rules',
  tags,
});

export const updateLocalRule = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/localRules/:id`,
  access: 'company',
  action: 'rules.edit',
  params: RuleIdParams,
  body: UpdateLocalRuleRequest,
  reply: RuleReply,
  summary: "Change one of a company's rules",
  tags,
});
