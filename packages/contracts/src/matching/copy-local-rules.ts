import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';

/** localRules/copy: the rules of one company, added to others. */
export const CopyRulesRequest = z.object({
  fromCompanyId: Id,
  toCompanyIds: z.array(Id).min(1).max(100),
  /** Only these rules; every rule of the company when left out. */
  ruleIds: z.array(Id).max(500).optional(),
});
export const CopyRulesReply = envelope(
  z.object({ copied: z.number().int(), companies: z.number().int(), skipped: z.number().int() }),
);

export const copyLocalRules = route({
  method: 'POST',
  path: `${ApiPrefix.main}/localRules/copy`,
  access: 'company',
  action: 'rules.edit',
  body: CopyRulesRequest,
  reply: CopyRulesReply,
  summary: "Copy a company's rules to other companies (rules of the same name there are kept)",
  tags: ['rules'],
});
