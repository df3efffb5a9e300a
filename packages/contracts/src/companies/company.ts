import { z } from 'zod';

export const Company = z.object({
  Id: z.number().int(),
  CompanyId: z.number().int().describe('Same as Id; kept because the catalogue reads both'),
  Name: z.string(),
  Alias: z.string().describe('URL-safe name used in /{company}/ routes'),
  OrganisationNumber: z.string(),
  SubscriptionId: z.number().int().nullable(),
  Status: z.number().int(),
  IsSpecial: z.boolean(),
  isOwner: z.boolean(),
});
export type Company = z.infer<typeof Company>;
