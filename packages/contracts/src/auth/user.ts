import { z } from 'zod';
import { Language } from '../language';

export const SessionUser = z.object({
  Id: z.number().int(),
  Email: z.string(),
  FullName: z.string(),
  RoleId: z.number().int(),
  Language,
});
export type SessionUser = z.infer<typeof SessionUser>;
