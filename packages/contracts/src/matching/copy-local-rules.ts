import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { route } from '../route';

const integer = z.coerce.number().int();

/** localRules/copy: the rules of one company, added to others. */
export const CopyRulesRequest = z.object({
  fromCompanyId: integer.positive(),
  toCompanyIds: z.array(integer.positive()).min(1).max(100),
  /** Only these rules; every rule of the company when left out. */
  ruleIds: z.array(integer.positive()).max(500).optional(),
});
export const CopyRulesReply = envelope(
  z.object({ copied: z.number().int(), companies: z.number().int(), skipped: z.number().int() }),
);

export const copyLocalRules = route({
  method: 'POST',
  path: `${ApiPrefix.main}/localRules/copy`,
  access: 'company',
  body: CopyRulesRequest,
  reply: CopyRulesReply,
  summary: "Copy a company's rules to other companies (rules of the same name there are kept)",
  tags: ['rules'],
});
